import { and, desc, eq, isNull } from 'drizzle-orm';
import { messages, type Pagination, type RegisterBody, type Role, type User } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { Page } from '../pagination.ts';

/** Marketplace accounts: registration as buyer or seller, look-ups, and admin moderation. */

/**
 * Gives a signed-up account its marketplace role, name and picture. Only the first call
 * changes anything: a role, once set, is never changed here.
 */
export async function registerUser(db: Database, user: UserRow, body: RegisterBody): Promise<void> {
  if (body.userEmail !== undefined && body.userEmail !== user.email) {
    throw new HttpError(403, messages.emailMismatch);
  }
  await db
    .update(users)
    .set({
      role: body.role,
      ...(body.userName ? { name: body.userName } : {}),
      ...(body.userImg ? { image: body.userImg } : {}),
    })
    .where(and(eq(users.id, user.id), isNull(users.role)));
}

const activeUser = (email: string) =>
  and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt));

export async function roleOf(db: Database, email: string): Promise<Role | null> {
  const [user] = await db.select({ role: users.role }).from(users).where(activeUser(email));
  if (!user) throw new HttpError(404, messages.userNotFound);
  return user.role;
}

export async function listUsersByRole(
  db: Database,
  role: Role,
  page: Pagination,
): Promise<Page<UserRow>> {
  const where = and(eq(users.role, role), isNull(users.deletedAt));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(users, where),
  ]);
  return { rows, total };
}

/** Soft delete: the account can no longer sign in, its sessions end, its listings vanish. */
export async function deleteUser(db: Database, admin: UserRow, userId: string): Promise<void> {
  if (userId === admin.id) throw new HttpError(400, messages.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (deleted.length === 0) throw new HttpError(404, messages.userNotFound);
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
}

export async function verifySeller(db: Database, email: string): Promise<void> {
  const verified = await db
    .update(users)
    .set({ verified: true })
    .where(and(activeUser(email), eq(users.role, 'seller')))
    .returning({ id: users.id });
  if (verified.length === 0) throw new HttpError(404, messages.sellerNotFound);
}

export function toUserJson(user: UserRow): User {
  return {
    _id: user.id,
    userName: user.name,
    userEmail: user.email,
    userImg: user.image,
    role: user.role,
    verify: user.verified,
  };
}
