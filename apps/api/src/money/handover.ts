import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  HANDOVER_ATTEMPTS,
  HANDOVER_LOCK_MINUTES,
  messages,
  type BookingSide,
  type BookingTransition,
} from '@reloop/shared';
import type { MoneySettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { BookingRow } from '../bookings/bookings.ts';
import { findParty, lockBooking } from '../bookings/lifecycle.ts';
import { notify, otherParty } from '../bookings/notifications.ts';
import { countHandover } from '../reviews/reviews.ts';

/**
 * The handover (DESIGN §15): once paid, the buyer holds a six-digit code and shows it at the
 * meetup; the seller typing it proves the laptop changed hands, and so does the buyer confirming
 * it. Either way the booking is `completed`, nobody can cancel it any more, and its money stays
 * held for the complaint window, then goes to the seller (money/escrow.ts).
 */
export const newHandoverCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What a booking's transition calls answer. */
export const transitionOf = (booking: BookingRow): BookingTransition => ({
  _id: booking.id,
  status: booking.status,
  refundId: null,
  funds: booking.funds,
  releaseAt: booking.releaseAt?.toISOString() ?? null,
});

/**
 * Completes a paid booking the caller has locked, on `by`'s word: the money stays held until
 * `releaseAt`, when the release job queued here (in the same transaction) pays the seller.
 */
async function handOver(
  tx: Database,
  jobs: JobQueue,
  settings: MoneySettings,
  locked: BookingRow,
  by: BookingSide,
): Promise<BookingTransition> {
  const [completed] = await tx
    .update(bookings)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      releaseAt: sql`now() + ${`${settings.complaintWindowMs} milliseconds`}::interval`,
      handoverCode: null,
      handoverFailures: 0,
      handoverLockedUntil: null,
    })
    .where(eq(bookings.id, locked.id))
    .returning();
  if (!completed?.releaseAt) throw new Error(`booking ${locked.id} was not completed`);
  await jobs.enqueue(
    tx,
    'release',
    { bookingId: completed.id },
    { startAfter: completed.releaseAt },
  );
  await notify(tx, jobs, otherParty(locked, by), locked.id, 'completed');
  await countHandover(tx, jobs, locked);
  return transitionOf(completed);
}

/** Why a booking that is not `paid` cannot be handed over; a completed one answers as it is. */
function assertPaid(locked: BookingRow): void {
  switch (locked.status) {
    case 'unpaid':
      throw new HttpError(409, messages.bookingNotPaid);
    case 'cancelled':
      throw new HttpError(409, messages.bookingCancelled);
    case 'closed':
      throw new HttpError(409, messages.bookingClosed);
    case 'paid':
    case 'completed':
      return;
  }
}

/** The buyer says the handover happened (`POST /api/bookings/:id/complete`). */
export async function completeBooking(
  db: Database,
  jobs: JobQueue,
  settings: MoneySettings,
  user: UserRow,
  bookingId: string,
): Promise<BookingTransition> {
  const { booking, side } = await findParty(db, user, bookingId);
  if (side !== 'buyer') throw new HttpError(403, messages.forbidden);
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, booking);
    assertPaid(locked);
    if (locked.status === 'completed') return transitionOf(locked);
    return handOver(tx, jobs, settings, locked, 'buyer');
  });
}

const codeMatches = (expected: string | null, given: string): boolean =>
  expected !== null &&
  expected.length === given.length &&
  timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/**
 * The seller types the buyer's code (`POST /api/sales/:id/handover`). A wrong code answers 422
 * with the tries left; the fifth locks the call for HANDOVER_LOCK_MINUTES (429), so the code's
 * million values cannot be tried through. Wrong tries are counted on the booking's row, under
 * its lock, so parallel guesses count one by one, on every instance.
 */
export async function enterHandoverCode(
  db: Database,
  jobs: JobQueue,
  settings: MoneySettings,
  user: UserRow,
  bookingId: string,
  code: string,
): Promise<BookingTransition> {
  const { booking, side } = await findParty(db, user, bookingId);
  if (side !== 'seller') throw new HttpError(403, messages.forbidden);
  type Outcome =
    | { kind: 'completed'; transition: BookingTransition }
    | { kind: 'locked'; minutes: number }
    | { kind: 'wrong'; attemptsLeft: number };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockBooking(tx, booking);
    assertPaid(locked);
    if (locked.status === 'completed') {
      return { kind: 'completed', transition: transitionOf(locked) };
    }
    const lockedFor = (locked.handoverLockedUntil?.getTime() ?? 0) - Date.now();
    if (lockedFor > 0) return { kind: 'locked', minutes: Math.ceil(lockedFor / 60_000) };
    if (codeMatches(locked.handoverCode, code)) {
      return {
        kind: 'completed',
        transition: await handOver(tx, jobs, settings, locked, 'seller'),
      };
    }
    // A lock starts the count again: its fifth wrong code left the failures at 0.
    const failures = locked.handoverFailures + 1;
    const lockNow = failures >= HANDOVER_ATTEMPTS;
    await tx
      .update(bookings)
      .set({
        handoverFailures: lockNow ? 0 : failures,
        handoverLockedUntil: lockNow
          ? sql`now() + ${`${HANDOVER_LOCK_MINUTES} minutes`}::interval`
          : null,
      })
      .where(eq(bookings.id, locked.id));
    return { kind: 'wrong', attemptsLeft: lockNow ? 0 : HANDOVER_ATTEMPTS - failures };
  });
  if (outcome.kind === 'completed') return outcome.transition;
  if (outcome.kind === 'locked') {
    throw new HttpError(429, messages.handoverLocked, {
      'retry-after': String(outcome.minutes * 60),
    });
  }
  throw new HttpError(422, messages.handoverCodeWrong, {}, { attemptsLeft: outcome.attemptsLeft });
}
