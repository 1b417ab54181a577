import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  EARNINGS_MONTHS,
  EARNINGS_PAYOUTS,
  MONEY_DAYS,
  type Earnings,
  type MoneyOverview,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { bookings, ledgerEntries, payouts } from '../db/schema.ts';
import type { LedgerAccount } from './ledger.ts';

/**
 * What the ledger says, for a seller (`GET /api/earnings`) and for the admins (`GET
 * /api/admin/money`). Balances are sums of ledger entries, so they reconcile with the movements
 * by construction.
 */

/** Sums of `amount_cents` where `condition` holds, as whole cents (0 for none). */
const sumWhere = (condition: SQL) =>
  sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${condition}), 0)::int`;

const onAccount = (account: LedgerAccount) => sql`${ledgerEntries.account} = ${account}`;

/** The last `count` periods of `unit` up to now, oldest first, as their labels. */
function lastPeriods(count: number, unit: 'month' | 'day', now = new Date()): string[] {
  const labels: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const at =
      unit === 'month'
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
        : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back));
    labels.push(at.toISOString().slice(0, unit === 'month' ? 7 : 10));
  }
  return labels;
}

export async function sellerEarnings(db: Database, sellerId: string): Promise<Earnings> {
  const [balances] = await db
    .select({
      heldCents: sumWhere(onAccount('held')),
      availableCents: sumWhere(onAccount('seller')),
      paidOutCents: sumWhere(onAccount('payouts')),
      feesCents: sumWhere(onAccount('platform')),
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(eq(bookings.sellerId, sellerId));
  const latest = await db
    .select({
      bookingId: payouts.bookingId,
      productName: bookings.productName,
      amountCents: payouts.amountCents,
      feeCents: payouts.feeCents,
      status: payouts.status,
      releasedAt: payouts.createdAt,
      paidOutAt: payouts.sentAt,
    })
    .from(payouts)
    .innerJoin(bookings, eq(bookings.id, payouts.bookingId))
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.bookingId))
    .limit(EARNINGS_PAYOUTS);
  const months = lastPeriods(EARNINGS_MONTHS, 'month');
  const byMonth = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${payouts.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
      earnedCents: sql<number>`sum(${payouts.amountCents})::int`,
      feesCents: sql<number>`sum(${payouts.feeCents})::int`,
    })
    .from(payouts)
    .where(
      sql`${payouts.sellerId} = ${sellerId} and ${payouts.createdAt} >= ${`${months[0]}-01T00:00:00Z`}::timestamptz`,
    )
    .groupBy(sql`1`);
  const earned = new Map(byMonth.map((row) => [row.month, row]));
  return {
    heldCents: balances?.heldCents ?? 0,
    availableCents: balances?.availableCents ?? 0,
    paidOutCents: balances?.paidOutCents ?? 0,
    feesCents: balances?.feesCents ?? 0,
    payouts: latest.map((row) => ({
      ...row,
      releasedAt: row.releasedAt.toISOString(),
      paidOutAt: row.paidOutAt?.toISOString() ?? null,
    })),
    byMonth: months.map((month) => ({
      month,
      earnedCents: earned.get(month)?.earnedCents ?? 0,
      feesCents: earned.get(month)?.feesCents ?? 0,
    })),
  };
}

/**
 * The whole marketplace's money: what is held now, and what was ever released, refunded and
 * kept as fees; and the last MONEY_DAYS day by day (the entries' created_at index).
 */
export async function moneyOverview(db: Database): Promise<MoneyOverview> {
  const totals = {
    heldCents: sumWhere(onAccount('held')),
    releasedCents: sumWhere(
      sql`${ledgerEntries.movement} = 'release' and ${ledgerEntries.account} <> 'held'`,
    ),
    refundedCents: sumWhere(
      sql`${ledgerEntries.movement} = 'refund' and ${ledgerEntries.account} = 'buyer'`,
    ),
    feesCents: sumWhere(onAccount('platform')),
  };
  const [overall] = await db.select(totals).from(ledgerEntries);
  const days = lastPeriods(MONEY_DAYS, 'day');
  const byDay = await db
    .select({
      day: sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      paidCents: sumWhere(
        sql`${ledgerEntries.movement} = 'payment' and ${ledgerEntries.account} = 'held'`,
      ),
      releasedCents: totals.releasedCents,
      refundedCents: totals.refundedCents,
      feesCents: totals.feesCents,
    })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.createdAt} >= ${`${days[0]}T00:00:00Z`}::timestamptz`)
    .groupBy(sql`1`);
  const movedOn = new Map(byDay.map((row) => [row.day, row]));
  const none = { paidCents: 0, releasedCents: 0, refundedCents: 0, feesCents: 0 };
  return {
    heldCents: overall?.heldCents ?? 0,
    releasedCents: overall?.releasedCents ?? 0,
    refundedCents: overall?.refundedCents ?? 0,
    feesCents: overall?.feesCents ?? 0,
    byDay: days.map((day) => ({ ...none, ...movedOn.get(day), day })),
  };
}
