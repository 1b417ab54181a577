import { desc, eq, sql } from 'drizzle-orm';
import {
  centsText,
  disputeReasonLabels,
  messages,
  type BookingSide,
  type BookingTransition,
  type Dispute,
  type DisputeOutcome,
  type DisputeReason,
  type NotificationKind,
  type Pagination,
} from '@reloop/shared';
import type { MoneySettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { bookings, disputes, payments, users } from '../db/schema.ts';
import { fieldError, HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { readRows, type Page } from '../pagination.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { findBookingRow, lockBookingRow, type BookingRow } from '../bookings/bookings.ts';
import { findParty, sendRefundOwed } from '../bookings/lifecycle.ts';
import { notify } from '../bookings/notifications.ts';
import { appendMessage } from '../bookings/threads.ts';
import { transitionOf } from './handover.ts';
import { recordAdminAction } from '../moderation/audit.ts';
import { book, feeOf } from './ledger.ts';
import { queuePayout } from './payouts.ts';

/**
 * Held money after the handover (DESIGN §15): the buyer may complain until `releaseAt`, or
 * release it early; otherwise the release job pays the seller at `releaseAt`. A complaint holds
 * the money until an admin decides: all back to the buyer, all to the seller, or split. Every
 * change runs under the booking's row lock and checks `funds` there, so a release, a complaint
 * and a resolution of one booking happen one after another, and a replay changes nothing.
 */
export interface Escrow {
  db: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
  settings: MoneySettings;
}

/** Tells one side of the booking what happened to its money, in the caller's transaction. */
const tell = (
  tx: Database,
  escrow: Escrow,
  booking: BookingRow,
  side: BookingSide,
  kind: NotificationKind,
) =>
  notify(
    tx,
    escrow.jobs,
    { userId: side === 'buyer' ? booking.buyerId : booking.sellerId, side },
    booking.id,
    kind,
  );

/** The buyer's side of a handed-over booking whose money is still where `funds` says. */
async function buyersHeldBooking(db: Database, user: UserRow, bookingId: string) {
  const { booking, side } = await findParty(db, user, bookingId);
  if (side !== 'buyer') throw new HttpError(403, messages.forbidden);
  return booking;
}

/** Why held money cannot move on the buyer's word. */
function assertHeld(locked: BookingRow): void {
  if (locked.status !== 'completed') throw new HttpError(409, messages.notHandedOver);
  if (locked.funds === 'disputed') throw new HttpError(409, messages.complaintAlreadyOpen);
  if (locked.funds !== 'held') throw new HttpError(409, messages.fundsSettled);
}

/**
 * `POST /api/bookings/:id/dispute`: the buyer complains before `releaseAt`. The complaint opens
 * the booking's thread to the admins, as its first word there, and the seller is told.
 */
export async function openDispute(
  escrow: Escrow,
  user: UserRow,
  bookingId: string,
  body: { reason: DisputeReason; text: string },
): Promise<BookingTransition> {
  const booking = await buyersHeldBooking(escrow.db, user, bookingId);
  return escrow.db.transaction(async (tx) => {
    const locked = await lockBookingRow(tx, booking.id);
    assertHeld(locked);
    if (!locked.releaseAt || locked.releaseAt.getTime() <= Date.now()) {
      throw new HttpError(409, messages.complaintWindowOver);
    }
    await tx
      .insert(disputes)
      .values({ bookingId: locked.id, reason: body.reason, text: body.text });
    await appendMessage(
      tx,
      locked,
      'buyer',
      `Complaint — ${disputeReasonLabels[body.reason]}: ${body.text}`,
    );
    const [disputed] = await tx
      .update(bookings)
      .set({ funds: 'disputed' })
      .where(eq(bookings.id, locked.id))
      .returning();
    await tell(tx, escrow, locked, 'seller', 'disputed');
    return transitionOf(disputed ?? locked);
  });
}

/**
 * Releases `releasedCents` of a locked booking's held money to its seller: the fee to Reloop, the
 * rest owed to the seller and queued for transfer. Returns the booking as it stands then. `funds`:
 * what the booking's money is then (`split` when a resolution refunded the rest). The booking's
 * row is updated once per transaction: updating it again would check its product's foreign key
 * (the row is then the transaction's own), a lock on the product that deadlocks with a cancel,
 * which locks the product first.
 */
async function releaseLocked(
  tx: Database,
  escrow: Escrow,
  locked: BookingRow,
  releasedCents: number,
  funds: 'released' | 'split' = 'released',
): Promise<BookingRow> {
  const fee = feeOf(releasedCents, escrow.settings.feePercent);
  await book(tx, locked.id, 'release', {
    held: -releasedCents,
    seller: releasedCents - fee,
    platform: fee,
  });
  await queuePayout(tx, escrow.jobs, locked, releasedCents - fee, fee);
  const [released] = await tx
    .update(bookings)
    .set({ funds, releasedAt: sql`now()` })
    .where(eq(bookings.id, locked.id))
    .returning();
  return released ?? locked;
}

/** `POST /api/bookings/:id/release`: the buyer is happy and pays the seller now. */
export async function releaseEarly(
  escrow: Escrow,
  user: UserRow,
  bookingId: string,
): Promise<BookingTransition> {
  const booking = await buyersHeldBooking(escrow.db, user, bookingId);
  return escrow.db.transaction(async (tx) => {
    const locked = await lockBookingRow(tx, booking.id);
    if (locked.funds === 'released') return transitionOf(locked);
    assertHeld(locked);
    const released = await releaseLocked(tx, escrow, locked, locked.priceCents);
    await tell(tx, escrow, locked, 'seller', 'released');
    return transitionOf(released);
  });
}

/**
 * The release job: at `releaseAt`, held money goes to the seller. Anything else (released
 * early, disputed, a job run twice) finds `funds` moved on and does nothing; a job run before
 * `releaseAt` (a clock moved back) throws, so the queue tries it again later.
 */
export async function releaseDue(escrow: Escrow, bookingId: string): Promise<void> {
  await escrow.db.transaction(async (tx) => {
    const locked = await lockBookingRow(tx, bookingId);
    if (locked.funds !== 'held' || locked.status !== 'completed') return;
    if (!locked.releaseAt || locked.releaseAt.getTime() > Date.now()) {
      throw new Error(
        `booking ${bookingId} is not due for release until ${String(locked.releaseAt)}`,
      );
    }
    await releaseLocked(tx, escrow, locked, locked.priceCents);
    await tell(tx, escrow, locked, 'seller', 'released');
  });
}

const RELEASE_WORKERS = 2;

export function startReleases(escrow: Escrow): void {
  escrow.jobs.work('release', RELEASE_WORKERS, (job) => releaseDue(escrow, job.data.bookingId));
}

/** A complaint as the Complaints page shows it, from its booking and the people in it. */
const disputeView = (db: Database) =>
  db
    .select({
      bookingId: disputes.bookingId,
      productName: bookings.productName,
      priceCents: bookings.priceCents,
      buyerName: sql<string>`(select name from ${users} where ${users.id} = ${bookings.buyerId})`,
      sellerName: sql<string>`(select name from ${users} where ${users.id} = ${bookings.sellerId})`,
      reason: disputes.reason,
      text: disputes.text,
      openedAt: disputes.openedAt,
      outcome: disputes.outcome,
      refundCents: disputes.refundCents,
      resolvedAt: disputes.resolvedAt,
      funds: bookings.funds,
      refundId: payments.refundId,
    })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .$dynamic();

type DisputeRow = Awaited<ReturnType<ReturnType<typeof disputeView>['execute']>>[number];

const toDispute = (row: DisputeRow): Dispute => ({
  ...row,
  openedAt: row.openedAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** Open first, then newest: the order of disputes_queue_idx. */
const queueOrder = sql`(${disputes.resolvedAt} is null)`;

/** `GET /api/disputes`: open complaints first, newest first within each, in keyset pages. */
export async function listDisputes(
  db: Database,
  page: Pagination,
): Promise<Page<Dispute & { id: string }>> {
  return readRows(async ({ limit, cursor }) => {
    const after = cursor
      ? sql`(${queueOrder}, ${disputes.openedAt}, ${disputes.bookingId}) < (select (cursor_row.resolved_at is null), cursor_row.opened_at, cursor_row.booking_id from ${disputes} cursor_row where cursor_row.booking_id = ${cursor})`
      : undefined;
    const rows = await disputeView(db)
      .where(after)
      .orderBy(desc(queueOrder), desc(disputes.openedAt), desc(disputes.bookingId))
      .limit(limit);
    return rows.map((row) => ({ ...toDispute(row), id: row.bookingId }));
  }, page);
}

async function findDispute(db: Database, bookingId: string): Promise<Dispute> {
  const [row] = await disputeView(db).where(eq(disputes.bookingId, bookingId));
  if (!row) throw new HttpError(404, messages.disputeNotFound);
  return toDispute(row);
}

/**
 * `POST /api/disputes/:bookingId/resolve`: an admin decides where a disputed booking's money
 * goes, once. The ledger books the refund and the release in one transaction with the decision,
 * the refund's job and the payout's job; the refund is then sent at once (claimed, with an
 * idempotency key), and if the provider fails the job sends it later. A replay of the same
 * decision answers the same; another decision is refused.
 */
export async function resolveDispute(
  escrow: Escrow,
  admin: UserRow,
  bookingId: string,
  decision: { outcome: DisputeOutcome; refundCents?: number | undefined },
): Promise<Dispute> {
  const booking = await findBookingRow(escrow.db, bookingId);
  const refundCents =
    decision.outcome === 'refund'
      ? booking.priceCents
      : decision.outcome === 'release'
        ? 0
        : (decision.refundCents ?? 0);
  if (decision.outcome === 'split' && refundCents >= booking.priceCents) {
    throw fieldError(
      'refundCents',
      `must be less than the price (${centsText(booking.priceCents)}): a refund of everything is "refund"`,
    );
  }
  const resolved = await escrow.db.transaction(async (tx) => {
    const locked = await lockBookingRow(tx, bookingId);
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.bookingId, bookingId))
      .for('update');
    if (!dispute) throw new HttpError(404, messages.disputeNotFound);
    if (dispute.outcome) {
      const same = dispute.outcome === decision.outcome && dispute.refundCents === refundCents;
      if (!same) throw new HttpError(409, messages.disputeResolved);
      // The same decision again: it answers with the refund the first one sent, waiting for it
      // while it is in flight (as a replayed cancel does); a refund already sent goes nowhere.
      return refundCents > 0;
    }
    if (locked.funds !== 'disputed') throw new HttpError(409, messages.fundsSettled);
    if (refundCents > 0) {
      await book(tx, locked.id, 'refund', { held: -refundCents, buyer: refundCents });
      await escrow.jobs.enqueue(tx, 'refund', { bookingId: locked.id });
    }
    if (refundCents < locked.priceCents) {
      const funds = refundCents > 0 ? 'split' : 'released';
      await releaseLocked(tx, escrow, locked, locked.priceCents - refundCents, funds);
    } else {
      await tx.update(bookings).set({ funds: 'refunded' }).where(eq(bookings.id, locked.id));
    }
    await tx
      .update(disputes)
      .set({ outcome: decision.outcome, refundCents, resolvedAt: sql`now()`, resolvedBy: admin.id })
      .where(eq(disputes.bookingId, locked.id));
    await tell(tx, escrow, locked, 'buyer', 'resolved');
    await tell(tx, escrow, locked, 'seller', 'resolved');
    await recordAdminAction(tx, admin, {
      action: 'resolve_complaint',
      target: { type: 'booking', id: locked.id, label: locked.productName },
      changes: { outcome: decision.outcome, refundCents, priceCents: locked.priceCents },
    });
    return refundCents > 0;
  });
  if (resolved) {
    try {
      await sendRefundOwed(escrow.db, escrow.payments, await findBookingRow(escrow.db, bookingId));
    } catch {
      // The refund's job, queued with the decision, sends it when the provider is back.
    }
  }
  return findDispute(escrow.db, bookingId);
}

/** Whether an admin may read (`write`: and write in) a booking's thread about a complaint. */
export async function adminMayUseThread(
  db: Database,
  bookingId: string,
  write: boolean,
): Promise<boolean> {
  const [row] = await db
    .select({ funds: bookings.funds })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
    .where(eq(disputes.bookingId, bookingId));
  if (!row) return false;
  return !write || row.funds === 'disputed';
}
