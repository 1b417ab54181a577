import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BookingTransition, Funds, Notifications } from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import { bookings, ledgerEntries } from '../../src/db/schema.ts';
import { reconcile } from '../../src/money/ledger.ts';
import { call, readBooking, sellProduct } from './behaviour.ts';
import type { Actor } from './marketplace.ts';

/**
 * The escrow tests' conveniences (DESIGN §15): a sale handed over, the ledger of a booking as
 * movements and accounts, and the books' invariants checked two ways.
 */

/** Sold (paid for, order recorded) and handed over on the buyer's word. */
export async function handedOver(
  app: FastifyInstance,
  productId: string,
): Promise<{ buyer: Actor; bookingId: string; paymentId: string; transition: BookingTransition }> {
  const sale = await sellProduct(app, productId);
  const response = await call(app, 'POST', `/api/bookings/${sale.bookingId}/complete`, {
    actor: sale.buyer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...sale, transition: response.json<BookingTransition>() };
}

/** The buyer's six-digit code, as their My Orders shows it. */
export async function handoverCodeOf(
  app: FastifyInstance,
  buyer: Actor,
  bookingId: string,
): Promise<string> {
  const { handoverCode } = await readBooking(app, buyer, bookingId);
  if (!handoverCode) throw new Error(`booking ${bookingId} shows its buyer no handover code`);
  return handoverCode;
}

/** A code that is not `code`. */
export const wrongCodeFor = (code: string): string => (code === '000000' ? '111111' : '000000');

export async function fundsOf(db: Database, bookingId: string): Promise<Funds | undefined> {
  const [row] = await db
    .select({ funds: bookings.funds })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.funds;
}

export async function bookingRow(db: Database, bookingId: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row;
}

/** A booking's ledger: movement → account → cents (zero lines are never written). */
export async function ledgerOf(
  db: Database,
  bookingId: string,
): Promise<Record<string, Record<string, number>>> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.id));
  const ledger: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    const movement = (ledger[row.movement] ??= {});
    expect(movement[row.account], `${row.movement} booked ${row.account} twice`).toBeUndefined();
    movement[row.account] = row.amountCents;
  }
  return ledger;
}

/**
 * The ledger's invariants (DESIGN §15), from `reconcile()` and again from the rows: every
 * booking's entries sum to zero, and its held money is never below zero, after any movement in
 * the order they were written.
 */
export async function expectSoundBooks(db: Database): Promise<void> {
  const books = await reconcile(db);
  expect(books).toMatchObject({ unbalanced: 0, negativeHeld: 0 });
  const result = await db.execute<{
    booking_id: string;
    movement: string;
    held: number;
    total: number;
  }>(
    sql`select booking_id, movement, min(id) as first,
        sum(amount_cents)::int as total,
        coalesce(sum(amount_cents) filter (where account = 'held'), 0)::int as held
      from ledger_entries group by booking_id, movement order by booking_id, first`,
  );
  const held = new Map<string, number>();
  for (const row of result.rows) {
    expect(row.total, `${row.movement} of ${row.booking_id} does not balance`).toBe(0);
    const now = (held.get(row.booking_id) ?? 0) + row.held;
    expect(now, `held money of ${row.booking_id} after its ${row.movement}`).toBeGreaterThanOrEqual(
      0,
    );
    held.set(row.booking_id, now);
  }
  expect(books.bookings).toBe(held.size);
}

export async function notificationKinds(
  app: FastifyInstance,
  actor: Actor,
  bookingId: string,
): Promise<string[]> {
  const response = await call(app, 'GET', '/api/notifications', { actor });
  expect(response.statusCode).toBe(200);
  return response
    .json<Notifications>()
    .notifications.filter((notification) => notification.bookingId === bookingId)
    .map((notification) => notification.kind);
}

export async function threadOf(app: FastifyInstance, actor: Actor, bookingId: string) {
  const response = await call(app, 'GET', `/api/bookings/${bookingId}/messages`, { actor });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ from: string; text: string }[]>()
    .map(({ from, text }) => ({ from, text }));
}
