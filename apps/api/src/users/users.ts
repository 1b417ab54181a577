import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  centsText,
  moneyStillOwed,
  messages,
  type OpenBookings,
  type Pagination,
  type RegisterBody,
  type Role,
  type User,
} from '@reloop/shared';
import { cancelOpenBookingsOf, openBookingsOf } from '../bookings/lifecycle.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import {
  bookings,
  payments,
  products,
  savedSearches,
  users,
  verificationRequests,
  watches,
} from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { voidAccountTokens } from '../identity/account-tokens.ts';
import { endSessionsOf, type UserRow } from '../identity/accounts.ts';
import { moneyOwedTo } from '../money/payouts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { recordAdminAction, userTarget } from '../moderation/audit.ts';
import { keysetStatements, readPage, type Page } from '../pagination.ts';

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

/** What the admin's user lists return: never a password hash. */
const listedUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  role: users.role,
  verified: users.verified,
};
export type ListedUser = Pick<UserRow, keyof typeof listedUserColumns>;

/** Users of one role, newest first: an index range on (role, created_at, id). */
const usersByRoleList = preparedPerDatabase((db) =>
  keysetStatements('users_role_listing', users, users, (position, limit) =>
    db
      .select(listedUserColumns)
      .from(users)
      .where(and(eq(users.role, sql.placeholder('role')), isNull(users.deletedAt), position))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
  ),
);

export const listUsersByRole = (
  db: Database,
  role: Role,
  page: Pagination,
): Promise<Page<ListedUser>> => readPage(usersByRoleList(db), { role }, page);

/**
 * An admin deletes a user (soft delete): the account can no longer sign in, and its listings and
 * open bookings end with it (`endAccount`).
 */
export async function deleteUser(
  db: Database,
  jobs: JobQueue,
  admin: UserRow,
  userId: string,
): Promise<void> {
  if (userId === admin.id) throw new HttpError(400, messages.cannotDeleteSelf);
  await endAccount(db, jobs, userId, { erase: false, by: admin });
}

/** Shown for an erased account's side of the sales it took part in. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * Ends an account: it can no longer sign in, its sessions and unused links end, its listings
 * vanish, and its open bookings end on both sides (as buyer, and as the seller of the products
 * booked): each is cancelled on the deleted side's word and the other side told, in the same
 * transaction; its watchlist and saved searches are deleted. An admin's deletion (`by`) writes
 * its audit row in the same transaction. With `erase` (the user's own
 * deletion, DESIGN §14) its personal data goes too: name, email, phone and photo, on the
 * account, its listings and its bookings; finished sales stay, with the person shown as
 * "Deleted user". Each cancelled booking with a payment gets a
 * refund job in the same transaction (payments/refund-jobs.ts): the refund is sent once it has
 * committed, through the cancel's refund (claimed, with an idempotency key), and tried again
 * while the provider refuses it.
 */
