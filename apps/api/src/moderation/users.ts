import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  messages,
  moderationMessages,
  type AdminUser,
  type AdminUserQuery,
  type BulkUserActionBody,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject, parseJson } from '../db/json.ts';
import { containing } from '../db/like.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { afterCursorRow, readRows, type JsonRow, type Page } from '../pagination.ts';
import { deleteUser } from '../users/users.ts';
import { suspendIn } from './suspensions.ts';

/**
 * The admin's users (DESIGN §19): a search by words of the name or the email, by role and by
 * status, newest first in keyset pages; and the bulk actions of the spec's checkboxes.
 */
const suspendedNow = and(isNotNull(users.suspendedUntil), gt(users.suspendedUntil, sql`now()`));

const adminUserJson = jsonObject<AdminUser>('admin_user', {
  _id: users.id,
  userName: users.name,
  userEmail: users.email,
  userImg: users.image,
  role: users.role,
  verify: users.verified,
  status: sql`case when ${suspendedNow} then 'suspended' else 'active' end`,
  suspendedUntil: sql`case when ${suspendedNow} then ${isoTime(users.suspendedUntil)} end`,
  suspensionReason: sql`case when ${suspendedNow} then ${users.suspensionReason} end`,
  joinedAt: isoTime(users.createdAt),
});

/**
 * A page of live users. Each filter narrows one index range: a role reads users_role_listing_idx,
 * "suspended" users_suspended_listing_idx, words the trigram index (users_name_email_trgm_idx)
 * when they are rare, and otherwise users_listing_idx in order, filtered as it goes.
 */
export function searchUsers(
  db: Database,
  query: AdminUserQuery,
): Promise<Page<JsonRow<AdminUser>>> {
  const filters = and(
    isNull(users.deletedAt),
    query.role ? eq(users.role, query.role) : undefined,
    query.status === 'suspended' ? suspendedNow : undefined,
    query.status === 'active'
      ? or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`now()`))
      : undefined,
    query.q ? ilike(sql`${users.name} || ' ' || ${users.email}`, containing(query.q)) : undefined,
  );
  return readRows(
    ({ limit, cursor }) =>
      db
        .select({ id: users.id, json: adminUserJson.text })
        .from(users)
        .crossJoinLateral(adminUserJson.lateral)
        .where(
          and(
            filters,
            cursor ? afterCursorRow(users, [users.createdAt, users.id], 'desc', cursor) : undefined,
          ),
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit),
    query,
  );
}

/** One user as the admin's list shows them, after an action on them. */
export async function findAdminUser(db: Database, userId: string): Promise<AdminUser> {
  const [row] = await db
    .select({ json: adminUserJson.text })
    .from(users)
    .crossJoinLateral(adminUserJson.lateral)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(404, messages.userNotFound);
  return parseJson(row.json);
}

/**
 * Several users suspended or deleted in one transaction: all of them, or, when any one is
 * refused (an admin, oneself, one already deleted), none, with that one's error.
 */
export async function bulkUserAction(
  db: Database,
  jobs: JobQueue,
  admin: UserRow,
  body: BulkUserActionBody,
): Promise<number> {
  const ids = [...new Set(body.ids)];
  await db.transaction(async (tx) => {
    for (const id of ids) {
      if (body.action === 'delete') {
        await refuseOtherAdmin(tx, admin, id);
        await deleteUser(tx, jobs, admin, id);
      } else {
        await suspendIn(tx, jobs, admin, id, {
          until: body.until ?? '',
          reason: body.reason ?? '',
        });
      }
    }
  });
  return ids.length;
}

/** Another admin ticked for a bulk deletion is refused, as a suspension refuses them. */
async function refuseOtherAdmin(tx: Database, admin: UserRow, userId: string): Promise<void> {
  // Oneself is refused by the deletion, with its own message.
  if (userId === admin.id) return;
  const [user] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (user?.role === 'admin') throw new HttpError(403, moderationMessages.cannotDeleteAdmin);
}
