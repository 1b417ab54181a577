import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, messages, publicConfigSchema } from '@reloop/shared';
import { described, errorResponses, publicAccess } from '../responses.ts';

/** Liveness for operators and the settings the web app needs before it renders. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Healthy when the database answers',
        security: publicAccess,
        response: {
          200: described(healthSchema, 'The server and its database answer'),
          ...errorResponses(503),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: messages.databaseUnavailable });
      }
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
