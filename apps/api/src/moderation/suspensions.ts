import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  accountSuspended,
  MAX_SUSPENSION_DAYS,
  messages,
  moderationMessages,
  type SuspensionBody,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { notifications, products, users } from '../db/schema.ts';
import { publish } from '../events/publish.ts';
import { fieldError, HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { endOpenBookingsOf } from '../users/users.ts';
import { recordAdminAction, userTarget } from './audit.ts';

/**
 * Suspensions (DESIGN §19): for a period, with a reason. While `users.suspended_until` is in the
 * future every token of the account gets 401 with both (plugins/auth.ts), sign-in is refused the
 * same way, and the account's listings are off every public list (`products.seller_suspended`,
 * which `forSale` reads). Suspending also ends the account's open bookings as a deletion does
 * (cancelled, paid ones refunded) and tells the user by email and in the bell. At `until` a job
 * queued with the suspension brings the listings back (every other check compares with now()).
 */

/** Whether the account is suspended now. */
export const isSuspended = (user: Pick<UserRow, 'suspendedUntil'>, now = new Date()) =>
  user.suspendedUntil !== null && user.suspendedUntil > now;

/** 401 for a suspended account, with the reason and the end date. */
export function assertNotSuspended(user: UserRow): void {
  if (!isSuspended(user) || !user.suspendedUntil) return;
  const reason = user.suspensionReason ?? '';
  throw new HttpError(
    401,
    accountSuspended(user.suspendedUntil, reason),
    {},
    { suspendedUntil: user.suspendedUntil.toISOString(), suspensionReason: reason },
  );
}

function suspensionEnd(until: string): Date {
  const end = new Date(until);
  const now = Date.now();
  if (end.getTime() <= now) throw fieldError('until', 'must be in the future');
  if (end.getTime() > now + MAX_SUSPENSION_DAYS * 86_400_000) {
    throw fieldError('until', `must be within ${MAX_SUSPENSION_DAYS} days`);
  }
  return end;
}

/** The live user an admin acts on, locked for the action; admins and oneself are refused. */
async function lockSuspendable(tx: Database, admin: UserRow, userId: string): Promise<UserRow> {
  if (userId === admin.id) throw new HttpError(400, moderationMessages.cannotSuspendSelf);
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) throw new HttpError(404, messages.userNotFound);
  if (user.role === 'admin') throw new HttpError(403, moderationMessages.cannotSuspendAdmin);
  return user;
}

/**
 * Suspends `userId` inside `tx` (one user, or each of a bulk action's): the account, its
 * listings, its open bookings, the audit row, and the user's notice and email.
 */
export async function suspendIn(
  tx: Database,
  jobs: JobQueue,
  admin: UserRow,
  userId: string,
  body: SuspensionBody,
): Promise<void> {
  const until = suspensionEnd(body.until);
  const user = await lockSuspendable(tx, admin, userId);
  await tx
    .update(users)
    .set({ suspendedUntil: until, suspensionReason: body.reason })
    .where(eq(users.id, userId));
  const hidden = await tx
    .update(products)
    .set({ sellerSuspended: true })
    .where(
      and(
        eq(products.sellerId, userId),
        isNull(products.deletedAt),
        eq(products.sellerSuspended, false),
      ),
    )
    .returning({ id: products.id });
  const cancelled = await endOpenBookingsOf(tx, jobs, userId);
  await recordAdminAction(tx, admin, {
    action: 'suspend',
    target: userTarget(user),
    reason: body.reason,
    changes: {
      until: until.toISOString(),
      previousUntil: isSuspended(user) ? user.suspendedUntil?.toISOString() : null,
      listingsHidden: hidden.length,
      bookingsCancelled: cancelled,
    },
  });
  const [notice] = await tx
    .insert(notifications)
    .values({ userId, kind: 'account_suspended' })
    .returning({ id: notifications.id });
  if (notice) {
    await publish(tx, [
      {
        userId,
        type: 'notification',
        data: { _id: notice.id, kind: 'account_suspended', bookingId: null },
      },
    ]);
  }
  await jobs.enqueue(tx, 'email', { kind: 'accountSuspended', userId });
  await jobs.enqueue(tx, 'suspensionEnd', { userId }, { startAfter: until });
}

export async function suspendUser(
  db: Database,
  jobs: JobQueue,
  admin: UserRow,
  userId: string,
  body: SuspensionBody,
): Promise<void> {
  await db.transaction((tx) => suspendIn(tx, jobs, admin, userId, body));
}

/** Lifts a suspension at once; lifting one that has ended or never was changes nothing. */
export async function unsuspendUser(db: Database, admin: UserRow, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockSuspendable(tx, admin, userId);
    if (user.suspendedUntil === null) return;
    const shown = await liftIn(tx, userId);
    await recordAdminAction(tx, admin, {
      action: 'unsuspend',
      target: userTarget(user),
      changes: { wasUntil: user.suspendedUntil.toISOString(), listingsShown: shown ?? 0 },
    });
  });
}

/**
 * Clears the account's suspension, only one that has run out when `ended`, and shows its listings
 * again; how many, or undefined when there was none to clear.
 */
async function liftIn(
  tx: Database,
  userId: string,
  { ended = false } = {},
): Promise<number | undefined> {
  const cleared = await tx
    .update(users)
    .set({ suspendedUntil: null, suspensionReason: null })
    .where(and(eq(users.id, userId), ended ? sql`${users.suspendedUntil} <= now()` : undefined))
    .returning({ id: users.id });
  if (cleared.length === 0) return undefined;
  const shown = await tx
    .update(products)
    .set({ sellerSuspended: false })
    .where(and(eq(products.sellerId, userId), eq(products.sellerSuspended, true)))
    .returning({ id: products.id });
  return shown.length;
}

/**
 * The job queued for a suspension's end: a suspension that has run out is cleared and the
 * account's listings come back. One lifted or lengthened meanwhile is left as it is (a longer one
 * queued its own job).
 */
export async function endSuspension(db: Database, userId: string): Promise<void> {
  await db.transaction((tx) => liftIn(tx, userId, { ended: true }));
}

export function startSuspensionEnds(db: Database, jobs: JobQueue): void {
  jobs.work('suspensionEnd', 1, (job) => endSuspension(db, job.data.userId));
}
