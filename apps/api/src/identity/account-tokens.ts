import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_LINK_MINUTES } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { accountTokens, users } from '../db/schema.ts';

/**
 * One-use links emailed to a user (DESIGN §14), as `<id>.<secret>`: the id finds the row, the
 * secret proves the link was received. Only a SHA-256 of the secret is stored (a leaked table
 * opens no account) and it is compared in constant time. Issuing a link voids the user's earlier
 * unused ones of the same purpose; using one marks it used in the statement that checks it is
 * not, so two clicks at once use it once.
 */
export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

const MINUTE_MS = 60_000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: ACCOUNT_LINK_MINUTES.passwordReset * MINUTE_MS,
  email_verification: ACCOUNT_LINK_MINUTES.emailVerification * MINUTE_MS,
  email_change: ACCOUNT_LINK_MINUTES.emailChange * MINUTE_MS,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[\w-]{43}$/;

const hashOf = (secret: string): Buffer => createHash('sha256').update(secret).digest();

export async function issueAccountToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  newEmail?: string,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // Two links issued at once would each void only what was committed before them, and both
    // stay valid: the user's row, locked, puts them one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await voidAccountTokens(tx, userId, purpose);
    const [token] = await tx
      .insert(accountTokens)
      .values({
        userId,
        purpose,
        secretHash: hashOf(secret).toString('hex'),
        newEmail: newEmail ?? null,
        expiresAt: sql`now() + ${`${TOKEN_LIFETIME_MS[purpose]} milliseconds`}::interval`,
      })
      .returning({ id: accountTokens.id });
    if (!token) throw new Error('insert returned no row');
    return `${token.id}.${secret}`;
  });
}

/** Voids `userId`'s unused links: of one purpose (a newer one is issued), or all (an account ends). */
export async function voidAccountTokens(
  tx: Database,
  userId: string,
  purpose?: TokenPurpose,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        purpose ? eq(accountTokens.purpose, purpose) : undefined,
        isNull(accountTokens.usedAt),
      ),
    );
}

export interface RedeemedToken {
  userId: string;
  newEmail: string | null;
}

/**
 * Uses `token` for `purpose` inside `tx`: the user it was issued to, or undefined when it is
 * malformed, unknown, of another purpose, expired, already used or replaced by a newer one.
 * The caller's transaction makes the use and what it grants one change.
 */
export async function redeemAccountToken(
  tx: Database,
  token: string,
  purpose: TokenPurpose,
): Promise<RedeemedToken | undefined> {
  const [id, secret, ...rest] = token.split('.');
  if (!id || !secret || rest.length > 0 || !UUID.test(id) || !SECRET.test(secret)) {
    return undefined;
  }
  const [row] = await tx
    .select({ secretHash: accountTokens.secretHash })
    .from(accountTokens)
    .where(and(eq(accountTokens.id, id), eq(accountTokens.purpose, purpose)));
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, 'hex'), hashOf(secret))) {
    return undefined;
  }
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.id, id),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return used;
}
