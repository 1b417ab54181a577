import { and, desc, eq, isNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  UNREAD_COUNTED_UP_TO,
  type BookingSide,
  type ListingNoticeKind,
  type Notification,
  type NotificationKind,
  type Notifications,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { publish } from '../events/publish.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { isoTime, jsonObject, type JsonText } from '../db/json.ts';
import { preparedPerDatabase, preparedSql } from '../db/prepared.ts';
import { bookingMessages, bookings, notifications, products, savedSearches } from '../db/schema.ts';
import { readMarkOf, unreadMessageOf } from './read-marks.ts';

/**
 * In-app notifications of the events that need a user to act (DESIGN §12): a new booking and
 * its payment (the seller), a message, a cancel, a confirmed handover. Each is written in the
 * transaction of its event, so there is never a notification of something that did not happen,
 * and so is its email's job (DESIGN §14; the worker decides then whether the user wants it)
 * and its live events (DESIGN §17).
 */
const LATEST = 20;

export interface Recipient {
  userId: string;
  side: BookingSide;
}

/** What a listing's notice is about (DESIGN §17): the listing, and for a match its saved search. */
export interface ListingSubject {
  productId: string;
  savedSearchId?: string;
}

/** A question notice's conversation before booking (DESIGN §17), and its listing. */
export interface QuestionSubject {
  productId: string;
  questionId: string;
}

export function notify(
  tx: Database,
  jobs: JobQueue,
  recipient: Recipient,
  bookingId: string,
  kind: NotificationKind,
): Promise<void>;
/** A notice about a listing to a user who watches it or saved a search it matches. */
export function notify(
  tx: Database,
  jobs: JobQueue,
  recipient: { userId: string },
  listing: ListingSubject,
  kind: ListingNoticeKind,
): Promise<void>;
/** A question or its answer, to the other person of a conversation before booking. */
export function notify(
  tx: Database,
  jobs: JobQueue,
  recipient: { userId: string },
  question: QuestionSubject,
  kind: 'question',
): Promise<void>;
export async function notify(
  tx: Database,
  jobs: JobQueue,
  recipient: { userId: string; side?: BookingSide },
  about: string | ListingSubject | QuestionSubject,
  kind: NotificationKind,
): Promise<void> {
  const bookingId = typeof about === 'string' ? about : null;
  // A burst of messages stays one unread notification (a partial unique index says so), and
  // so one email; so does a listing's second notice of a kind while the first is unread.
  const [notice] = await tx
    .insert(notifications)
    .values({ ...recipient, ...(typeof about === 'string' ? { bookingId } : about), kind })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!notice) return;
  // A match's email is its owner's daily digest (saved-searches/digest.ts), not one of its own.
  if (kind !== 'search_match') await emailNotice(tx, jobs, notice.id, kind);
  const { userId } = recipient;
  await publish(tx, [
    { userId, type: 'notification', data: { _id: notice.id, kind, bookingId } },
    // A message has its own event; any other booking's notice says the booking has changed.
    ...(kind === 'message' || bookingId === null
      ? []
      : [{ userId, type: 'booking' as const, data: { bookingId, kind } }]),
  ]);
}

/** Queues the email of the notification `notificationId`, in the caller's transaction. */
export const emailNotice = (
  tx: Database,
  jobs: JobQueue,
  notificationId: string,
  kind: NotificationKind,
): Promise<void> => jobs.enqueue(tx, 'email', { kind: 'notice', notificationId, event: kind });

/**
 * Deletes `userId`'s unread notices that one buyer booked or cancelled one product: a new one
 * replaces them, so booking, cancelling and booking again shows the seller one notice, not a
 * pile (notifications_booking_notice_idx finds them from the product's bookings).
 */
export const unreadBookingNotices = (
  userId: SQLWrapper,
  productId: SQLWrapper | string,
  buyerId: SQLWrapper | string,
): SQL => sql`delete from ${notifications}
  where ${notifications.userId} = ${userId} and ${notifications.readAt} is null
    and ${notifications.kind} in ('booked', 'cancelled')
    and ${notifications.bookingId} in (
      select ${bookings.id} from ${bookings}
      where ${bookings.productId} = ${productId} and ${bookings.buyerId} = ${buyerId}
    )`;

/** The other side of a booking from `side`'s point of view. */
export function otherParty(
  booking: { buyerId: string; sellerId: string },
  side: BookingSide,
): Recipient {
  return side === 'buyer'
    ? { userId: booking.sellerId, side: 'seller' }
    : { userId: booking.buyerId, side: 'buyer' };
}

