import Stripe from 'stripe';
import {
  transferKey,
  type PaymentProvider,
  type PayoutTransfer,
  type ProviderIntent,
} from './provider.ts';

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

  async refund(intentId: string, amountCents: number): Promise<string> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: intentId, amount: amountCents },
      { idempotencyKey: `reloop-refund-${intentId}` },
    );
    return refund.id;
  }

  /**
   * A transfer tied to the buyer's charge (`source_transaction`), so it waits for that charge's
   * funds instead of drawing on the platform's balance.
   */
  async transfer(input: PayoutTransfer): Promise<string> {
    const intent = await this.stripe.paymentIntents.retrieve(input.intentId);
    const charge =
      typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    if (!charge) throw new Error(`payment ${input.intentId} has no charge to transfer from`);
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        destination: input.destination,
        source_transaction: charge,
        transfer_group: `booking-${input.bookingId}`,
        metadata: { bookingId: input.bookingId },
      },
      { idempotencyKey: transferKey(input.bookingId) },
    );
    return transfer.id;
  }

  /** A Connect Express account that can take transfers; Stripe collects the seller's details. */
  async createPayoutAccount(input: { userId: string; email: string }) {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: input.email,
        capabilities: { transfers: { requested: true } },
        metadata: { userId: input.userId },
      },
      { idempotencyKey: `reloop-account-${input.userId}` },
    );
    return { accountId: account.id, enabled: payoutsEnabled(account) };
  }

  async payoutOnboardingUrl(accountId: string, returnUrl: string) {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      refresh_url: returnUrl,
      return_url: returnUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  /** The event, if the signature proves it came from Stripe; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}

/** A connected account can be paid once Stripe has what it needs and transfers are active. */
export const payoutsEnabled = (account: Stripe.Account): boolean =>
  account.payouts_enabled === true && account.capabilities?.transfers === 'active';
