import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { testPaymentIntents, testTransfers } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import {
  transferKey,
  type PaymentProvider,
  type PayoutTransfer,
  type ProviderIntent,
} from './provider.ts';
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
  async refund(intentId: string, amountCents: number) {
    const refundId = token('re_test');
    const [refunded] = await this.db
      .update(testPaymentIntents)
      .set({
        refundId: sql`coalesce(${testPaymentIntents.refundId}, ${refundId})`,
        refundCents: sql`coalesce(${testPaymentIntents.refundCents}, ${amountCents})`,
      })
      .where(
        and(
          eq(testPaymentIntents.id, intentId),
          eq(testPaymentIntents.status, 'succeeded'),
          // As Stripe: no more back than the charge has left after its transfers.
          sql`${amountCents} > 0 and ${amountCents} + ${transferredFrom(intentId)} <= ${testPaymentIntents.amountCents}`,
        ),
      )
      .returning({ refundId: testPaymentIntents.refundId });
    if (!refunded?.refundId) throw new Error(`test intent ${intentId} cannot be refunded`);
    return refunded.refundId;
  }

  /**
   * Like a Stripe transfer with `source_transaction`: only from a succeeded payment, never more
   * than it has left after its refund, and once per idempotency key.
   */
  async transfer(input: PayoutTransfer) {
    const key = transferKey(input.bookingId);
    const [intent] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, input.intentId));
    const refunded = intent?.refundCents ?? 0;
    const [existing] = await this.db
      .select({ id: testTransfers.id })
      .from(testTransfers)
      .where(eq(testTransfers.idempotencyKey, key));
    if (existing) return existing.id;
    if (intent?.status !== 'succeeded' || input.amountCents + refunded > intent.amountCents) {
      throw new Error(
        `test intent ${input.intentId} cannot fund a transfer of ${input.amountCents}`,
      );
    }
    await this.db
      .insert(testTransfers)
      .values({
        id: token('tr_test'),
        idempotencyKey: key,
        destination: input.destination,
        sourceIntentId: input.intentId,
        amountCents: input.amountCents,
      })
      .onConflictDoNothing({ target: testTransfers.idempotencyKey });
    const [sent] = await this.db
      .select({ id: testTransfers.id })
      .from(testTransfers)
      .where(eq(testTransfers.idempotencyKey, key));
    if (!sent) throw new Error('test transfer vanished');
    return sent.id;
  }

  /** An instant local account: the test provider has nobody to collect details from. */
  async createPayoutAccount(input: { userId: string }) {
    return { accountId: `acct_test_${input.userId.replaceAll('-', '')}`, enabled: true };
  }

  async payoutOnboardingUrl() {
    return undefined;
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

/** What the transfers of a test intent have taken from it so far. */
const transferredFrom = (intentId: string) =>
  sql`(select coalesce(sum(${testTransfers.amountCents}), 0) from ${testTransfers} where ${testTransfers.sourceIntentId} = ${intentId})`;
