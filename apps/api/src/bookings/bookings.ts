import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  MAX_THREAD_MESSAGES,
  MAX_UNPAID_BOOKINGS,
  messages,
  type Booking,
  type bookingBodySchema,
  type BookingSide,
  type BookingStatus,
  type Pagination,
  type Sale,
} from '@reloop/shared';
import type { z } from 'zod';
import { UNIQUE_VIOLATION, sqlErrorCode, type Database } from '../db/client.ts';
import {
  dollars,
  isoTime,
  jsonObject,
  parseJson,
  type JsonObject,
  type JsonText,
} from '../db/json.ts';
import { preparedPerDatabase, preparedSqlStatement } from '../db/prepared.ts';
import {
  bookingMessages,
  bookings,
  liveEvents,
  notifications,
  payments,
  products,
  questionMessages,
  questions,
  users,
} from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { accountIdByEmail, type UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { keysetStatements, readPage } from '../pagination.ts';
import { listingShown } from '../products/products.ts';
import { reviewFieldsOf } from '../reviews/fields.ts';
import { liveEventsWritten } from '../events/publish.ts';
import { emailNotice, unreadBookingNotices } from './notifications.ts';
import { readMarkOf, unreadMessagesOf } from './read-marks.ts';

/**
 * Bookings: a buyer's claim on a product, priced from the database at booking time. Name,
 * image and price are snapshots so an order reads the same after the listing changes. The
 * buyer reads them as orders, the product's seller as sales (DESIGN §12).
 */
export type BookingRow = typeof bookings.$inferSelect;

/** Contact details are for a deal in progress: the seller's once paid, the buyer's until off. */
const sellerContactShown: BookingStatus[] = ['paid', 'completed'];
const buyerContactShown: BookingStatus[] = ['unpaid', 'paid', 'completed'];

/**
 * `value` while the booking's status is one of `statuses`, null otherwise. A subquery in
 * `value` is only run for the bookings that show it.
 */
const shownWhile = (statuses: BookingStatus[], value: SQLWrapper) =>
  sql`case when ${inArray(bookings.status, statuses).inlineParams()} then ${value} end`;

/** The seller's name and the listing's phone, for the buyer once the handover is near. */
const sellerName = sql`(select seller.name from ${users} seller where seller.id = ${bookings.sellerId})`;
const listingPhone = sql`(select product.phone from ${products} product where product.id = ${bookings.productId})`;

/**
 * What both sides see of a booking alike: the booking, the product as booked, where it stands,
 * and the messages from the other side `side` has not read.
 */
const bookingFields = (side: BookingSide) => ({
  _id: bookings.id,
  productId: bookings.productId,
  productName: bookings.productName,
  productImg: bookings.productImage,
  productPrice: dollars(bookings.priceCents),
  status: bookings.status,
  note: bookings.note,
  paidAt: isoTime(bookings.paidAt),
  completedAt: isoTime(bookings.completedAt),
  cancelledAt: isoTime(bookings.cancelledAt),
  cancelledBy: bookings.cancelledBy,
  /** Set when the booking's payment was refunded, so both sides see the money came back. */
  refundId: payments.refundId,
  unreadMessages: unreadMessagesOf(side, readMarkOf(side)),
  funds: bookings.funds,
  releaseAt: isoTime(bookings.releaseAt),
  ...reviewFieldsOf(side),
  timeWhenBooked: isoTime(bookings.createdAt),
});

/** A booking as its buyer sees it (the Booking schema), written by PostgreSQL (db/json.ts). */
const buyerBookingJson = jsonObject<Booking>('booking', {
  ...bookingFields('buyer'),
  buyerName: users.name,
  buyerEmail: users.email,
  buyerPhone: bookings.phone,
  buyerMeetingLocation: bookings.meetingLocation,
  paymentId: bookings.paymentId,
  sellerName: shownWhile(sellerContactShown, sellerName),
  sellerPhone: shownWhile(sellerContactShown, listingPhone),
  // Cleared at the handover and at a cancel; an admin reading the booking gets it removed.
  handoverCode: bookings.handoverCode,
  sellerId: bookings.sellerId,
});

/** A booking as the seller of its product sees it (the Sale schema). */
const saleJson = jsonObject<Sale>('sale', {
  ...bookingFields('seller'),
  buyerName: users.name,
  buyerId: bookings.buyerId,
  buyerPhone: shownWhile(buyerContactShown, bookings.phone),
  meetingLocation: bookings.meetingLocation,
});

/** Bookings as JSON `json` writes them, with what they join; `where` picks them. */
const bookingViews = <Json>(db: Database, json: JsonObject<Json>) =>
  db
    .select({
      id: bookings.id,
      buyerId: bookings.buyerId,
      sellerId: bookings.sellerId,
      json: json.text,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .crossJoinLateral(json.lateral);

export async function createBooking(
  db: Database,
  jobs: JobQueue,
  buyer: UserRow,
  body: z.output<typeof bookingBodySchema>,
): Promise<string> {
  const note = body.note || null;
  try {
    return await db.transaction(async (tx) => {
      const [outcome] = await bookProduct(tx, { ...body, buyerId: buyer.id, note });
      if (!outcome) throw new HttpError(404, messages.productNotFound);
      if (outcome.seller_id === buyer.id) throw new HttpError(403, messages.ownProduct);
      if (outcome.status !== 'unsold') throw new HttpError(409, messages.productSold);
      if (outcome.unpaid_bookings >= MAX_UNPAID_BOOKINGS) {
        throw new HttpError(409, messages.tooManyUnpaidBookings);
      }
      if (!outcome.booking_id || !outcome.notice_id) {
        throw new Error(`booking of unsold product ${body.productId} not made`);
      }
      // Only a seller who would get it has the email queued: no job just to be dropped.
      if (outcome.seller_wants_email) await emailNotice(tx, jobs, outcome.notice_id, 'booked');
      liveEventsWritten();
      return outcome.booking_id;
    });
  } catch (error) {
    if (sqlErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, messages.alreadyBooked);
    throw error;
  }
}

/**
 * What booking a product found: the product (none when gone), the buyer's unpaid bookings
 * before this one (counted up to the cap), and the booking, when made, with the seller's notice
 * and whether the seller wants it by email (verified, bookings emails on).
 */
interface BookingOutcome extends Record<string, unknown> {
  seller_id: string;
  status: string;
  unpaid_bookings: number;
  booking_id: string | null;
  notice_id: string | null;
  seller_wants_email: boolean | null;
}

/** Bare column names, as an INSERT's column list and a CTE's select list take them. */
const column = (each: { name: string }) => sql.identifier(each.name);
const columns = (...each: { name: string }[]) => sql.join(each.map(column), sql`, `);

/**
 * A booking in one statement, so one round trip and one commit, prepared: booking is the one
 * hot call that writes. The product is locked for share until the booking is in: a sale (which
 * locks it for update) or a delete of it waits, so nobody books a product that was just sold or
 * deleted. Name, image and price come from the listing. A buyer holding MAX_UNPAID_BOOKINGS
 * unpaid ones books nothing more (two bookings at the same instant may both pass: the cap
 * bounds a flood, it is no invariant). The buyer's conversation before booking with the seller
 * (DESIGN §17), when they asked, begins the thread: its messages are copied with their times, and
 * so are both sides' read marks, so what was read stays read (one index probe when nobody asked).
 * The note comes after them, so the seller can answer it where the buyer looks (of a conversation
 * at the cap, the oldest message makes room for it), and the seller is notified, the notice
 * replacing any unread one of the same buyer booking or cancelling the same product (book, cancel,
 * book again is one notice). Its values: `productId`, `buyerId`, `buyerPhone`,
 * `buyerMeetingLocation` and `note` (null for none).
 */
/**
 * The seller's live events of a new booking (DESIGN §17), written by the booking's statement
 * from its notice, as `notify()` writes them for every other notice.
 */
const sellerToldLive = sql`insert into ${liveEvents} (${columns(liveEvents.userId, liveEvents.type, liveEvents.data)})
  select ${column(notifications.userId)}, event.type, event.data from seller_notified
  cross join lateral (values
    ('notification', jsonb_build_object('_id', ${column(notifications.id)}, 'kind', 'booked', 'bookingId', ${column(notifications.bookingId)})),
    ('booking', jsonb_build_object('bookingId', ${column(notifications.bookingId)}, 'kind', 'booked'))
  ) as event (type, data)`;

const bookProduct = (() => {
  const buyerId = sql`${sql.placeholder('buyerId')}::uuid`;
  const note = sql`${sql.placeholder('note')}::text`;
  const { id, sellerId, status } = products;
  return preparedSqlStatement<BookingOutcome>(
    'bookings_book_product',
    sql`with product as (
      select ${columns(id, sellerId, status, products.name, products.image, products.resalePriceCents)}
      from ${products}
      where ${and(listingShown, eq(products.id, sql.placeholder('productId')))}
      for share
    ), unpaid as (
      select count(*)::int as bookings from (
        select from ${bookings}
        where ${bookings.buyerId} = ${buyerId} and ${bookings.status} = 'unpaid'
        limit ${sql.raw(String(MAX_UNPAID_BOOKINGS))}
      ) counted
    ), question as (
      select ${columns(questions.id, questions.buyerReadAt, questions.sellerReadAt)} from ${questions}
      where ${questions.productId} = ${sql.placeholder('productId')}::uuid and ${questions.buyerId} = ${buyerId}
    ), booking as (
      insert into ${bookings} (${columns(
        bookings.productId,
        bookings.buyerId,
        bookings.sellerId,
        bookings.productName,
        bookings.productImage,
        bookings.priceCents,
        bookings.phone,
        bookings.meetingLocation,
        bookings.note,
        bookings.buyerReadAt,
        bookings.sellerReadAt,
      )})
      select ${column(id)}, ${buyerId}, ${columns(sellerId, products.name, products.image, products.resalePriceCents)},
        ${sql.placeholder('buyerPhone')}, ${sql.placeholder('buyerMeetingLocation')}, ${note},
        (select ${column(questions.buyerReadAt)} from question), (select ${column(questions.sellerReadAt)} from question)
      from product, unpaid
      where ${column(status)} = 'unsold' and ${column(sellerId)} <> ${buyerId}
        and unpaid.bookings < ${sql.raw(String(MAX_UNPAID_BOOKINGS))}
      returning ${columns(bookings.id, bookings.sellerId)}
    ), earlier_questions as (
      insert into ${bookingMessages} (${columns(bookingMessages.bookingId, bookingMessages.from, bookingMessages.text, bookingMessages.createdAt)})
      select booking.${column(bookings.id)}, ${columns(questionMessages.from, questionMessages.text, questionMessages.createdAt)}
      from booking, question
      join ${questionMessages} on ${questionMessages.questionId} = question.${column(questions.id)}
      order by ${questionMessages.createdAt} desc, ${questionMessages.id} desc
      limit ${sql.raw(String(MAX_THREAD_MESSAGES))} - (${note} is not null)::int
    ), opening_message as (
      insert into ${bookingMessages} (${columns(bookingMessages.bookingId, bookingMessages.from, bookingMessages.text)})
      select ${column(bookings.id)}, 'buyer', ${note} from booking where ${note} is not null
    ), earlier_notice as (
      ${unreadBookingNotices(sql`(select ${column(bookings.sellerId)} from booking)`, sql`${sql.placeholder('productId')}::uuid`, buyerId)}
    ), seller_notified as (
      insert into ${notifications} (${columns(notifications.userId, notifications.side, notifications.bookingId, notifications.kind)})
      select ${column(bookings.sellerId)}, 'seller', ${column(bookings.id)}, 'booked' from booking
      returning ${columns(notifications.id, notifications.userId, notifications.bookingId)}
    ), seller_told as (
      ${sellerToldLive}
    )
    select product.${column(sellerId)} as seller_id, product.${column(status)} as status,
      unpaid.bookings as unpaid_bookings, booking.${column(bookings.id)} as booking_id,
      (select ${column(notifications.id)} from seller_notified) as notice_id,
      (select ${users.emailVerifiedAt} is not null and ${users.notifyBookings} from ${users}
        where ${users.id} = product.${column(sellerId)}) as seller_wants_email
    from product cross join unpaid left join booking on true`,
  );
})();

/** One side's bookings, newest first, where `owner` names them: an index range on it. */
const bookingList = <Json>(
  name: string,
  json: JsonObject<Json>,
  owner: (db: Database) => SQL | undefined,
) =>
  preparedPerDatabase((db) =>
    keysetStatements(name, bookings, bookings, (position, limit) =>
      bookingViews(db, json)
        .where(and(owner(db), position))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit),
    ),
  );

/** A buyer's bookings: (buyer_id, created_at, id). */
const buyerBookingList = bookingList('bookings_buyer_listing', buyerBookingJson, (db) =>
  eq(bookings.buyerId, accountIdByEmail(db, 'buyerEmail')),
);

/** A buyer's bookings of one product: the product's few bookings (product_id), the buyer's. */
const buyerProductBookingList = bookingList('bookings_buyer_product', buyerBookingJson, (db) =>
  and(
    eq(bookings.productId, sql.placeholder('productId')),
    eq(bookings.buyerId, accountIdByEmail(db, 'buyerEmail')),
  ),
);

/** A seller's sales: (seller_id, created_at, id). */
const sellerSaleList = bookingList('bookings_seller_listing', saleJson, () =>
  eq(bookings.sellerId, sql.placeholder('sellerId')),
);

export const listBuyerBookings = (
  db: Database,
  buyerEmail: string,
  productId: string | undefined,
  page: Pagination,
) =>
  productId === undefined
    ? readPage(buyerBookingList(db), { buyerEmail: buyerEmail.toLowerCase() }, page)
    : readPage(
        buyerProductBookingList(db),
        { buyerEmail: buyerEmail.toLowerCase(), productId },
        page,
      );

export const listSales = (db: Database, sellerId: string, page: Pagination) =>
  readPage(sellerSaleList(db), { sellerId }, page);

/** A booking by id; 404 when there is none. Who may see it is the caller's check. */
export async function findBookingRow(db: Database, bookingId: string): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, messages.bookingNotFound);
  return booking;
}

