import { and, eq, ne, sql } from 'drizzle-orm';
import { idSchema, messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, payments, products } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { findBookingRow, lockBookingRow } from '../bookings/bookings.ts';
import { notify } from '../bookings/notifications.ts';
import { listingChanged } from '../products/listing-changes.ts';
import { findExistingProduct } from '../products/products.ts';
import { isWatched } from '../watchlist/watchlist.ts';
import { CURRENCY, type PaymentProvider, type ProviderIntent } from './provider.ts';
import { refundPayment } from './refunds.ts';
import { book } from '../money/ledger.ts';
import { newHandoverCode } from '../money/handover.ts';

/**
 * Paying for a booking. The amount always comes from the booking in the database, and an
 * order is recorded only after the provider confirms the payment. When two buyers pay for
 * the same product at once, the product row lock lets exactly one win; the other is refunded.
 */
type BookingRow = typeof bookings.$inferSelect;

/** Paid, and possibly handed over since: either way its payment is recorded. */
const isPaid = (booking: BookingRow) => booking.status === 'paid' || booking.status === 'completed';

async function buyersBooking(db: Database, buyer: UserRow, bookingId: string): Promise<BookingRow> {
  const booking = await findBookingRow(db, bookingId);
  if (booking.buyerId !== buyer.id) throw new HttpError(403, messages.forbidden);
  return booking;
}

/**
 * Returns the client secret; asking again for the same booking returns the same intent. A
 * booking the buyer already paid at the provider (the tab closed, the server restarted before
 * the order was posted) is settled here instead: the order is recorded, or the payment refunded.
 */
export async function createPaymentIntent(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  buyer: UserRow,
  bookingId: string,
): Promise<string> {
  const booking = await buyersBooking(db, buyer, bookingId);
  if (isPaid(booking)) throw new HttpError(409, messages.bookingPaid);
  const [started] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
  const existing = started && (await provider.retrieveIntent(started.intentId));
  if (existing?.status === 'succeeded') {
    await completeOrder(db, provider, jobs, booking, existing.id, existing);
    throw new HttpError(409, messages.bookingPaid);
  }
  if (booking.status === 'cancelled') throw new HttpError(409, messages.bookingCancelled);
  const product = await findExistingProduct(db, booking.productId);
  if (booking.status === 'closed' || product?.status === 'sold') {
    throw new HttpError(409, messages.bookingClosed);
  }
  if (!product) throw new HttpError(409, messages.productUnavailable);
  if (existing) return existing.clientSecret;
  const intent = await provider.createIntent({
    bookingId: booking.id,
    amountCents: booking.priceCents,
    currency: CURRENCY,
  });
  const payment = {
    provider: provider.name,
    intentId: intent.id,
    amountCents: intent.amountCents,
    currency: intent.currency,
  };
  // A stored intent the provider does not know (e.g. after switching providers) was never
  // paid: the new intent replaces it, or paying the new one could never be recorded.
  await db
    .insert(payments)
    .values({ bookingId: booking.id, ...payment, status: 'requires_payment' })
    .onConflictDoUpdate({
      target: payments.bookingId,
      set: payment,
      setWhere: eq(payments.status, 'requires_payment'),
    });
  return intent.clientSecret;
}

export interface OrderResult {
  acknowledged: true;
  bookingId: string;
  paymentId: string;
}

/**
 * Records a paid order: verifies the intent with the provider, then in one transaction marks
 * the booking paid, the product sold and unadvertised, and closes the product's other
 * bookings. Replaying a recorded order returns the same result and changes nothing.
 */
export async function recordOrder(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  buyer: UserRow,
  order: { bookingId: string; paymentId: string },
): Promise<OrderResult> {
  const booking = await buyersBooking(db, buyer, order.bookingId);
  return completeOrder(db, provider, jobs, booking, order.paymentId);
}

/**
 * The provider says an intent succeeded (Stripe's webhook): the order is recorded even if the
 * buyer closed the tab before the web app posted it. Unknown bookings are ignored; an order
 * already recorded stays as it is; a payment for a product sold to someone else or no longer
 * available meanwhile is refunded.
 */
export async function recordOrderForIntent(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  intentId: string,
  bookingId: string | undefined,
): Promise<void> {
  // Metadata that cannot be a booking id (not even a UUID) is an unknown booking too.
  const id = idSchema.safeParse(bookingId);
  if (!id.success) return;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id.data));
  if (!booking) return;
  try {
    await completeOrder(db, provider, jobs, booking, intentId);
  } catch (error) {
    // 4xx outcomes (already paid with another payment, sold and refunded) are final answers.
    if (!(error instanceof HttpError)) throw error;
  }
}

