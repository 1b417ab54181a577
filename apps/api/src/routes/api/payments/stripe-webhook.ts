import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { messages } from '@reloop/shared';
import { HttpError } from '../../../http-errors.ts';
import { withDocumentedBody } from '../../../plugins/docs.ts';
import { recordOrderForIntent } from '../../../payments/orders.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { payoutsEnabled, type StripePaymentProvider } from '../../../payments/stripe-provider.ts';
import { enablePayoutAccount } from '../../../money/payouts.ts';
import { described, errorResponses, publicAccess } from '../responses.ts';

/**
 * POST /api/payments/stripe/webhook — Stripe tells us about payments. The signature is
 * checked against the raw body (so this plugin parses JSON bodies as bytes), and a
 * `payment_intent.succeeded` records the order, once, whatever the web app did or did not do;
 * an `account.updated` that makes a seller's Connect account payable sends their waiting payouts.
 */
const stripeWebhookRoutes: FastifyPluginAsync<{
  provider: StripePaymentProvider;
  payments: PaymentProvider;
}> = async (app, { provider, payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/payments/stripe/webhook',
    {
      config: {
        swaggerTransform: withDocumentedBody('application/json', {
          type: 'object',
          description: 'A Stripe event, signed in the `Stripe-Signature` header',
        }),
      },
      schema: {
        operationId: 'receiveStripeWebhook',
        tags: ['payments'],
        summary: 'Stripe: payment events, signed with STRIPE_WEBHOOK_SECRET',
        // Stripe proves itself with the signature, not with a token.
        security: publicAccess,
        response: {
          200: described(z.object({ received: z.literal(true) }), 'The event was taken in'),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, messages.webhookSignatureInvalid);
      }
      let event;
      try {
        event = provider.verifyWebhook(request.body, signature);
      } catch {
        throw new HttpError(400, messages.webhookSignatureInvalid);
      }
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        await recordOrderForIntent(
          app.db,
          payments,
          app.jobs,
          intent.id,
          intent.metadata.bookingId,
        );
      }
      // A seller's Connect account finished onboarding: their waiting payouts go out.
      if (event.type === 'account.updated' && payoutsEnabled(event.data.object)) {
        await enablePayoutAccount(app.escrow, event.data.object.id);
      }
      return { received: true };
    },
  );
};

export default stripeWebhookRoutes;