/**
 * A notification as the bell lists it, written by PostgreSQL (db/json.ts): a booking's name as
 * it was booked, a listing's as it is now.
 */
const notificationJson = jsonObject<Notification>('notification', {
  _id: notifications.id,
  kind: notifications.kind,
  bookingId: notifications.bookingId,
  side: notifications.side,
  productId: notifications.productId,
  questionId: notifications.questionId,
  searchName: savedSearches.name,
  productName: sql`coalesce(${bookings.productName}, ${products.name}, '')`,
  read: sql`${notifications.readAt} is not null`,
  createdAt: isoTime(notifications.createdAt),
});

/** The bell's JSON: the user's unread counts and latest notifications, in one statement. */
export async function notificationsJson(
  db: Database,
  userId: string,
): Promise<JsonText<Notifications>> {
  const [row] = await bell(db)({ userId });
  if (!row) throw new Error('the bell statement returned no row');
  return row.json;
}

/** How many rows `rows` has, reading no more than the bell shows. */
const countedUpTo = (rows: PgSelect) =>
  sql<number>`(select count(*)::int from (${rows.limit(UNREAD_COUNTED_UP_TO)}) counted)`;

/**
 * Every signed-in page polls it, so it is one prepared statement, one round trip, and its JSON
 * comes written: the counts and the latest notifications, each from the recipient's own index
 * range.
 */
const bell = preparedPerDatabase((db) => {
  const recipient = eq(notifications.userId, sql.placeholder('userId'));
  const unread = and(recipient, isNull(notifications.readAt));
  // A message counts only in a thread whose message notification is unread: a user with
  // thousands of bookings does not make every poll read them all.
  const unreadMessages = db
    .select({ one: sql`1` })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .innerJoin(
      bookingMessages,
      unreadMessageOf(
        notifications.side,
        sql`case ${notifications.side} when 'buyer' then ${readMarkOf('buyer')} else ${readMarkOf('seller')} end`,
      ),
    )
    .where(and(unread, eq(notifications.kind, 'message')))
    .$dynamic();
  const latest = db
    .select({
      notification: notificationJson.text.as('notification'),
      createdAt: notifications.createdAt,
      id: notifications.id,
    })
    .from(notifications)
    .leftJoin(bookings, eq(bookings.id, notifications.bookingId))
    .leftJoin(products, eq(products.id, notifications.productId))
    .leftJoin(savedSearches, eq(savedSearches.id, notifications.savedSearchId))
    .crossJoinLateral(notificationJson.lateral)
    .where(recipient)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LATEST);
  const json = jsonObject<Notifications>('bell', {
    unread: countedUpTo(
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(unread)
        .$dynamic(),
    ),
    unreadMessages: countedUpTo(unreadMessages),
    // Joined as text and cast: json keeps its text as it is, where json_agg writes ", ".
    notifications: sql`(select ('[' || coalesce(string_agg(latest.notification, ',' order by latest.created_at desc, latest.id desc), '') || ']')::json from (${latest}) latest)`,
  });
  return preparedSql<{ json: JsonText<Notifications> }>(
    db,
    'notifications_bell',
    sql`select ${json.text} as json from ${json.lateral}`,
  );
});

/**
 * Marks the user's notifications read, except of unread messages and questions: reading the
 * conversation does.
 */
export async function markNotificationsRead(db: Database, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        notInArray(notifications.kind, ['message', 'question']),
      ),
    );
}

/** The unread notice of `kind` about one conversation, by the column naming it. */
const markConversationNoticeRead = (
  db: Database,
  userId: string,
  conversation: SQL,
  kind: 'message' | 'question',
) =>
  db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        conversation,
        eq(notifications.kind, kind),
        isNull(notifications.readAt),
      ),
    );

/** Reading a thread reads its message notification too. */
export async function markThreadNotificationRead(
  db: Database,
  recipient: Recipient,
  bookingId: string,
): Promise<void> {
  await markConversationNoticeRead(
    db,
    recipient.userId,
    eq(notifications.bookingId, bookingId),
    'message',
  );
}

/** Reading a conversation before booking reads its question notice too. */
export async function markQuestionNoticeRead(
  db: Database,
  userId: string,
  questionId: string,
): Promise<void> {
  await markConversationNoticeRead(
    db,
    userId,
    eq(notifications.questionId, questionId),
    'question',
  );
}