/** Locks a booking's row until the transaction ends; a change to it elsewhere waits. */
export async function lockBookingRow(tx: Database, bookingId: string): Promise<BookingRow> {
  const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!locked) throw new Error(`booking ${bookingId} vanished`);
  return locked;
}

async function findBookingView<Json>(db: Database, bookingId: string, json: JsonObject<Json>) {
  const [row] = await bookingViews(db, json).where(eq(bookings.id, bookingId));
  if (!row) throw new HttpError(404, messages.bookingNotFound);
  return row;
}

/** A booking as its buyer (or an admin) sees it. */
export async function findBookingFor(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<JsonText<Booking>> {
  const view = await findBookingView(db, bookingId, buyerBookingJson);
  if (view.buyerId === user.id) return view.json;
  if (user.role !== 'admin') throw new HttpError(403, messages.forbidden);
  return withoutHandoverCode(view.json);
}

/**
 * The booking without its handover code, for an admin: only the buyer sees the code, so that
 * nobody but the buyer can confirm that the laptop changed hands.
 */
export function withoutHandoverCode(json: JsonText<Booking>): JsonText<Booking> {
  const booking = parseJson(json);
  if (booking.handoverCode === null) return json;
  return JSON.stringify({ ...booking, handoverCode: null }) as JsonText<Booking>;
}

/** A booking as the seller of its product sees it. */
export async function findSaleFor(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<JsonText<Sale>> {
  const view = await findBookingView(db, bookingId, saleJson);
  if (view.sellerId !== user.id) throw new HttpError(403, messages.forbidden);
  return view.json;
}
