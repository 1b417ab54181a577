import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '@reloop/shared';
import { UNIQUE_VIOLATION, sqlErrorCode, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';

/** Accounts and their server-side sessions: the only place that writes either table. */
export type UserRow = typeof users.$inferSelect;

/**
 * `(select id from users where email = $name and not deleted)`, for a list that names its owner
 * by email: one statement, and the outer query still reads its index by that owner's id. Only
 * the live account counts: a deleted one may share the email with the account that replaced it.
 */
export function accountIdByEmail(db: Database, placeholder: string): SQL {
  const account = alias(users, 'account');
  return sql`(${db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.email, sql.placeholder(placeholder)), isNull(account.deletedAt)))})`;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export async function createAccount(
  db: Database,
  account: {
    email: string;
    passwordHash: string | null;
    name?: string;
    image?: string;
    /** The identity provider vouched for the address: no verification email is needed. */
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: account.email.toLowerCase(),
        passwordHash: account.passwordHash,
        name: account.name ?? '',
        image: account.image ?? '',
        emailVerifiedAt: account.emailVerified ? new Date() : null,
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    if (sqlErrorCode(error) === UNIQUE_VIOLATION) throw new EmailTakenError(account.email);
    throw error;
  }
}

/**
 * Locks the user's row until `tx` ends, so two of their requests that count what they have (the
 * listings they watch, their saved searches) go one after the other. FOR NO KEY UPDATE: rows that
 * only refer to the user, a booking or a watch, are written meanwhile as ever.
 */
export async function lockUserRow(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** A user that may sign in: exists and is not deleted. */
export async function findActiveUserByEmail(
  db: Database,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return user;
}

/** The live account with this id, if there is one. */
export async function findActiveUserById(
  db: Database,
  userId: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}

/**
 * Replaces a password's hash with a new one of the same password (stronger parameters), unless
 * the stored hash changed meanwhile: a hash written since then is the newer truth.
 */
export async function replacePasswordHash(
  db: Database,
  userId: string,
  previous: string,
  next: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, userId), eq(users.passwordHash, previous)));
}

export async function startSession(db: Database, userId: string): Promise<string> {
  const [session] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
  if (!session) throw new Error('insert returned no row');
  return session.id;
}

/**
 * Ends every live session of `userId` but `keep` (a password changed, a reset, an account
 * ended): their tokens get 401 from the next call on.
 */
export async function endSessionsOf(tx: Database, userId: string, keep?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The user behind a live session: not revoked, and the user not deleted. Every signed-in call
 * asks, so it is prepared once per pool rather than built and planned per request.
 */
export async function findSessionUser(
  db: Database,
  claims: { userId: string; sessionId: string },
): Promise<UserRow | undefined> {
  const [row] = await sessionUser(db).execute(claims);
  return row?.user;
}

const sessionUser = preparedPerDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('identity_session_user'),
);

export async function updateProfile(
  db: Database,
  userId: string,
  profile: { name?: string | undefined; image?: string | undefined; phone?: string | undefined },
): Promise<UserRow> {
  const changes = {
    ...(profile.name === undefined ? {} : { name: profile.name }),
    ...(profile.image === undefined ? {} : { image: profile.image }),
    ...(profile.phone === undefined ? {} : { phone: profile.phone }),
  };
  if (Object.keys(changes).length === 0) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`user ${userId} vanished`);
    return user;
  }
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}

export function toAuthUser(user: UserRow): AuthUser {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: user.image,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    phone: user.phone,
  };
}
