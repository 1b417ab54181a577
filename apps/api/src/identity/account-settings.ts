import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages, type NoticePreference, type NotificationPreferences } from '@reloop/shared';
import { UNIQUE_VIOLATION, sqlErrorCode, type Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { fieldError, HttpError } from '../http-errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { redeemAccountToken } from './account-tokens.ts';
import { endSessionsOf, findActiveUserByEmail, type UserRow } from './accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * What a user does to their own account (DESIGN §14): recover it, prove and change its email,
 * change its password, choose its emails. Every email goes through the job queue, in the
 * transaction of the change that causes it; links are made by the worker (mail/compose.ts).
 */

const linkNotValid = () => new HttpError(400, messages.linkNotValid);

/**
 * Queues a reset email for whoever holds `email`. Nothing is looked up here: the worker finds
 * the account, so the answer, and how long it takes, is the same whether one exists or not.
 */
export async function requestPasswordReset(
  db: Database,
  jobs: JobQueue,
  email: string,
): Promise<void> {
  await jobs.enqueue(db, 'email', { kind: 'passwordReset', email });
}

/**
 * A reset link followed: the new password replaces the old, every earlier session ends, and the
 * address counts as verified (the link reached it).
 */
export async function confirmPasswordReset(
  db: Database,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const redeemed = await redeemAccountToken(tx, token, 'password_reset');
    if (!redeemed) throw linkNotValid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, redeemed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw linkNotValid();
    await endSessionsOf(tx, user.id);
  });
}

export async function verifyEmail(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const redeemed = await redeemAccountToken(tx, token, 'email_verification');
    if (!redeemed) throw linkNotValid();
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, redeemed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw linkNotValid();
  });
}

/** A new verification link; the caller has checked the address is not verified yet. */
export async function resendVerification(
  db: Database,
  jobs: JobQueue,
  user: UserRow,
): Promise<void> {
  await jobs.enqueue(db, 'email', { kind: 'emailVerification', userId: user.id });
}

/**
 * The user proves it is them, with the password in `field`, before a change that could take the
 * account over. An account that signs in only with Google has no password, and Google keeps its
 * address (signing in with Google finds the account by it): it changes neither here.
 */
async function assertPassword(user: UserRow, password: string, field: string): Promise<void> {
  if (!user.passwordHash) throw new HttpError(400, messages.noPassword);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw fieldError(field, messages.wrongPassword);
  }
}

export async function changePassword(
  db: Database,
  user: UserRow,
  sessionId: string,
  change: { currentPassword: string; newPassword: string },
): Promise<void> {
  await assertPassword(user, change.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessionsOf(tx, user.id, sessionId);
  });
}

/** Sends a confirmation link to the new address; nothing changes until it is followed. */
export async function requestEmailChange(
  db: Database,
  jobs: JobQueue,
  user: UserRow,
  change: { newEmail: string; password: string },
): Promise<void> {
  await assertPassword(user, change.password, 'password');
  if (change.newEmail === user.email) throw fieldError('newEmail', messages.sameEmail);
  if (await findActiveUserByEmail(db, change.newEmail))
    throw new HttpError(409, messages.emailTaken);
  await jobs.enqueue(db, 'email', {
    kind: 'emailChange',
    userId: user.id,
    newEmail: change.newEmail,
  });
}

/** The link reached the new address: it becomes the account's, verified; the old one is told. */
export async function confirmEmailChange(
  db: Database,
  jobs: JobQueue,
  token: string,
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const redeemed = await redeemAccountToken(tx, token, 'email_change');
      if (!redeemed?.newEmail) throw linkNotValid();
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, redeemed.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before) throw linkNotValid();
      const [user] = await tx
        .update(users)
        .set({ email: redeemed.newEmail, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, redeemed.userId))
        .returning();
      if (!user) throw linkNotValid();
      await jobs.enqueue(tx, 'email', {
        kind: 'emailChanged',
        userId: user.id,
        oldEmail: before.email,
      });
      return user;
    });
  } catch (error) {
    // Someone signed up with the address since the link was sent.
    if (sqlErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, messages.emailTaken);
    throw error;
  }
}

/** The user row's field behind each preference. */
const preferenceFields = {
  bookings: 'notifyBookings',
  messages: 'notifyMessages',
  reviews: 'notifyReviews',
  watchlist: 'notifyWatchlist',
  savedSearches: 'notifySavedSearches',
} as const satisfies Record<NoticePreference, keyof UserRow>;

export const preferencesOf = (user: UserRow): NotificationPreferences => ({
  bookings: user.notifyBookings,
  messages: user.notifyMessages,
  reviews: user.notifyReviews,
  watchlist: user.notifyWatchlist,
  savedSearches: user.notifySavedSearches,
});

export async function setPreferences(
  db: Database,
  userId: string,
  preferences: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const changes = Object.fromEntries(
    Object.entries(preferences).map(([preference, wanted]) => [
      preferenceFields[preference as NoticePreference],
      wanted,
    ]),
  );
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new Error(`user ${userId} vanished`);
  return preferencesOf(user);
}

/** One click in a notice (RFC 8058): that kind of email stops. A deleted account changes nothing. */
export async function unsubscribe(
  db: Database,
  userId: string,
  preference: NoticePreference,
): Promise<void> {
  await db
    .update(users)
    .set({ [preferenceFields[preference]]: false })
    .where(eq(users.id, userId));
}
