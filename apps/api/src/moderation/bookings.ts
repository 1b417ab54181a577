import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AdminBooking, AdminBookingQuery } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { dollars, isoTime, jsonObject } from '../db/json.ts';
import { containing } from '../db/like.ts';
import { bookings, payments, users } from '../db/schema.ts';
import { afterCursorRow, readRows, type JsonRow, type Page } from '../pagination.ts';

/**
 * The orders lookup for support (DESIGN §19): every booking with its buyer, seller, status,
 * funds and refund, newest first, narrowed by status, funds, and a booking's id or words of
 * either side's name or email.
 */
const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

const party = (user: { id: PgColumn; name: PgColumn; email: PgColumn }) =>
  sql`json_build_object('_id', ${user.id}, 'name', ${user.name}, 'email', ${user.email})`;

const adminBookingJson = jsonObject<AdminBooking>('admin_booking', {
  _id: bookings.id,
  product: sql`json_build_object('_id', ${bookings.productId}, 'name', ${bookings.productName}, 'image', ${bookings.productImage})`,
  price: dollars(bookings.priceCents),
  buyer: party(buyer),
  seller: party(seller),
  status: bookings.status,
  funds: bookings.funds,
  paidAt: isoTime(bookings.paidAt),
  cancelledAt: isoTime(bookings.cancelledAt),
  cancelledBy: bookings.cancelledBy,
  refund: sql`case when ${payments.status} in ('refunding', 'refunded') then json_build_object('status', ${payments.status}, 'amount', ${dollars(payments.refundCents)}) end`,
  createdAt: isoTime(bookings.createdAt),
});

const isId = (text: string) => z.uuid().safeParse(text).success;

/** At most this many people match a lookup's words: their bookings are then read by index. */
const PEOPLE_MATCHED = 50;

export function searchBookings(
  db: Database,
  query: AdminBookingQuery,
): Promise<Page<JsonRow<AdminBooking>>> {
  const q = query.q;
  const people = q
    ? db
        .select({ id: users.id })
        .from(users)
        .where(ilike(sql`${users.name} || ' ' || ${users.email}`, containing(q)))
        .limit(PEOPLE_MATCHED)
    : undefined;
  const filters = and(
    query.status ? eq(bookings.status, query.status) : undefined,
    query.funds ? eq(bookings.funds, query.funds) : undefined,
    q && isId(q)
      ? or(eq(bookings.id, q), eq(bookings.buyerId, q), eq(bookings.sellerId, q))
      : people
        ? or(inArray(bookings.buyerId, people), inArray(bookings.sellerId, people))
        : undefined,
  );
  return readRows(
    ({ limit, cursor }) =>
      db
        .select({ id: bookings.id, json: adminBookingJson.text })
        .from(bookings)
        .innerJoin(buyer, eq(buyer.id, bookings.buyerId))
        .innerJoin(seller, eq(seller.id, bookings.sellerId))
        .leftJoin(payments, eq(payments.bookingId, bookings.id))
        .crossJoinLateral(adminBookingJson.lateral)
        .where(
          and(
            filters,
            cursor
              ? afterCursorRow(bookings, [bookings.createdAt, bookings.id], 'desc', cursor)
              : undefined,
          ),
        )
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit),
    query,
  );
}
