import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { messages, type BookingSide, type BookingTransition } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, payments, products } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { refundPayment } from '../payments/refunds.ts';
import { book } from '../money/ledger.ts';
import { findBookingRow, lockBookingRow, type BookingRow } from './bookings.ts';
import { notify, otherParty, unreadBookingNotices } from './notifications.ts';

/**
 * How a booking finishes (DESIGN §12): `paid` → `completed` when the buyer confirms the
 * handover; `cancelled` by either side before the handover (the buyer drops an unpaid booking,
 * the seller declines it; once paid, the payment is refunded and the product listed again), or
 * when an admin deletes either side's account. Each transition runs under the product's and the
 * booking's row locks, so a cancel, a payment and a handover of the same booking happen one
 * after another; a replay of a done transition changes nothing.
 */
export interface Party {
  booking: BookingRow;
  side: BookingSide;
}

/** The booking and which side of it the user is on; 403 for anyone else. */
export async function findParty(db: Database, user: UserRow, bookingId: string): Promise<Party> {
  const booking = await findBookingRow(db, bookingId);
  const side = partyOf(booking, user);
  if (!side) throw new HttpError(403, messages.forbidden);
  return { booking, side };
}

export function partyOf(booking: BookingRow, user: UserRow): BookingSide | undefined {
  if (booking.buyerId === user.id) return 'buyer';
  if (booking.sellerId === user.id) return 'seller';
  return undefined;
}

/**
 * Locks the product, then the booking: the order the payment takes too (orders.ts), so a
 * cancel and a payment of the same product never deadlock.
 */
export async function lockBooking(tx: Database, booking: BookingRow): Promise<BookingRow> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, booking.productId))
    .for('update');
  return lockBookingRow(tx, booking.id);
}

export async function cancelBooking(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  user: UserRow,
  bookingId: string,
): Promise<BookingTransition> {
  const { booking, side } = await findParty(db, user, bookingId);
  const cancelled = await db.transaction(async (tx) => {
    const locked = await lockBooking(tx, booking);
    switch (locked.status) {
      case 'cancelled':
        return locked;
      case 'completed':
        throw new HttpError(409, messages.bookingCompleted);
      case 'closed':
        throw new HttpError(409, messages.bookingClosed);
      case 'unpaid':
      case 'paid':
        return cancelLocked(tx, jobs, locked, side);
    }
  });
  const refundId = await sendRefundOwed(db, provider, cancelled);
  return {
    _id: cancelled.id,
    status: 'cancelled',
    refundId,
    // A payment taken with no order recorded is booked in and back out as it is refunded.
    funds: refundId ? 'refunded' : cancelled.funds,
    releaseAt: null,
  };
}

/**
 * Cancels an `unpaid` or `paid` booking the caller has locked (the product's row first), on
 * `side`'s word, and tells the other side. A paid sale is undone: the product is for sale again
 * (unless it was deleted meanwhile), and the ledger books the money back to the buyer. The
 * provider's refund goes afterwards, with `sendRefundOwed`.
 */
export async function cancelLocked(
  tx: Database,
  jobs: JobQueue,
  locked: BookingRow,
  side: BookingSide,
): Promise<BookingRow> {
  const paid = locked.status === 'paid';
  if (paid) {
    await tx
      .update(products)
      .set({ status: 'unsold' })
      .where(and(eq(products.id, locked.productId), eq(products.status, 'sold')));
    await book(tx, locked.id, 'refund', { held: -locked.priceCents, buyer: locked.priceCents });
  }
  const [updated] = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelledBy: side,
      handoverCode: null,
      ...(paid ? { funds: 'refunded' as const } : {}),
    })
    .where(eq(bookings.id, locked.id))
    .returning();
  const recipient = otherParty(locked, side);
  // The cancel's notice replaces an unread one of this buyer booking or cancelling this product.
  await tx.execute(
    unreadBookingNotices(sql`${recipient.userId}::uuid`, locked.productId, locked.buyerId),
  );
  await notify(tx, jobs, recipient, locked.id, 'cancelled');
  return updated ?? locked;
}

/**
 * The refund a booking owes, once the cancel (or the complaint's resolution) that decided it has
 * committed: null when the buyer never paid. A paid booking's money goes back exactly once: the refund is claimed in the database and
 * sent with an idempotency key, and a replay (or a parallel cancel) gets the same refund id. An
 * unpaid booking may still have been paid at the provider (the card went through, then the tab
 * closed before the order was posted): the provider is asked, and a succeeded intent refunded
 * the same way. If the provider fails, the claim is released: a retry of the cancel sends it
 * again, and so does the settlement at start-up (payments/reconciliation.ts).
 */
export async function sendRefundOwed(
  db: Database,
  provider: PaymentProvider,
  cancelled: BookingRow,
): Promise<string | null> {
  if (cancelled.paymentId) return refundPayment(db, provider, cancelled.id, 'succeeded');
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, cancelled.id));
  if (!payment) return null;
  if (payment.refundId) return payment.refundId;
  if (payment.status === 'requires_payment') {
    const intent = await provider.retrieveIntent(payment.intentId);
    if (intent?.status !== 'succeeded') return null;
  }
  // Taken at the provider with no order recorded (or its refund claimed by another caller).
  return refundPayment(db, provider, cancelled.id, 'requires_payment');
}

/** Bookings under way: a cancel, or the deletion of either side's account, ends them. */
const OPEN_STATUSES = ['unpaid', 'paid'] as const;

/** The open bookings where `userId` is the buyer or the product's seller. */
export const openBookingsOf = (userId: string) =>
  and(
    or(eq(bookings.buyerId, userId), eq(bookings.sellerId, userId)),
    inArray(bookings.status, [...OPEN_STATUSES]),
  );

/**
 * Ends the open bookings of a user whose account is being deleted, in the deletion's
 * transaction: each is cancelled on the deleted side's word and the other side is told, as if
 * that side had cancelled. The products are locked first, in one order, then the bookings, as a
 * cancel and a payment lock them, so a payment in flight either came first (and its booking is
 * refunded) or finds the booking cancelled (and refunds itself). Returns the cancelled bookings:
 * their refunds (`sendRefundOwed`) are sent once the transaction has committed.
 */
export async function cancelOpenBookingsOf(
  tx: Database,
  jobs: JobQueue,
  userId: string,
): Promise<BookingRow[]> {
  const open = await tx
    .selectDistinct({ productId: bookings.productId })
    .from(bookings)
    .where(openBookingsOf(userId));
  if (open.length === 0) return [];
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        open.map((row) => row.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  const locked = await tx
    .select()
    .from(bookings)
    .where(openBookingsOf(userId))
    .orderBy(asc(bookings.id))
    .for('update');
  const cancelled: BookingRow[] = [];
  for (const booking of locked) {
    const side = booking.buyerId === userId ? 'buyer' : 'seller';
    cancelled.push(await cancelLocked(tx, jobs, booking, side));
  }
  return cancelled;
}
