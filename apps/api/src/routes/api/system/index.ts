import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, messages, publicConfigSchema } from '@reloop/shared';
import { described, errorResponses, publicAccess } from '../responses.ts';

/**
 * Readiness for a load balancer and operators, and the settings the web app needs before it
 * renders.
 */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Ready when the database (and Redis, when configured) answer',
        description:
          'A load balancer sends traffic to an instance only while this answers 200. It answers 503 while the instance is shutting down.',
        security: publicAccess,
        response: {
          200: described(healthSchema, 'The server, its database and its Redis answer'),
          ...errorResponses(503),
        },
      },
    },
    async (request, reply) => {
      // From the moment closing starts, the balancer is told to send new requests elsewhere.
      if (app.isClosing) return reply.code(503).send({ message: messages.shuttingDown });
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: messages.databaseUnavailable });
      }
      try {
        await app.redis?.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: Redis unreachable');
        return reply.code(503).send({ message: messages.redisUnavailable });
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        operationId: 'getConfig',
        tags: ['system'],
        summary: 'Which payment provider and sign-in options are on',
        security: publicAccess,
        response: { 200: described(publicConfigSchema, 'The settings the web app starts with') },
      },
    },
    async () => ({
      paymentProvider: app.payments.name,
      ...(app.payments.name === 'stripe' && app.config.stripe
        ? { stripePublishableKey: app.config.stripe.publishableKey }
        : {}),
      oidc: app.config.oidc !== undefined,
    }),
  );
};

export default systemRoutes;
