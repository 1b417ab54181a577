import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema, messages, publicConfigSchema } from '@reloop/shared';

/** Liveness for operators and the settings the web app needs before it renders. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Healthy when the database answers',
        response: { 200: healthSchema, 503: errorBodySchema },
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
        tags: ['system'],
        summary: 'Which payment provider and sign-in options are on',
        response: { 200: publicConfigSchema },
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
