import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { BookingSide, NotificationKind, Notifications } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, notifications } from '../db/schema.ts';
import { readMarkOf, unreadMessagesOf } from './read-marks.ts';

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
  const [latest, [counts]] = await Promise.all([
    db
      .select({ notification: notifications, productName: bookings.productName })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LATEST),
    // Unread messages are counted only in threads with an unread message notification: a user
    // with thousands of bookings does not make every poll read them all.
    db
      .select({
        unread: sql<number>`count(*)::int`,
        unreadMessages: sql<number>`coalesce(sum(${unreadMessagesOf(
          notifications.side,
          sql`case ${notifications.side} when 'buyer' then ${readMarkOf('buyer')} else ${readMarkOf('seller')} end`,
        )}) filter (where ${notifications.kind} = 'message'), 0)::int`,
      })
      .from(notifications)
      .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
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
