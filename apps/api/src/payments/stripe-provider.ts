import Stripe from 'stripe';
import type { PaymentProvider, ProviderIntent } from './provider.ts';

/** Where the SDK sends requests; tests point it at a Stripe stub on loopback. */
export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export function createStripeClient(secretKey: string, connection?: StripeConnection): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: connection ? 0 : 2,
    telemetry: false,
    ...connection,
  });
}

const toIntent = (intent: Stripe.PaymentIntent): ProviderIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  status: intent.status,
  amountCents: intent.amount,
  currency: intent.currency,
  bookingId: intent.metadata.bookingId,
});

/**
 * Card payments through Stripe (when STRIPE_* is configured). Each booking's intent carries
 * `metadata.bookingId` and is created with an idempotency key per booking and amount, so a
 * retried request never charges twice; refunds are idempotent per intent.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  async createIntent(input: { bookingId: string; amountCents: number; currency: string }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        metadata: { bookingId: input.bookingId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `reloop-booking-${input.bookingId}-${input.amountCents}` },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
      throw error;
    }
  }

  async refund(intentId: string): Promise<string> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: intentId },
      { idempotencyKey: `reloop-refund-${intentId}` },
    );
    return refund.id;
  }

  /** The event, if the signature proves it came from Stripe; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}
