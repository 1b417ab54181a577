import { and, eq, sql } from 'drizzle-orm';
import { messages, type PayoutAccountStatus } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, payments, payoutAccounts, payouts } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { CURRENCY, type PaymentProvider } from '../payments/provider.ts';
import type { BookingRow } from '../bookings/bookings.ts';
import { notify } from '../bookings/notifications.ts';
import { book } from './ledger.ts';

/**
 * Paying sellers (DESIGN §15). A seller sets up a payout account once: a Stripe Connect Express
 * account (Stripe collects their details and tells us through `account.updated` when it can be
 * paid), or with the test provider an instant local one. A released booking's share waits in
 * `payouts` until its seller's account is enabled, then goes out as one transfer with the
 * booking's idempotency key, so it is never sent twice; the ledger books it once it is sent.
 */
export interface Payouts {
  db: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
}

/**
 * Owes the seller `amountCents` of a released booking, in the release's transaction, and queues
 * its transfer. Nothing is owed when the fee took it all.
 */
export async function queuePayout(
  tx: Database,
  jobs: JobQueue,
  booking: BookingRow,
  amountCents: number,
  feeCents: number,
): Promise<void> {
  if (amountCents <= 0) return;
  await tx
    .insert(payouts)
    .values({ bookingId: booking.id, sellerId: booking.sellerId, amountCents, feeCents })
    .onConflictDoNothing();
  await jobs.enqueue(tx, 'payout', { bookingId: booking.id });
}

const payoutAccountOf = async (db: Database, userId: string) =>
  (await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];

export async function payoutAccountStatus(
  db: Database,
  userId: string,
): Promise<PayoutAccountStatus> {
  return (await payoutAccountOf(db, userId))?.status ?? 'none';
}

/**
 * `POST /api/payouts/account`: opens the seller's payout account, once (the provider call carries
 * an idempotency key per user, the row a primary key), and says where to go next: the provider's
 * onboarding while it is pending, the earnings page once it is enabled.
 */
export async function setUpPayouts(
  payoutsContext: Payouts,
  seller: UserRow,
  earningsUrl: string,
): Promise<{ url: string }> {
  const { db, payments: provider } = payoutsContext;
  if (seller.role !== 'seller') throw new HttpError(403, messages.payoutsForSellers);
  let account = await payoutAccountOf(db, seller.id);
  if (!account) {
    const opened = await provider.createPayoutAccount({ userId: seller.id, email: seller.email });
    await db
      .insert(payoutAccounts)
      .values({
        userId: seller.id,
        provider: provider.name,
        accountId: opened.accountId,
        status: 'pending',
      })
      .onConflictDoNothing();
    if (opened.enabled) await enablePayoutAccount(payoutsContext, opened.accountId);
    // The row as it stands: this call's, or a parallel one's.
    account = await payoutAccountOf(db, seller.id);
    if (!account) throw new Error(`payout account of ${seller.id} vanished`);
  }
  if (account.status === 'enabled') return { url: earningsUrl };
  const onboarding = await provider.payoutOnboardingUrl(account.accountId, earningsUrl);
  return { url: onboarding ?? earningsUrl };
}

/**
 * The provider says the account can be paid (Stripe's `account.updated`): it is marked enabled
 * and its seller's waiting payouts are queued, in one transaction. Unknown accounts and accounts
 * already enabled change nothing.
 */
export async function enablePayoutAccount(
  { db, jobs }: Pick<Payouts, 'db' | 'jobs'>,
  accountId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(payoutAccounts)
      .set({ status: 'enabled', enabledAt: sql`now()` })
      .where(and(eq(payoutAccounts.accountId, accountId), eq(payoutAccounts.status, 'pending')))
      .returning({ userId: payoutAccounts.userId });
    if (!enabled) return;
    const waiting = await tx
      .select({ bookingId: payouts.bookingId })
      .from(payouts)
      .where(and(eq(payouts.sellerId, enabled.userId), eq(payouts.status, 'waiting')));
    for (const { bookingId } of waiting) await jobs.enqueue(tx, 'payout', { bookingId });
  });
}

/**
 * The payout job: transfers a released booking's share to its seller's enabled account. Without
 * one it waits (the account's enabling queues it again). The transfer carries the booking's
 * idempotency key, so a job run twice, or run again after a crash between the transfer and its
 * record, gets the same transfer back; the ledger books it once.
 */
export async function sendPayout(context: Payouts, bookingId: string): Promise<void> {
  const { db, payments: provider, jobs } = context;
  const [owed] = await db
    .select({
      payout: payouts,
      accountId: payoutAccounts.accountId,
      intentId: payments.intentId,
    })
    .from(payouts)
    .innerJoin(payments, eq(payments.bookingId, payouts.bookingId))
    .leftJoin(
      payoutAccounts,
      and(eq(payoutAccounts.userId, payouts.sellerId), eq(payoutAccounts.status, 'enabled')),
    )
    .where(eq(payouts.bookingId, bookingId));
  if (!owed || owed.payout.status === 'sent' || !owed.accountId) return;
  const transferId = await provider.transfer({
    bookingId,
    intentId: owed.intentId,
    amountCents: owed.payout.amountCents,
    currency: CURRENCY,
    destination: owed.accountId,
  });
  await db.transaction(async (tx) => {
    const [sent] = await tx
      .update(payouts)
      .set({ status: 'sent', transferId, sentAt: sql`now()` })
      .where(and(eq(payouts.bookingId, bookingId), eq(payouts.status, 'waiting')))
      .returning();
    if (!sent) return;
    await book(tx, bookingId, 'payout', { seller: -sent.amountCents, payouts: sent.amountCents });
    await notify(tx, jobs, { userId: sent.sellerId, side: 'seller' }, bookingId, 'paid_out');
  });
}

const PAYOUT_WORKERS = 2;

export function startPayouts(context: Payouts): void {
  context.jobs.work('payout', PAYOUT_WORKERS, (job) => sendPayout(context, job.data.bookingId));
}

/**
 * What a seller is still owed: handed over and held in escrow (or disputed), or released and not
 * yet transferred. An account with money owed cannot be deleted (DESIGN §15). A paid booking not
 * yet handed over is not owed to the seller: the deletion cancels and refunds it (DESIGN §14).
 */
export async function moneyOwedTo(db: Database, sellerId: string): Promise<number> {
  const result = await db.execute<{ cents: number }>(
    sql`select (
      coalesce((select sum(${bookings.priceCents}) from ${bookings}
        where ${bookings.sellerId} = ${sellerId} and ${bookings.status} = 'completed'
          and ${bookings.funds} in ('held', 'disputed')), 0)
      + coalesce((select sum(${payouts.amountCents}) from ${payouts}
        where ${payouts.sellerId} = ${sellerId} and ${payouts.status} = 'waiting'), 0)
    )::int as cents`,
  );
  return result.rows[0]?.cents ?? 0;
}
