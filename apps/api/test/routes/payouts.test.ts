import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARNINGS_MONTHS,
  MONEY_DAYS,
  messages,
  moneyStillOwed,
  type Dispute,
  type Earnings,
  type MoneyOverview,
} from '@reloop/shared';
import { payoutAccounts, payouts, testTransfers } from '../../src/db/schema.ts';
import { enablePayoutAccount, sendPayout } from '../../src/money/payouts.ts';
import { releaseDue } from '../../src/money/escrow.ts';
import { call, nextLink, readBooking, sellProduct } from '../helpers/behaviour.ts';
import {
  bookingRow,
  expectSoundBooks,
  fundsOf,
  handedOver,
  handoverCodeOf,
  ledgerOf,
} from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Paying sellers (DESIGN §15) with the test provider: the payout account, a released sale's
 * transfer (waiting for the account, never sent twice), the release job at `releaseAt` and
 * Reloop's fee, the seller's earnings and the admins' overview, the complaints queue, and an
 * account that cannot end while money is owed to it.
 */
const PRICE = 54_950;
const PASSWORD = 'correct horse battery';

// Each test signs several people up and sells through the API, step by step: on a busy machine
// that takes longer than the suite's default.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let seller: Actor;
let productId: string;

/** A fresh app for each test of the block, with `env`. */
function useApp(env: Record<string, string> = {}) {
  beforeEach(async () => {
    t = await createTestApp({ env });
    seller = await createActor(t.app, 'seller');
    productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });
  });
  afterEach(() => t.close());
}

