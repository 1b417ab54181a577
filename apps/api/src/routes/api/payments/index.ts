import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardErrorSchema,
  orderBodySchema,
  orderResultSchema,
  paymentIntentBodySchema,
  paymentIntentResultSchema,
  testConfirmBodySchema,
  testConfirmResultSchema,
} from '@reloop/shared';
import { createPaymentIntent, recordOrder } from '../../../payments/orders.ts';
import { CardError, type TestPaymentProvider } from '../../../payments/test-provider.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses, publicAccess } from '../responses.ts';

/**
 * Paying for a booking: intent, order, and the test provider's card confirmation, there only
 * when the built-in test provider takes the payments.
 */
const paymentRoutes: FastifyPluginAsyncZod<{
  testProvider: TestPaymentProvider | undefined;
}> = async (app, { testProvider: provider }) => {
  app.post(
    '/create-payment-intent',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'createPaymentIntent',
        tags: ['payments'],
        summary: "Start paying a booking; the amount is the booking's price",
        security: bearerAuth,
        body: paymentIntentBodySchema,
        response: {
          200: described(
            paymentIntentResultSchema,
            "The payment's client secret; the same one each time for one booking",
          ),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      clientSecret: await createPaymentIntent(
        app.db,
        app.payments,
        app.jobs,
        currentSession(request).user,
        request.body.bookingId,
      ),
    }),
  );

  app.post(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'createOrder',
        tags: ['payments'],
        summary: 'Record the order once the provider confirms the payment',
        security: bearerAuth,
        body: orderBodySchema,
        response: {
          200: described(orderResultSchema, 'The order is recorded (also when it already was)'),
          ...errorResponses(400, 401, 402, 403, 404, 409),
        },
      },
    },
    (request) =>
      recordOrder(app.db, app.payments, app.jobs, currentSession(request).user, request.body),
  );

  if (!provider) return;
  app.post(
    '/payments/test/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'confirmTestPayment',
        tags: ['payments'],
        summary: "Test provider: pay an intent with one of Stripe's test card numbers",
        security: publicAccess,
        body: testConfirmBodySchema,
        response: {
          200: described(testConfirmResultSchema, 'The payment succeeded'),
          402: described(cardErrorSchema, "The card was declined, in Stripe's words"),
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      try {
        const intent = await provider.confirm(request.body.clientSecret, request.body.card);
        return {
          paymentIntent: {
            id: intent.id,
            status: 'succeeded' as const,
            amount: intent.amountCents,
            currency: intent.currency,
          },
        };
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        return reply.code(402).send({
          message: error.message,
          error: { type: 'card_error' as const, code: error.code, message: error.message },
        });
      }
    },
  );
};

export default paymentRoutes;
