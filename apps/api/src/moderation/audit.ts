import { desc, eq, sql } from 'drizzle-orm';
import type { AdminAction, AdminActionKind, Pagination } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject } from '../db/json.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { adminActions, users } from '../db/schema.ts';
import type { UserRow } from '../identity/accounts.ts';
import { keysetStatements, readPage, type JsonRow, type Page } from '../pagination.ts';

/**
 * The audit log (DESIGN §19): every admin action is a row of admin_actions, written by the
 * action itself inside its own transaction, so an action and its row commit or fail together.
 * The table refuses UPDATE and DELETE (migration 0021).
 */
export interface AuditEntry {
  action: AdminActionKind;
  target: { type: 'user' | 'listing' | 'booking' | 'review'; id: string; label: string };
  reason?: string | null | undefined;
  changes?: Record<string, unknown>;
}

/** A user as an audit row names them: the name they go by, else their email. */
export const userTarget = (user: Pick<UserRow, 'id' | 'name' | 'email'>) => ({
  type: 'user' as const,
  id: user.id,
  label: user.name || user.email,
});

export async function recordAdminAction(
  tx: Database,
  admin: Pick<UserRow, 'id'>,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: admin.id,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    reason: entry.reason ?? null,
    changes: entry.changes ?? {},
  });
}

const adminActionJson = jsonObject<AdminAction>('admin_action', {
  _id: adminActions.id,
  admin: sql`json_build_object('_id', ${users.id}, 'name', ${users.name})`,
  action: adminActions.action,
  target: sql`json_build_object('type', ${adminActions.targetType}, '_id', ${adminActions.targetId}, 'label', ${adminActions.targetLabel})`,
  reason: adminActions.reason,
  changes: adminActions.changes,
  createdAt: isoTime(adminActions.createdAt),
});

/** Newest first: a range of admin_actions_listing_idx, one admin's row joined by key. */
const auditList = preparedPerDatabase((db) =>
  keysetStatements('admin_actions_listing', adminActions, adminActions, (position, limit) =>
    db
      .select({ id: adminActions.id, json: adminActionJson.text })
      .from(adminActions)
      .innerJoin(users, eq(users.id, adminActions.adminId))
      .crossJoinLateral(adminActionJson.lateral)
      .where(position)
      .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
      .limit(limit),
  ),
);

export const listAdminActions = (
  db: Database,
  page: Pagination,
): Promise<Page<JsonRow<AdminAction>>> => readPage(auditList(db), {}, page);
