import { and, eq, ne } from 'drizzle-orm';
import { messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, payments, products } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import { CURRENCY, type PaymentProvider } from './provider.ts';

/**
 * Paying for a booking. The amount always comes from the booking in the database, and an
 * order is recorded only after the provider confirms the payment. When two buyers pay for
 * the same product at once, the product row lock lets exactly one win; the other is refunded.
 */
type BookingRow = typeof bookings.$inferSelect;

async function buyersBooking(db: Database, buyer: UserRow, bookingId: string): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, messages.bookingNotFound);
  if (booking.buyerId !== buyer.id) throw new HttpError(403, messages.forbidden);
  return booking;
}

/** Returns the client secret; asking again for the same booking returns the same intent. */
export async function createPaymentIntent(
  db: Database,
  provider: PaymentProvider,
  buyer: UserRow,
  bookingId: string,
): Promise<string> {
  const booking = await buyersBooking(db, buyer, bookingId);
  if (booking.status === 'paid') throw new HttpError(409, messages.bookingPaid);
  const [product] = await db.select().from(products).where(eq(products.id, booking.productId));
  if (booking.status === 'closed' || product?.status === 'sold') {
    throw new HttpError(409, messages.bookingClosed);
  }
  const [started] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
  const existing = started && (await provider.retrieveIntent(started.intentId));
  if (existing) return existing.clientSecret;
  const intent = await provider.createIntent({
    bookingId: booking.id,
    amountCents: booking.priceCents,
    currency: CURRENCY,
  });
  await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: provider.name,
      intentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: 'requires_payment',
    })
    .onConflictDoNothing({ target: payments.bookingId });
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
  buyer: UserRow,
  order: { bookingId: string; paymentId: string },
): Promise<OrderResult> {
  const booking = await buyersBooking(db, buyer, order.bookingId);
  return completeOrder(db, provider, booking, order.paymentId);
}

/**
 * The provider says an intent succeeded (Stripe's webhook): the order is recorded even if the
 * buyer closed the tab before the web app posted it. Unknown bookings are ignored; an order
 * already recorded stays as it is; a product sold to someone else meanwhile is refunded.
 */
export async function recordOrderForIntent(
  db: Database,
  provider: PaymentProvider,
  intentId: string,
  bookingId: string | undefined,
): Promise<void> {
  if (!bookingId) return;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  try {
    await completeOrder(db, provider, booking, intentId);
  } catch (error) {
    // 4xx outcomes (already paid with another payment, sold and refunded) are final answers.
    if (!(error instanceof HttpError)) throw error;
  }
}

async function completeOrder(
  db: Database,
  provider: PaymentProvider,
  booking: BookingRow,
  paymentId: string,
): Promise<OrderResult> {
  const result: OrderResult = {
    acknowledged: true,
    bookingId: booking.id,
    paymentId,
  };
  if (booking.status === 'paid') {
    if (booking.paymentId === paymentId) return result;
    throw new HttpError(409, messages.bookingPaid);
  }
  await verifyPayment(db, provider, booking, paymentId);

  const outcome = await db.transaction(async (tx) => {
    // Lock the product before the booking: the winner also closes the other buyers'
    // bookings, so locking bookings first would let two payments deadlock.
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, booking.productId))
      .for('update');
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for('update');
    if (locked?.status === 'paid') {
      return locked.paymentId === paymentId ? 'recorded' : 'booking-paid';
    }
    if (!product || product.status === 'sold') return 'sold-to-another';
    await tx
      .update(bookings)
      .set({ status: 'paid', paymentId: paymentId })
      .where(eq(bookings.id, booking.id));
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
    return 'recorded';
  });

  if (outcome === 'booking-paid') throw new HttpError(409, messages.bookingPaid);
  if (outcome === 'sold-to-another') {
    await refundOnce(db, provider, booking.id, paymentId);
    throw new HttpError(409, messages.soldToAnotherBuyer);
  }
  return result;
}

/** The intent must be ours for this booking, succeeded, and for the booking's exact amount. */
async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  booking: BookingRow,
  paymentId: string,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment || payment.intentId !== paymentId) {
    throw new HttpError(400, messages.paymentUnknown);
  }
  const intent = await provider.retrieveIntent(paymentId);
  if (!intent || intent.bookingId !== booking.id) throw new HttpError(400, messages.paymentUnknown);
  if (intent.status !== 'succeeded') throw new HttpError(402, messages.paymentNotSucceeded);
  if (intent.amountCents !== booking.priceCents || intent.currency !== CURRENCY) {
    throw new HttpError(400, messages.paymentMismatch);
  }
}

async function refundOnce(
  db: Database,
  provider: PaymentProvider,
  bookingId: string,
  paymentId: string,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (payment?.status === 'refunded') return;
  const refundId = await provider.refund(paymentId);
  await db
    .update(payments)
    .set({ status: 'refunded', refundId })
    .where(eq(payments.bookingId, bookingId));
}
