import { sql } from 'drizzle-orm';
import { afterCommit } from '../db/after-commit.ts';
import type { Database } from '../db/client.ts';
import { countMovement } from '../metrics/metrics.ts';
import type { LEDGER_ACCOUNTS, LEDGER_MOVEMENTS } from '../db/schema.ts';
import { ledgerEntries } from '../db/schema.ts';

/**
 * The double-entry ledger of every booking's money (DESIGN §15). The accounts, seen from
 * Reloop: `buyer` (money from or back to the buyer's card), `held` (in escrow), `seller` (owed to
 * the seller), `platform` (Reloop's fee), `payouts` (transferred to the seller's account). A
 * movement moves money between them and its lines sum to zero:
 *
 *   payment  buyer −P, held +P            refund  held −R, buyer +R
 *   release  held −S−F, seller +S, platform +F     payout  seller −S, payouts +S
 *
 * Each movement happens at most once per booking (a unique index), is written in the
 * transaction of the state change it records, and is never changed: so per booking the entries
 * sum to zero, and `held` never goes negative because a refund and a release together take at
 * most what the payment put in (the escrow's state machine, money/escrow.ts).
 */
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type Movement = (typeof LEDGER_MOVEMENTS)[number];

/**
 * Books `movement` of a booking with its `lines` (account → cents, summing to zero; zero lines
 * are left out). Returns false when the booking already has that movement: a replay books
 * nothing twice.
 */
export async function book(
  tx: Database,
  bookingId: string,
  movement: Movement,
  lines: Partial<Record<LedgerAccount, number>>,
): Promise<boolean> {
  const entries = Object.entries(lines).filter(([, cents]) => cents !== 0);
  const total = entries.reduce((sum, [, cents]) => sum + cents, 0);
  if (total !== 0) throw new Error(`${movement} of booking ${bookingId} does not balance`);
  if (entries.length === 0) return false;
  const inserted = await tx
    .insert(ledgerEntries)
    .values(
      entries.map(([account, amountCents]) => ({
        bookingId,
        movement,
        account: account as LedgerAccount,
        amountCents,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  const moved = entries.reduce((sum, [, cents]) => sum + Math.max(cents, 0), 0);
  afterCommit((db) => countMovement(db, movement, moved));
  return true;
}

/** The fee Reloop keeps of `cents` released to a seller, rounded to the cent. */
export const feeOf = (cents: number, feePercent: number): number =>
  Math.round((cents * feePercent) / 100);

/**
 * The books as the ledger says they stand: bookings whose entries do not sum to zero, and
 * bookings whose held money is below zero. Both are zero when the ledger is sound; the property
 * test and the bench run it. One pass over ledger_entries_reconcile_idx, which holds every column
 * it reads in booking order, so the entries are summed off the index one booking after another.
 */
export async function reconcile(
  db: Database,
): Promise<{ bookings: number; unbalanced: number; negativeHeld: number }> {
  const result = await db.execute<{ bookings: number; unbalanced: number; negative_held: number }>(
    sql`select count(*)::int as bookings,
        count(*) filter (where total <> 0)::int as unbalanced,
        count(*) filter (where held < 0)::int as negative_held
      from (
        select sum(${ledgerEntries.amountCents}) as total,
          sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'held') as held
        from ${ledgerEntries}
        group by ${ledgerEntries.bookingId}
      ) per_booking`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('the reconciliation returned no row');
  return { bookings: row.bookings, unbalanced: row.unbalanced, negativeHeld: row.negative_held };
}