/** Why a confirmed payment could not buy the product; it has been refunded. */
const refusedAfterPayment = {
  cancelled: messages.cancelledRefunded,
  'sold-to-another': messages.soldToAnotherBuyer,
  unavailable: messages.unavailableRefunded,
  refunded: messages.paymentRefunded,
};

/**
 * Settles a payment the provider took: records the order, or refunds the payment (409 naming
 * the refund) when the product was sold to someone else or is gone. Safe to repeat. A caller
 * that has just retrieved the intent passes it, so the provider is not asked twice.
 */
export async function completeOrder(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  booking: BookingRow,
  paymentId: string,
  retrieved?: ProviderIntent,
): Promise<OrderResult> {
  const result: OrderResult = {
    acknowledged: true,
    bookingId: booking.id,
    paymentId,
  };
  if (isPaid(booking)) {
    if (booking.paymentId === paymentId) return result;
    throw new HttpError(409, messages.bookingPaid);
  }
  await verifyPayment(db, provider, booking, paymentId, retrieved);

  // Whether the payment was recorded before the booking was cancelled: its refund was booked by
  // the cancel and is sent from `succeeded`, not as a payment that never bought anything.
  let recordedBeforeCancel = false;
  const outcome = await db.transaction(async (tx) => {
    // Lock the product before the booking: the winner also closes the other buyers'
    // bookings, so locking bookings first would let two payments deadlock.
    const product = await findExistingProduct(tx, booking.productId, 'update');
    const locked = await lockBookingRow(tx, booking.id);
    if (isPaid(locked)) return locked.paymentId === paymentId ? 'recorded' : 'booking-paid';
    // Cancelled before the payment went through (another tab, a late webhook): refunded. Or
    // cancelled after it, with its refund not sent yet (the provider failed): sent now.
    if (locked.status === 'cancelled') {
      recordedBeforeCancel = locked.paymentId === paymentId;
      return 'cancelled';
    }
    // A deleted product, or one whose seller was deleted, cannot be bought any more.
    if (!product) return 'unavailable';
    if (product.status === 'sold') return 'sold-to-another';
    // A payment refunded earlier buys nothing, even if the product is for sale again; nor does one
    // whose refund is booked but not yet taken by the provider (it failed: the payment went back
    // to requires_payment, the booking's funds say refunded), which is sent again below.
    const [payment] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.bookingId, booking.id))
      .for('update');
    const refunded = payment?.status === 'refunding' || payment?.status === 'refunded';
    if (refunded || locked.funds === 'refunded') return 'refunded';
    // The money is held until the handover and the complaint window after it (DESIGN §15).
    await tx
      .update(bookings)
      .set({
        status: 'paid',
        paymentId: paymentId,
        paidAt: sql`now()`,
        funds: 'held',
        handoverCode: newHandoverCode(),
      })
      .where(eq(bookings.id, booking.id));
    await book(tx, booking.id, 'payment', { buyer: -locked.priceCents, held: locked.priceCents });
    await tx
      .update(products)
      .set({ status: 'sold', advertised: false })
      .where(eq(products.id, product.id));
    await tx
      .update(bookings)
      .set({ status: 'closed' })
      .where(
        and(
          eq(bookings.productId, product.id),
          ne(bookings.id, booking.id),
          eq(bookings.status, 'unpaid'),
        ),
      );
    await tx
      .update(payments)
      .set({ status: 'succeeded' })
      .where(eq(payments.bookingId, booking.id));
    await notify(tx, jobs, { userId: locked.sellerId, side: 'seller' }, booking.id, 'paid');
    if (await isWatched(tx, product.id)) await listingChanged(tx, jobs, product.id, 'sold');
    return 'recorded';
  });

  if (outcome === 'booking-paid') throw new HttpError(409, messages.bookingPaid);
  if (outcome !== 'recorded') {
    const from = recordedBeforeCancel ? 'succeeded' : 'requires_payment';
    const refundId = await refundPayment(db, provider, booking.id, from);
    throw new HttpError(409, refusedAfterPayment[outcome], {}, { refundId });
  }
  return result;
}

/** The intent must be ours for this booking, succeeded, and for the booking's exact amount. */
async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  booking: BookingRow,
  paymentId: string,
  retrieved: ProviderIntent | undefined,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment || payment.intentId !== paymentId) {
    throw new HttpError(400, messages.paymentUnknown);
  }
  const intent = retrieved ?? (await provider.retrieveIntent(paymentId));
  if (!intent || intent.bookingId !== booking.id) throw new HttpError(400, messages.paymentUnknown);
  if (intent.status !== 'succeeded') throw new HttpError(402, messages.paymentNotSucceeded);
  if (intent.amountCents !== booking.priceCents || intent.currency !== CURRENCY) {
    throw new HttpError(400, messages.paymentMismatch);
  }
}
