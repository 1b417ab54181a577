import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { testPaymentIntents } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { PaymentProvider, ProviderIntent } from './provider.ts';
import { checkTestCard, type CardDetails } from './test-cards.ts';

/**
 * A payment provider that needs no keys: intents live in our own database and are confirmed
 * with Stripe's test card numbers through POST /api/payments/test/confirm. The default, so
 * Reloop runs anywhere; Stripe replaces it when configured.
 */
type IntentRow = typeof testPaymentIntents.$inferSelect;

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const toIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amountCents: row.amountCents,
  currency: row.currency,
  bookingId: row.bookingId,
});

/** A declined card: answered 402 with Stripe's error shape so the card form shows it. */
export class CardError extends Error {
  override name = 'CardError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly db: Database) {}

  async createIntent(input: { bookingId: string; amountCents: number; currency: string }) {
    const id = token('pi_test');
    await this.db
      .insert(testPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        bookingId: input.bookingId,
        amountCents: input.amountCents,
        currency: input.currency,
      })
      .onConflictDoNothing({ target: testPaymentIntents.bookingId });
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.bookingId, input.bookingId));
    if (!row) throw new Error('test intent vanished');
    return toIntent(row);
  }

  async retrieveIntent(id: string) {
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, id));
    return row && toIntent(row);
  }

  /**
   * Like Stripe with the idempotency key Reloop sends per payment: refunding an intent again
   * returns its first refund. Only a succeeded intent can be refunded.
   */
  async refund(intentId: string) {
    const refundId = token('re_test');
    const [refunded] = await this.db
      .update(testPaymentIntents)
      .set({ refundId: sql`coalesce(${testPaymentIntents.refundId}, ${refundId})` })
      .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'succeeded')))
      .returning({ refundId: testPaymentIntents.refundId });
    if (!refunded?.refundId) throw new Error(`test intent ${intentId} cannot be refunded`);
    return refunded.refundId;
  }

  /** What Stripe.js's confirmCardPayment does: charge the card for the intent. */
  async confirm(clientSecret: string, card: CardDetails): Promise<ProviderIntent> {
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    if (!row) throw new HttpError(404, messages.intentNotFound);
    if (row.status === 'succeeded') throw new HttpError(409, messages.intentAlreadyConfirmed);
    const check = checkTestCard(card);
    if (!check.ok) throw new CardError(check.code, check.message);
    const [updated] = await this.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(testPaymentIntents.id, row.id))
      .returning();
    if (!updated) throw new Error('test intent vanished');
    return toIntent(updated);
  }
}
