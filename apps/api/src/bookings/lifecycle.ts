import { and, eq, sql } from 'drizzle-orm';
import { messages, type BookingSide, type BookingTransition } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, payments, products } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { refundPayment } from '../payments/refunds.ts';
import { findBookingRow, lockBookingRow, type BookingRow } from './bookings.ts';
import { notify, otherParty } from './notifications.ts';

/**
 * How a booking finishes (DESIGN §12): `paid` → `completed` when the buyer confirms the
 * handover; `cancelled` by the buyer before paying, or by either side after paying and before
 * the handover, with the payment refunded and the product listed again. Each transition runs
 * under the product's and the booking's row locks, so a cancel, a payment and a handover of the
 * same booking happen one after another; a replay of a done transition changes nothing.
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
async function lockBooking(tx: Database, booking: BookingRow): Promise<BookingRow> {
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
        if (side === 'seller') throw new HttpError(409, messages.sellerCannotCancelUnpaid);
        return cancelLocked(tx, locked, side);
      case 'paid':
        return cancelLocked(tx, locked, side);
    }
  });
  return {
    _id: cancelled.id,
    status: 'cancelled',
    refundId: await refundCancelled(db, provider, cancelled),
  };
}

/**
 * Cancels an `unpaid` or `paid` booking the caller has locked (the product's row first), on
 * `side`'s word, and tells the other side. A paid sale is undone: the product is for sale again
 * (unless it was deleted meanwhile). The money goes back afterwards, with `refundCancelled`.
 */
export async function cancelLocked(
  tx: Database,
  locked: BookingRow,
  side: BookingSide,
): Promise<BookingRow> {
  if (locked.status === 'paid') {
    await tx
      .update(products)
      .set({ status: 'unsold' })
      .where(and(eq(products.id, locked.productId), eq(products.status, 'sold')));
  }
  const [updated] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: side })
    .where(eq(bookings.id, locked.id))
    .returning();
  await notify(tx, otherParty(locked, side), locked.id, 'cancelled');
  return updated ?? locked;
}

/**
 * The refund a cancelled booking owes, once its cancel has committed: null when the buyer never
 * paid. A paid booking's money goes back exactly once: the refund is claimed in the database and
 * sent with an idempotency key, and a replay (or a parallel cancel) gets the same refund id. An
 * unpaid booking may still have been paid at the provider (the card went through, then the tab
 * closed before the order was posted): the provider is asked, and a succeeded intent refunded
 * the same way. If the provider fails, the claim is released: a retry of the cancel sends it
 * again, and so does the settlement at start-up (payments/reconciliation.ts).
 */
export async function refundCancelled(
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

/** The buyer says the handover happened: the sale is done. */
export async function completeBooking(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<BookingTransition> {
  const { booking, side } = await findParty(db, user, bookingId);
  if (side !== 'buyer') throw new HttpError(403, messages.forbidden);
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, booking);
    switch (locked.status) {
      case 'completed':
        return { _id: locked.id, status: 'completed', refundId: null };
      case 'unpaid':
        throw new HttpError(409, messages.bookingNotPaid);
      case 'cancelled':
        throw new HttpError(409, messages.bookingCancelled);
      case 'closed':
        throw new HttpError(409, messages.bookingClosed);
      case 'paid':
        break;
    }
    await tx
      .update(bookings)
      .set({ status: 'completed', completedAt: sql`now()` })
      .where(eq(bookings.id, locked.id));
    await notify(tx, otherParty(locked, side), locked.id, 'completed');
    return { _id: locked.id, status: 'completed', refundId: null };
  });
}
