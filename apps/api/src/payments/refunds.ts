import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, ledgerEntries, payments } from '../db/schema.ts';
import { book } from '../money/ledger.ts';
import { HttpError } from '../http-errors.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Refunds move money, so exactly one caller sends each: a refund is claimed in the database
 * (`refunding`) before the provider is called, and the provider call carries an idempotency
 * key per payment, so even a resend after a crash returns the same refund.
 */
export type PaymentRow = typeof payments.$inferSelect;

/** How long a caller that lost the claim waits for the winner's refund id. */
const REFUND_WAIT_MS = 10_000;
const REFUND_POLL_MS = 50;

/**
 * Refunds the booking's payment once, from the state the caller expects it in, and returns
 * the refund id: the new refund's, or the one another caller already sent.
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  bookingId: string,
  from: 'requires_payment' | 'succeeded',
): Promise<string> {
  const deadline = Date.now() + REFUND_WAIT_MS;
  for (;;) {
    const claimed = await claimRefund(db, bookingId, from);
    if (claimed) return sendClaimedRefund(db, provider, claimed, from);
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    if (payment?.refundId) return payment.refundId;
    // Another caller holds the claim (or just released it after a provider failure): its
    // refund id is moments away, or the claim is free again.
    if (payment?.status !== 'refunding' && payment?.status !== from) {
      throw new Error(`booking ${bookingId} has no payment in a state to refund`);
    }
    if (Date.now() > deadline) throw new HttpError(503, messages.refundInProgress);
    await sleep(REFUND_POLL_MS);
  }
}

/**
 * Claims the booking's payment for its refund. A recorded payment (`succeeded`) owes what the
 * ledger's refund says, booked by the cancel or the complaint's resolution that decided it. A
 * payment taken with no order recorded (`requires_payment`: the product sold to someone else
 * meanwhile, the booking cancelled while the card went through) never bought anything: the
 * claim books its money in and straight back out, and the booking's funds say `refunded`.
 */
async function claimRefund(
  db: Database,
  bookingId: string,
  from: 'requires_payment' | 'succeeded',
): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ status: 'refunding' })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, from)))
      .returning();
    if (claimed && from === 'requires_payment') await bookInAndOut(tx, claimed);
    return claimed;
  });
}

/**
 * A payment that never bought anything, in the books: its money in and straight back out, and
 * the booking's funds `refunded`. Each movement is booked once, so booking it again is nothing.
 */
async function bookInAndOut(tx: Database, payment: PaymentRow): Promise<void> {
  const cents = payment.amountCents;
  await book(tx, payment.bookingId, 'payment', { buyer: -cents, held: cents });
  await book(tx, payment.bookingId, 'refund', { held: -cents, buyer: cents });
  await tx.update(bookings).set({ funds: 'refunded' }).where(eq(bookings.id, payment.bookingId));
}

/**
 * What the ledger says the booking's buyer gets back. A claim made before the ledger booked
 * refunds with their claims (a crash between an older claim and its refund, settled at
 * start-up) has no entries yet: if its payment bought nothing (no order recorded it), it is
 * booked in and out now; a recorded payment's refund must have been booked by its decision.
 */
async function refundOwed(db: Database, payment: PaymentRow): Promise<number> {
  const refundLine = and(
    eq(ledgerEntries.bookingId, payment.bookingId),
    eq(ledgerEntries.movement, 'refund'),
    eq(ledgerEntries.account, 'buyer'),
  );
  const [owed] = await db
    .select({ cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(refundLine);
  if (owed) return owed.cents;
  const [booking] = await db
    .select({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId));
  if (!booking || booking.paymentId === payment.intentId) {
    throw new Error(`booking ${payment.bookingId} owes no refund`);
  }
  await db.transaction((tx) => bookInAndOut(tx, payment));
  return payment.amountCents;
}

/**
 * Sends a claimed refund and records it. If the provider fails, the claim is released so a
 * later call can retry; the idempotency key makes that retry return this same refund.
 */
export async function sendClaimedRefund(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRow,
  releaseTo?: 'requires_payment' | 'succeeded',
): Promise<string> {
  let refundId: string;
  const cents = await refundOwed(db, payment);
  try {
    refundId = await provider.refund(payment.intentId, cents);
  } catch (error) {
    if (releaseTo) {
      await db
        .update(payments)
        .set({ status: releaseTo })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunding')));
    }
    throw error;
  }
  await db
    .update(payments)
    .set({ status: 'refunded', refundId, refundCents: cents })
    .where(eq(payments.id, payment.id));
  return refundId;
}