const setUpPayouts = (actor: Actor) => call(t.app, 'POST', '/api/payouts/account', { actor });
const payoutStatus = async (actor: Actor) => {
  const response = await call(t.app, 'GET', '/api/payouts/account', { actor });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: string }>().status;
};
const release = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/release`, { actor });
const earningsOf = async (actor: Actor) => {
  const response = await call(t.app, 'GET', '/api/earnings', { actor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Earnings>();
};
const overview = async (actor: Actor) => {
  const response = await call(t.app, 'GET', '/api/admin/money', { actor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MoneyOverview>();
};
const thisMonth = () => new Date().toISOString().slice(0, 7);
const today = () => new Date().toISOString().slice(0, 10);

/** A sale of a fresh product of the seller's, handed over and released early by its buyer. */
async function releasedSale(productName = 'ThinkPad T14 Gen 2') {
  const product = await createProductAs(t.app, seller, { resalePrice: 549.5, name: productName });
  const sale = await handedOver(t.app, product);
  expect((await release(sale.buyer, sale.bookingId)).statusCode).toBe(200);
  return sale;
}

async function disputedSale() {
  const product = await createProductAs(t.app, seller, { resalePrice: 549.5 });
  const sale = await handedOver(t.app, product);
  const opened = await call(t.app, 'POST', `/api/bookings/${sale.bookingId}/dispute`, {
    actor: sale.buyer,
    payload: { reason: 'missing_parts', text: 'No charger in the box.' },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return sale;
}

describe('the payout account', () => {
  useApp();

  it('is set up once; with the test provider it is enabled at once and leads back to the earnings page', async () => {
    expect(await payoutStatus(seller)).toBe('none');
    const first = await setUpPayouts(seller);
    expect(first.statusCode, first.body).toBe(200);
    const { url } = first.json<{ url: string }>();
    expect(url).toMatch(/^https?:\/\/[^/]+\/dashboard\/earnings$/);
    expect(await payoutStatus(seller)).toBe('enabled');

    const again = await setUpPayouts(seller);
    expect(again.json()).toEqual({ url });
    expect(await t.db.select().from(payoutAccounts)).toEqual([
      expect.objectContaining({ userId: seller.uid, provider: 'test', status: 'enabled' }),
    ]);
  });

  it('is for sellers only', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const admin = await createActor(t.app, 'admin');
    for (const actor of [buyer, admin]) {
      expect((await setUpPayouts(actor)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/payouts/account', { actor })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/earnings', { actor })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/payouts/account')).statusCode).toBe(401);
    expect(await t.db.select().from(payoutAccounts)).toEqual([]);
  });
});

describe('a released sale’s payout', () => {
  useApp();

  it('waits while the seller has no payout account and goes out, once, when they set one up', async () => {
    const { bookingId, paymentId } = await releasedSale();
    await queueSettled(t.db, 'payout');
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, amountCents: PRICE, feeCents: 0, status: 'waiting' }),
    ]);
    expect(await t.db.select().from(testTransfers)).toEqual([]);
    expect(await earningsOf(seller)).toMatchObject({
      heldCents: 0,
      availableCents: PRICE,
      paidOutCents: 0,
      payouts: [expect.objectContaining({ bookingId, status: 'waiting', paidOutAt: null })],
    });

    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    const transfers = await t.db.select().from(testTransfers);
    expect(transfers).toEqual([
      expect.objectContaining({
        idempotencyKey: `reloop-transfer-${bookingId}`,
        sourceIntentId: paymentId,
        amountCents: PRICE,
        destination: `acct_test_${seller.uid.replaceAll('-', '')}`,
      }),
    ]);
    expect(await earningsOf(seller)).toMatchObject({
      availableCents: 0,
      paidOutCents: PRICE,
      payouts: [
        expect.objectContaining({ bookingId, status: 'sent', paidOutAt: expect.any(String) }),
      ],
    });

    // The job run again, in parallel, and the account enabled again: nothing is sent twice.
    await Promise.all([
      sendPayout(t.app.escrow, bookingId),
      sendPayout(t.app.escrow, bookingId),
      sendPayout(t.app.escrow, bookingId),
      enablePayoutAccount(t.app.escrow, transfers[0]?.destination ?? ''),
    ]);
    await queueSettled(t.db, 'payout');
    expect(await t.db.select().from(testTransfers)).toEqual(transfers);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
      payout: { seller: -PRICE, payouts: PRICE },
    });
    await expectSoundBooks(t.db);
  });

  it('is sent again with the same key after a crash between the transfer and its record: one transfer', async () => {
    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    const { bookingId } = await releasedSale();
    await queueSettled(t.db, 'payout');
    const [sent] = await t.db.select().from(payouts);
    expect(sent).toMatchObject({ status: 'sent', transferId: expect.stringMatching(/^tr_test_/) });
    // As if the process died after the provider answered and before the row was written.
    await t.db
      .update(payouts)
      .set({ status: 'waiting', transferId: null, sentAt: null })
      .where(eq(payouts.bookingId, bookingId));
    await sendPayout(t.app.escrow, bookingId);
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ status: 'sent', transferId: sent?.transferId }),
    ]);
    expect(await t.db.select().from(testTransfers)).toHaveLength(1);
    expect((await ledgerOf(t.db, bookingId)).payout).toEqual({ seller: -PRICE, payouts: PRICE });
    await expectSoundBooks(t.db);
  });

  it('tells the seller by email of every step, and every notice email is sent', async () => {
    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    await releasedSale();
    const disputed = await disputedSale();
    const admin = await createActor(t.app, 'admin');
    const resolved = await call(t.app, 'POST', `/api/disputes/${disputed.bookingId}/resolve`, {
      actor: admin,
      payload: { outcome: 'split', refundCents: 5_000 },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await queueSettled(t.db, 'payout');
    await queueSettled(t.db, 'refund');
    await queueSettled(t.db, 'email', 30_000);
    const jobs = await t.db.execute<{ event: string; state: string }>(
      sql`select data ->> 'event' as event, state::text as state from pgboss.job
        where name = 'email' and data ->> 'kind' = 'notice'`,
    );
    const events = new Set(jobs.rows.map((row) => row.event));
    for (const kind of ['disputed', 'resolved', 'released', 'paid_out'])
      expect(events).toContain(kind);
    expect(jobs.rows.filter((row) => row.state !== 'completed')).toEqual([]);
  }, 60_000);
});

describe('the seller’s earnings and the admins’ overview', () => {
  useApp();

  it('add up what the ledger says, by month and by day', async () => {
    const admin = await createActor(t.app, 'admin');
    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    await sellProduct(t.app, productId); // paid, not handed over: held
    const heldProduct = await createProductAs(t.app, seller, { resalePrice: 549.5 });
    await handedOver(t.app, heldProduct); // handed over, in the complaint window: held
    const paidOut = await releasedSale('Released Dell');
    const split = await disputedSale();
    const resolved = await call(t.app, 'POST', `/api/disputes/${split.bookingId}/resolve`, {
      actor: admin,
      payload: { outcome: 'split', refundCents: 10_000 },
    });
    expect(resolved.json<Dispute>()).toMatchObject({ funds: 'split' });
    await queueSettled(t.db, 'payout');
    await queueSettled(t.db, 'refund');

    const released = PRICE + (PRICE - 10_000);
    const earnings = await earningsOf(seller);
    expect(earnings).toMatchObject({
      heldCents: 2 * PRICE,
      availableCents: 0,
      paidOutCents: released,
      feesCents: 0,
    });
    expect(earnings.payouts).toEqual([
      {
        bookingId: split.bookingId,
        productName: 'ThinkPad T14 Gen 2',
        amountCents: PRICE - 10_000,
        feeCents: 0,
        status: 'sent',
        releasedAt: expect.any(String),
        paidOutAt: expect.any(String),
      },
      expect.objectContaining({
        bookingId: paidOut.bookingId,
        productName: 'Released Dell',
        amountCents: PRICE,
        status: 'sent',
      }),
    ]);
    expect(earnings.byMonth).toHaveLength(EARNINGS_MONTHS);
    expect(earnings.byMonth.at(-1)).toEqual({
      month: thisMonth(),
      earnedCents: released,
      feesCents: 0,
    });
    expect(earnings.byMonth.slice(0, -1).every((month) => month.earnedCents === 0)).toBe(true);

    // Another seller has earned nothing.
    const other = await createActor(t.app, 'seller');
    expect(await earningsOf(other)).toMatchObject({
      heldCents: 0,
      availableCents: 0,
      paidOutCents: 0,
      feesCents: 0,
      payouts: [],
    });

    const money = await overview(admin);
    expect(money).toMatchObject({
      heldCents: 2 * PRICE,
      releasedCents: released,
      refundedCents: 10_000,
      feesCents: 0,
    });
    expect(money.byDay).toHaveLength(MONEY_DAYS);
    expect(money.byDay.at(-1)).toEqual({
      day: today(),
      paidCents: 4 * PRICE,
      releasedCents: released,
      refundedCents: 10_000,
      feesCents: 0,
    });
    expect((await call(t.app, 'GET', '/api/admin/money', { actor: seller })).statusCode).toBe(403);
    await expectSoundBooks(t.db);
  });
});

describe('release at releaseAt, with a fee', () => {
  // A complaint window of 3.6 seconds, and Reloop keeps 10%.
  useApp({ COMPLAINT_WINDOW_HOURS: '0.001', PLATFORM_FEE_PERCENT: '10' });

  it('releases the held money once when the window ends: the fee to Reloop, the rest paid out', async () => {
    const admin = await createActor(t.app, 'admin');
    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    // 549.55 × 10% = 54.955: the fee rounds to the cent.
    const product = await createProductAs(t.app, seller, { resalePrice: 549.55 });
    const price = 54_955;
    const fee = 5_496;
    const { buyer, bookingId, paymentId } = await sellProduct(t.app, product);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const handover = await call(t.app, 'POST', `/api/sales/${bookingId}/handover`, {
      actor: seller,
      payload: { code },
    });
    expect(handover.statusCode, handover.body).toBe(200);
    const row = await bookingRow(t.db, bookingId);
    expect((row.releaseAt?.getTime() ?? 0) - (row.completedAt?.getTime() ?? 0)).toBe(3_600);

    await expect
      .poll(() => fundsOf(t.db, bookingId), { timeout: 30_000, interval: 100 })
      .toBe('released');
    expect(Date.now()).toBeGreaterThanOrEqual(row.releaseAt?.getTime() ?? Infinity);
    await queueSettled(t.db, 'release');
    await queueSettled(t.db, 'payout');
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({ funds: 'released' });

    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -price, held: price },
      release: { held: -price, seller: price - fee, platform: fee },
      payout: { seller: -(price - fee), payouts: price - fee },
    });
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({
        bookingId,
        amountCents: price - fee,
        feeCents: fee,
        status: 'sent',
      }),
    ]);
    expect(await t.db.select().from(testTransfers)).toEqual([
      expect.objectContaining({ sourceIntentId: paymentId, amountCents: price - fee }),
    ]);
    // The job that ran is the only one; running it again moves nothing.
    const jobs = await t.db.execute<{ state: string }>(
      sql`select state::text as state from pgboss.job
        where name = 'release' and data ->> 'bookingId' = ${bookingId}`,
    );
    expect(jobs.rows).toEqual([{ state: 'completed' }]);
    await releaseDue(t.app.escrow, bookingId);
    expect((await ledgerOf(t.db, bookingId)).release).toEqual({
      held: -price,
      seller: price - fee,
      platform: fee,
    });

    // Too late to complain now.
    const late = await call(t.app, 'POST', `/api/bookings/${bookingId}/dispute`, {
      actor: buyer,
      payload: { reason: 'not_working', text: 'It broke.' },
    });
    expect(late.statusCode).toBe(409);

    expect(await earningsOf(seller)).toMatchObject({
      heldCents: 0,
      availableCents: 0,
      paidOutCents: price - fee,
      feesCents: fee,
      payouts: [expect.objectContaining({ bookingId, amountCents: price - fee, feeCents: fee })],
    });
    expect((await earningsOf(seller)).byMonth.at(-1)).toEqual({
      month: thisMonth(),
      earnedCents: price - fee,
      feesCents: fee,
    });
    expect(await overview(admin)).toMatchObject({
      heldCents: 0,
      releasedCents: price,
      refundedCents: 0,
      feesCents: fee,
    });
    await expectSoundBooks(t.db);
  }, 60_000);
});

describe('deleting one’s own account while money is owed', () => {
  useApp();

  const deleteAccount = (actor: Actor) =>
    call(t.app, 'DELETE', '/api/auth/account', { actor, payload: { password: PASSWORD } });

  it('is refused (409, naming the amount) while a sale is held or not paid out, and done once paid out', async () => {
    const { buyer, bookingId } = await handedOver(t.app, productId);
    const held = await deleteAccount(seller);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ message: moneyStillOwed('$549.50') });
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(200);

    expect((await release(buyer, bookingId)).statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    const waiting = await deleteAccount(seller);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ message: moneyStillOwed('$549.50') });

    expect((await setUpPayouts(seller)).statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    const gone = await deleteAccount(seller);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(401);
  });

  it('is refused while a complaint holds the money', async () => {
    await disputedSale();
    const response = await deleteAccount(seller);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: moneyStillOwed('$549.50') });
  });

  it('cancels and refunds a paid sale not yet handed over: that money is the buyer’s', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const response = await deleteAccount(seller);
    expect(response.statusCode, response.body).toBe(204);
    await queueSettled(t.db, 'refund');
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      funds: 'refunded',
      refundId: expect.any(String),
    });
    await expectSoundBooks(t.db);
  });
});

describe('GET /api/disputes', () => {
  useApp();

  it('lists open complaints first, newest first, in keyset pages; for admins only', async () => {
    const admin = await createActor(t.app, 'admin');
    const first = await disputedSale();
    const second = await disputedSale();
    const third = await disputedSale();
    const resolved = await call(t.app, 'POST', `/api/disputes/${second.bookingId}/resolve`, {
      actor: admin,
      payload: { outcome: 'release' },
    });
    expect(resolved.statusCode).toBe(200);

    const all = await call(t.app, 'GET', '/api/disputes', { actor: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json<Dispute[]>().map((row) => [row.bookingId, row.outcome, row.funds])).toEqual([
      [third.bookingId, null, 'disputed'],
      [first.bookingId, null, 'disputed'],
      [second.bookingId, 'release', 'released'],
    ]);
    expect(all.json<Dispute[]>()[0]).toMatchObject({
      reason: 'missing_parts',
      text: 'No charger in the box.',
      priceCents: PRICE,
      buyerName: 'A buyer',
      sellerName: 'A seller',
      resolvedAt: null,
      refundId: null,
    });
    expect(nextLink(all)).toBeUndefined();

    const pages: string[][] = [];
    for (let next: string | undefined = '/api/disputes?limit=1'; next;) {
      const page = await call(t.app, 'GET', next, { actor: admin });
      expect(page.statusCode).toBe(200);
      pages.push(page.json<Dispute[]>().map((row) => row.bookingId));
      next = nextLink(page);
    }
    expect(pages).toEqual([[third.bookingId], [first.bookingId], [second.bookingId]]);

    for (const actor of [seller, first.buyer]) {
      const refused = await call(t.app, 'GET', '/api/disputes', { actor });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: messages.forbidden });
    }
    expect((await call(t.app, 'GET', '/api/disputes')).statusCode).toBe(401);
  });
});
