import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  UNREAD_COUNTED_UP_TO,
  type BookingSide,
  type NotificationKind,
  type Notifications,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { bookingMessages, bookings, notifications, users } from '../db/schema.ts';
import { readMarkOf, unreadMessageOf } from './read-marks.ts';

/**
 * In-app notifications of the events that need a user to act (DESIGN §12): a new booking and
 * its payment (the seller), a message, a cancel, a confirmed handover. Each is written in the
 * transaction of its event, so there is never a notification of something that did not happen.
 */
const LATEST = 20;

export interface Recipient {
  userId: string;
  side: BookingSide;
}

export async function notify(
  tx: Database,
  recipient: Recipient,
  bookingId: string,
  kind: NotificationKind,
): Promise<void> {
  // A burst of messages stays one unread notification (a partial unique index says so).
  await tx
    .insert(notifications)
    .values({ ...recipient, bookingId, kind })
    .onConflictDoNothing();
}

/** The other side of a booking from `side`'s point of view. */
export function otherParty(
  booking: { buyerId: string; sellerId: string },
  side: BookingSide,
): Recipient {
  return side === 'buyer'
    ? { userId: booking.sellerId, side: 'seller' }
    : { userId: booking.buyerId, side: 'buyer' };
}

export async function listNotifications(db: Database, userId: string): Promise<Notifications> {
  const statements = notificationStatements(db);
  const [latest, [counts]] = await Promise.all([
    statements.latest.execute({ userId }),
    statements.counts.execute({ userId }),
  ]);
  return {
    unread: counts?.unread ?? 0,
    unreadMessages: counts?.unreadMessages ?? 0,
    notifications: latest.map(({ notification, productName }) => ({
      _id: notification.id,
      kind: notification.kind,
      bookingId: notification.bookingId,
      side: notification.side,
      productName,
      read: notification.readAt !== null,
      createdAt: notification.createdAt.toISOString(),
    })),
  };
}

/** How many rows `rows` has, reading no more than the bell shows. */
const countedUpTo = (rows: PgSelect) =>
  sql<number>`(select count(*)::int from (${rows.limit(UNREAD_COUNTED_UP_TO)}) counted)`;

/** Every signed-in page polls these, so both are prepared once per pool. */
const notificationStatements = preparedPerDatabase((db) => {
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
  return {
    latest: db
      .select({ notification: notifications, productName: bookings.productName })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .where(recipient)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LATEST)
      .prepare('notifications_latest'),
    // Both counts in one round trip, from the recipient's own row.
    counts: db
      .select({
        unread: countedUpTo(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(unread)
            .$dynamic(),
        ),
        unreadMessages: countedUpTo(unreadMessages),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('notifications_counts'),
  };
});

/** Marks the user's notifications read, except of unread messages: reading the thread does. */
export async function markNotificationsRead(db: Database, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ne(notifications.kind, 'message'),
      ),
    );
}

/** Reading a thread reads its message notification too. */
export async function markThreadNotificationRead(
  db: Database,
  recipient: Recipient,
  bookingId: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, recipient.userId),
        eq(notifications.bookingId, bookingId),
        eq(notifications.kind, 'message'),
        isNull(notifications.readAt),
      ),
    );
}
