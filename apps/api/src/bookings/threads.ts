import { asc, desc, eq, max, sql } from 'drizzle-orm';
import {
  MAX_THREAD_MESSAGES,
  messages,
  type Message,
  type MessageSender,
  type ThreadSummary,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookingMessages, bookings, products, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import { publishMessage } from '../events/publish.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { adminMayUseThread } from '../money/escrow.ts';
import { findBookingRow, lockBookingRow, type BookingRow } from './bookings.ts';
import { partyOf } from './lifecycle.ts';
import { markThreadNotificationRead, notify, otherParty, type Recipient } from './notifications.ts';
import { markReadUpTo } from './read-marks.ts';

/**
 * One conversation per booking between its buyer and its product's seller (DESIGN §12). The
 * two of them write; an admin may read it while the product is reported, to judge the report,
 * and read and write in it about a complaint (DESIGN §15), while the complaint is open. It holds
 * MAX_THREAD_MESSAGES at most.
 */

/** A message of a booking's thread or of a conversation before booking, as the API shows it. */
export const toMessageJson = (row: {
  id: string;
  from: Message['from'];
  text: string;
  createdAt: Date;
}): Message => ({
  _id: row.id,
  from: row.from,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** The reader's mark moves up to the message, and once it moves, their message notification is read. */
async function haveRead(
  db: Database,
  reader: Recipient,
  bookingId: string,
  messageId: string,
): Promise<void> {
  if (await markReadUpTo(db, bookingId, reader.side, messageId)) {
    await markThreadNotificationRead(db, reader, bookingId);
  }
}

/**
 * Adds a message to a booking's thread in `tx`, and streams it to both sides as it commits
 * (the writer's other tabs too).
 */
export async function appendMessage(
  tx: Database,
  booking: Pick<BookingRow, 'id' | 'buyerId' | 'sellerId'>,
  from: MessageSender,
  text: string,
): Promise<Message> {
  const [created] = await tx
    .insert(bookingMessages)
    .values({ bookingId: booking.id, from, text })
    .returning();
  if (!created) throw new Error('insert returned no row');
  const message = toMessageJson(created);
  await publishMessage(tx, booking, { bookingId: booking.id }, message);
  return message;
}

/** The thread, oldest first. A party reading it has read it up to its last message. */
export async function readThread(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<Message[]> {
  const booking = await findBookingRow(db, bookingId);
  const side = partyOf(booking, user);
  if (!side) await assertAdminMayRead(db, user, booking);
  const rows = await db
    .select()
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, booking.id))
    .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id))
    .limit(MAX_THREAD_MESSAGES);
  const last = rows.at(-1);
  // Up to the last message read, not now(): one sent meanwhile stays unread.
  if (side && last) await haveRead(db, { userId: user.id, side }, booking.id, last.id);
  return rows.map(toMessageJson);
}

/** An admin reads the thread of a reported product's booking, or of a complaint. */
async function assertAdminMayRead(db: Database, user: UserRow, booking: BookingRow): Promise<void> {
  if (user.role !== 'admin') throw new HttpError(403, messages.forbidden);
  if (await adminMayUseThread(db, booking.id, false)) return;
  const [product] = await db
    .select({ reported: products.reported })
    .from(products)
    .where(eq(products.id, booking.productId));
  if (!product?.reported) throw new HttpError(403, messages.threadNotForAdmins);
}

/** Who writes: a side of the booking, or an admin while a complaint about it is open. */
async function writerOf(
  db: Database,
  user: UserRow,
  bookingId: string,
): Promise<{ booking: BookingRow; from: MessageSender }> {
  const booking = await findBookingRow(db, bookingId);
  const side = partyOf(booking, user);
  if (side) return { booking, from: side };
  if (user.role === 'admin' && (await adminMayUseThread(db, booking.id, true))) {
    return { booking, from: 'admin' };
  }
  throw new HttpError(
    403,
    user.role === 'admin' ? messages.threadNotForAdmins : messages.forbidden,
  );
}

export async function postMessage(
  db: Database,
  jobs: JobQueue,
  user: UserRow,
  bookingId: string,
  text: string,
): Promise<Message> {
  const { booking, from } = await writerOf(db, user, bookingId);
  if (booking.status === 'closed') throw new HttpError(409, messages.threadClosed);
  return db.transaction(async (tx) => {
    // The booking's row lock makes the count and the insert one step, so the cap holds.
    await lockBookingRow(tx, booking.id);
    const [thread] = await tx
      .select({ length: sql<number>`count(*)::int` })
      .from(bookingMessages)
      .where(eq(bookingMessages.bookingId, booking.id));
    if ((thread?.length ?? 0) >= MAX_THREAD_MESSAGES) throw new HttpError(409, messages.threadFull);
    const message = await appendMessage(tx, booking, from, text);
    if (from === 'admin') {
      // An admin's word reaches both sides.
      await notify(tx, jobs, { userId: booking.buyerId, side: 'buyer' }, booking.id, 'message');
      await notify(tx, jobs, { userId: booking.sellerId, side: 'seller' }, booking.id, 'message');
      return message;
    }
    // Writing in a thread means having read it.
    await haveRead(tx, { userId: user.id, side: from }, booking.id, message._id);
    await notify(tx, jobs, otherParty(booking, from), booking.id, 'message');
    return message;
  });
}

/** The conversations about a reported product, for an admin judging the report. */
export async function threadsOfReportedProduct(
  db: Database,
  productId: string,
): Promise<ThreadSummary[]> {
  const [product] = await db
    .select({ reported: products.reported })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, messages.productNotFound);
  if (!product.reported) throw new HttpError(403, messages.productNotReported);
  const rows = await db
    .select({
      bookingId: bookings.id,
      buyerName: users.name,
      status: bookings.status,
      messages: sql<number>`count(${bookingMessages.id})::int`,
      lastMessageAt: max(bookingMessages.createdAt),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .leftJoin(bookingMessages, eq(bookingMessages.bookingId, bookings.id))
    .where(eq(bookings.productId, productId))
    .groupBy(bookings.id, users.name)
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((row) => ({
    ...row,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  }));
}
