/**
 * What Reloop needs from a card payment provider. The built-in test provider and Stripe both
 * implement it, so orders are verified the same way whichever is configured.
 */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  /** The booking the intent was created for (Stripe: metadata.bookingId). */
  bookingId: string | undefined;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Idempotent per booking: asking twice returns the same intent. */
  createIntent(input: {
    bookingId: string;
    amountCents: number;
    currency: string;
  }): Promise<ProviderIntent>;
  /** Undefined when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>;
  /**
   * Refunds a succeeded intent in full; returns the refund id. Idempotent per intent: asking
   * again returns the same refund, never a second one.
   */
  refund(intentId: string): Promise<string>;
}

export const CURRENCY = 'usd';
