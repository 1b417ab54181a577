import { and, desc, eq, sql } from 'drizzle-orm';
import {
  moderationMessages,
  type OwnVerification,
  type Pagination,
  type VerificationRequest,
  type VerificationRequestBody,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject, parseJson } from '../db/json.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { users, verificationRequests } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import { keysetStatements, readPage, type JsonRow, type Page } from '../pagination.ts';
import { lockSeller, setVerifiedIn } from '../users/users.ts';
import { recordAdminAction, userTarget } from './audit.ts';

/**
 * Sellers ask to be verified (DESIGN §19) and an admin approves or declines, once. A seller has
 * at most one waiting request (a partial unique index); answered ones stay as history.
 */
const requestJson = jsonObject<VerificationRequest>('verification_request', {
  _id: verificationRequests.id,
  seller: sql`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'email', ${users.email})`,
  note: verificationRequests.note,
  status: verificationRequests.status,
  createdAt: isoTime(verificationRequests.createdAt),
  decidedAt: isoTime(verificationRequests.decidedAt),
});

const requestsWithSeller = (db: Database) =>
  db
    .select({ id: verificationRequests.id, json: requestJson.text })
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.sellerId))
    .crossJoinLateral(requestJson.lateral);

export async function requestVerification(
  db: Database,
  seller: UserRow,
  body: VerificationRequestBody,
): Promise<VerificationRequest> {
  if (seller.role !== 'seller') throw new HttpError(403, moderationMessages.onlySellersVerified);
  if (seller.verified) throw new HttpError(409, moderationMessages.alreadyVerified);
  const [created] = await db
    .insert(verificationRequests)
    .values({ sellerId: seller.id, note: body.note ?? '' })
    .onConflictDoNothing()
    .returning({ id: verificationRequests.id });
  if (!created) throw new HttpError(409, moderationMessages.verificationPending);
  return findRequest(db, created.id);
}

async function findRequest(db: Database, id: string): Promise<VerificationRequest> {
  const [row] = await requestsWithSeller(db).where(eq(verificationRequests.id, id));
  if (!row) throw new HttpError(404, moderationMessages.verificationRequestNotFound);
  return parseJson(row.json);
}

/** The seller's own: whether verified, and their latest request if any. */
export async function ownVerification(db: Database, seller: UserRow): Promise<OwnVerification> {
  const [latest] = await requestsWithSeller(db)
    .where(eq(verificationRequests.sellerId, seller.id))
    .orderBy(desc(verificationRequests.createdAt))
    .limit(1);
  return { verified: seller.verified, request: latest ? parseJson(latest.json) : null };
}

/** Waiting requests, newest first (verification_requests_pending_listing_idx). */
const pendingList = preparedPerDatabase((db) =>
  keysetStatements(
    'verification_requests_pending_listing',
    verificationRequests,
    verificationRequests,
    (position, limit) =>
      requestsWithSeller(db)
        .where(and(eq(verificationRequests.status, 'pending').inlineParams(), position))
        .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
        .limit(limit),
  ),
);

export const listPendingRequests = (
  db: Database,
  page: Pagination,
): Promise<Page<JsonRow<VerificationRequest>>> => readPage(pendingList(db), {}, page);

/** Approves (the seller is verified, with its audit row) or declines a waiting request. */
export async function decideRequest(
  db: Database,
  admin: UserRow,
  requestId: string,
  approve: boolean,
): Promise<VerificationRequest> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, requestId))
      .for('update');
    if (!request) throw new HttpError(404, moderationMessages.verificationRequestNotFound);
    if (request.status !== 'pending')
      throw new HttpError(409, moderationMessages.verificationAnswered);
    const seller = await lockSeller(tx, { id: request.sellerId });
    await tx
      .update(verificationRequests)
      .set({
        status: approve ? 'approved' : 'declined',
        decidedAt: sql`now()`,
        decidedBy: admin.id,
      })
      .where(eq(verificationRequests.id, requestId));
    if (approve) {
      await setVerifiedIn(tx, admin, seller, true, { requestId });
    } else {
      await recordAdminAction(tx, admin, {
        action: 'decline_verification',
        target: userTarget(seller),
        changes: { requestId },
      });
    }
  });
  return findRequest(db, requestId);
}

/** `POST /api/admin/users/:id/unverify`: the seller's mark goes, from their listings too. */
export async function unverifySeller(db: Database, admin: UserRow, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const seller = await lockSeller(tx, { id: userId });
    if (seller.verified) await setVerifiedIn(tx, admin, seller, false);
  });
}
