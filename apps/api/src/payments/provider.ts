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
   * Refunds `amountCents` of a succeeded intent (all of it, or the buyer's part of a split);
   * returns the refund id. Idempotent per intent: asking again returns the same refund, never a
   * second one. A payment is refunded at most once.
   */
  refund(intentId: string, amountCents: number): Promise<string>;
  /**
   * Sends a seller's share of a booking's payment to their payout account; returns the
   * transfer id. Idempotent per booking (`reloop-transfer-<bookingId>`): never sent twice.
   */
  transfer(input: PayoutTransfer): Promise<string>;
  /** Opens the seller's payout account (once per user); `enabled` when it can take transfers. */
  createPayoutAccount(input: { userId: string; email: string }): Promise<{
    accountId: string;
    enabled: boolean;
  }>;
  /**
   * Where a seller finishes setting up a pending payout account, coming back to `returnUrl`;
   * undefined when nothing is left to fill in.
   */
  payoutOnboardingUrl(accountId: string, returnUrl: string): Promise<string | undefined>;
}

export interface PayoutTransfer {
  bookingId: string;
  /** The buyer's payment the money comes from (Stripe: its charge is the source_transaction). */
  intentId: string;
  amountCents: number;
  currency: string;
  /** The seller's payout account. */
  destination: string;
}

export const transferKey = (bookingId: string) => `reloop-transfer-${bookingId}`;

export const CURRENCY = 'usd';