export async function endAccount(
  db: Database,
  jobs: JobQueue,
  userId: string,
  { erase, by }: { erase: boolean; by?: UserRow },
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (erase) {
      // The seller's own deletion waits for their money: held sales and unsent payouts.
      const owed = await moneyOwedTo(tx, userId);
      if (owed > 0) throw new HttpError(409, moneyStillOwed(centsText(owed)));
    }
    const deleted = await tx
      .update(users)
      .set({
        deletedAt: now,
        ...(erase
          ? {
              name: DELETED_USER_NAME,
              email: sql`${users.id}::text || '@deleted.invalid'`,
              image: '',
              phone: '',
              passwordHash: null,
            }
          : {}),
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      // An admin's deletion keeps the name and email, which its audit row names.
      .returning({ id: users.id, name: users.name, email: users.email });
    const [account] = deleted;
    if (!account) throw new HttpError(404, messages.userNotFound);
    // Their listings leave every list with them: visibility is kept on the product rows.
    await tx
      .update(products)
      .set({ deletedAt: now })
      .where(and(eq(products.sellerId, userId), isNull(products.deletedAt)));
    await endSessionsOf(tx, userId);
    await voidAccountTokens(tx, userId);
    // Nobody is left to tell of a watched listing or a saved search's matches.
    await tx.delete(watches).where(eq(watches.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    const bookingsCancelled = await endOpenBookingsOf(tx, jobs, userId);
    if (by) {
      await recordAdminAction(tx, by, {
        action: 'delete_user',
        target: userTarget(account),
        changes: { bookingsCancelled },
      });
    }
    if (erase) {
      await tx.update(products).set({ phone: '' }).where(eq(products.sellerId, userId));
      await tx.update(bookings).set({ phone: '' }).where(eq(bookings.buyerId, userId));
    }
  });
}

/**
 * Cancels the open bookings of a user whose account ends or is suspended, in that transaction,
 * and queues the refund of each that has a payment row: one the order recorded, or one the
 * provider took before the tab closed (sendRefundOwed asks it). Returns how many were cancelled.
 */
export async function endOpenBookingsOf(
  tx: Database,
  jobs: JobQueue,
  userId: string,
): Promise<number> {
  const ended = await cancelOpenBookingsOf(tx, jobs, userId);
  if (ended.length === 0) return 0;
  const withPayments = await tx
    .select({ bookingId: payments.bookingId })
    .from(payments)
    .where(
      inArray(
        payments.bookingId,
        ended.map((booking) => booking.id),
      ),
    );
  for (const { bookingId } of withPayments) await jobs.enqueue(tx, 'refund', { bookingId });
  return ended.length;
}

/** What deleting a live user would end: their open bookings, unpaid and paid (to refund). */
export async function countOpenBookings(db: Database, userId: string): Promise<OpenBookings> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new HttpError(404, messages.userNotFound);
  const [counts] = await db
    .select({
      unpaid: sql<number>`(count(*) filter (where ${bookings.status} = 'unpaid'))::int`,
      paid: sql<number>`(count(*) filter (where ${bookings.status} = 'paid'))::int`,
    })
    .from(bookings)
    .where(openBookingsOf(userId));
  return { unpaid: counts?.unpaid ?? 0, paid: counts?.paid ?? 0 };
}

/**
 * An admin verifies a seller or withdraws it, inside `tx`, with its audit row. The seller's
 * listings carry the mark too (search filters on it), set in the same step. Returns the seller.
 */
export async function setVerifiedIn(
  tx: Database,
  admin: UserRow,
  seller: Pick<UserRow, 'id' | 'name' | 'email'>,
  verified: boolean,
  changes: Record<string, unknown> = {},
): Promise<void> {
  await tx.update(users).set({ verified }).where(eq(users.id, seller.id));
  if (verified) {
    // A waiting request is answered by the verification, whichever call made it.
    await tx
      .update(verificationRequests)
      .set({ status: 'approved', decidedAt: sql`now()`, decidedBy: admin.id })
      .where(
        and(
          eq(verificationRequests.sellerId, seller.id),
          eq(verificationRequests.status, 'pending'),
        ),
      );
  }
  await tx
    .update(products)
    .set({ sellerVerified: verified })
    .where(and(eq(products.sellerId, seller.id), eq(products.sellerVerified, !verified)));
  await recordAdminAction(tx, admin, {
    action: verified ? 'verify' : 'unverify',
    target: userTarget(seller),
    changes,
  });
}

/** The live seller with this id or email, locked for a change of its verification. */
export async function lockSeller(
  tx: Database,
  which: { id: string } | { email: string },
): Promise<UserRow> {
  const [seller] = await tx
    .select()
    .from(users)
    .where(
      and(
        'id' in which
          ? and(eq(users.id, which.id), isNull(users.deletedAt))
          : activeUser(which.email),
        eq(users.role, 'seller'),
      ),
    )
    .for('update');
  if (!seller) throw new HttpError(404, messages.sellerNotFound);
  return seller;
}

/** The spec's verify call; verifying a verified seller again changes nothing. */
export async function verifySeller(db: Database, admin: UserRow, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const seller = await lockSeller(tx, { email });
    if (!seller.verified) await setVerifiedIn(tx, admin, seller, true);
  });
}

export function toUserJson(user: ListedUser): User {
  return {
    _id: user.id,
    userName: user.name,
    userEmail: user.email,
    userImg: user.image,
    role: user.role,
    verify: user.verified,
  };
}
