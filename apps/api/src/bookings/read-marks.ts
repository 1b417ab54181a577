import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BookingSide } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookingMessages, bookings } from '../db/schema.ts';

/**
 * How far each side of a booking has read its thread: a time per side on the booking. A
 * message from the other side after it is unread. The times are the database's own: a
 * JavaScript Date keeps milliseconds, PostgreSQL microseconds, so a copy would leave the
 * message it came from unread.
 */
export const readMarkOf = (side: BookingSide) =>
  side === 'buyer' ? bookings.buyerReadAt : bookings.sellerReadAt;

/**
 * The booking's messages unread by `side` (a side, or a column naming one) whose mark is
 * `readMark`, counted by one index range on the thread.
 */
export const unreadMessagesOf = (side: BookingSide | PgColumn, readMark: SQL | PgColumn) =>
  sql<number>`(select count(*)::int from ${bookingMessages}
    where ${unreadMessageOf(side, readMark)})`;

/** A message of the booking's thread that `side`, whose mark is `readMark`, has not read. */
export const unreadMessageOf = (side: BookingSide | PgColumn, readMark: SQL | PgColumn) =>
  sql`${bookingMessages.bookingId} = ${bookings.id}
    and ${bookingMessages.from} <> ${side}
    and ${bookingMessages.createdAt} > coalesce(${readMark}, '-infinity')`;

/**
 * Moves `side`'s mark up to a message, never back, and says whether it moved. A mark already
 * there matches no row, so reading a thread already read (every poll of an open one) writes
 * nothing.
 */
export async function markReadUpTo(
  db: Database,
  bookingId: string,
  side: BookingSide,
  messageId: string,
): Promise<boolean> {
  const mark = readMarkOf(side);
  const messageTime = sql`(select ${bookingMessages.createdAt} from ${bookingMessages} where ${bookingMessages.id} = ${messageId})`;
  const moved = await db
    .update(bookings)
    .set(side === 'buyer' ? { buyerReadAt: messageTime } : { sellerReadAt: messageTime })
    .where(and(eq(bookings.id, bookingId), or(isNull(mark), lt(mark, messageTime))))
    .returning({ id: bookings.id });
  return moved.length > 0;
}
