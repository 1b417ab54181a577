import { and, desc, eq } from 'drizzle-orm';
import { messages, type Booking, type bookingBodySchema, type Pagination } from '@reloop/shared';
import type { z } from 'zod';
import { UNIQUE_VIOLATION, sqlErrorCode, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { bookings, payments, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { accountIdByEmail, type UserRow } from '../identity/accounts.ts';
import { keysetStatements, limitPlaceholder, readPage, type Page } from '../pagination.ts';
import { findVisibleProduct, toDollars } from '../products/products.ts';

/**
 * Bookings: a buyer's claim on a product, priced from the database at booking time. Name,
 * image and price are snapshots so an order reads the same after the listing changes.
 */
export type BookingRow = typeof bookings.$inferSelect;
export interface BuyerBooking {
  booking: BookingRow;
  buyer: Pick<UserRow, 'name' | 'email'>;
  /** Set when the booking's payment was refunded. */
  refundId: string | null;
}

/** The refund travels with the booking, so the buyer can see their money came back. */
const withRefund = { refundId: payments.refundId };

export async function createBooking(
  db: Database,
  buyer: UserRow,
  body: z.output<typeof bookingBodySchema>,
): Promise<string> {
  try {
    // The product stays locked until the booking is in: a sale (which locks it for update)
    // or a delete of it waits, so nobody books a product that was just sold or deleted.
    return await db.transaction(async (tx) => {
      const product = await findVisibleProduct(tx, body.productId, 'share');
      if (product.sellerId === buyer.id) throw new HttpError(403, messages.ownProduct);
      if (product.status !== 'unsold') throw new HttpError(409, messages.productSold);
      const [created] = await tx
        .insert(bookings)
        .values({
          productId: product.id,
          buyerId: buyer.id,
          productName: product.name,
          productImage: product.image,
          priceCents: product.resalePriceCents,
          phone: body.buyerPhone,
          meetingLocation: body.buyerMeetingLocation,
        })
        .returning({ id: bookings.id });
      if (!created) throw new Error('insert returned no row');
      return created.id;
    });
  } catch (error) {
    if (sqlErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, messages.alreadyBooked);
    throw error;
  }
}

/** A buyer's bookings, newest first: an index range on (buyer_id, created_at, id). */
const buyerBookingList = preparedPerDatabase((db) =>
  keysetStatements('bookings_buyer_listing', bookings, bookings, (position) =>
    db
      .select({ booking: bookings, buyer: { name: users.name, email: users.email }, ...withRefund })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.buyerId))
      .leftJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.buyerId, accountIdByEmail(db, 'buyerEmail')), position))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limitPlaceholder),
  ),
);

export const listBuyerBookings = (
  db: Database,
  buyerEmail: string,
  page: Pagination,
): Promise<Page<BuyerBooking>> =>
  readPage(
    buyerBookingList(db),
    { buyerEmail: buyerEmail.toLowerCase() },
    page,
    (row) => row.booking.id,
  );

/** A booking the user may see: their own, or any for an admin. */
export async function findBookingFor(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<BuyerBooking> {
  const [row] = await db
    .select({ booking: bookings, buyer: users, ...withRefund })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new HttpError(404, messages.bookingNotFound);
  if (row.booking.buyerId !== user.id && user.role !== 'admin') {
    throw new HttpError(403, messages.forbidden);
  }
  return row;
}

export function toBookingJson({ booking, buyer, refundId }: BuyerBooking): Booking {
  return {
    _id: booking.id,
    productId: booking.productId,
    productName: booking.productName,
    productImg: booking.productImage,
    productPrice: toDollars(booking.priceCents),
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerPhone: booking.phone,
    buyerMeetingLocation: booking.meetingLocation,
    status: booking.status,
    paymentId: booking.paymentId,
    refundId,
    timeWhenBooked: booking.createdAt.toISOString(),
  };
}
