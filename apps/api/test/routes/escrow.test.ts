import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  disputeReasonLabels,
  HANDOVER_ATTEMPTS,
  HANDOVER_LOCK_MINUTES,
  MAX_DISPUTE_TEXT,
  messages,
  type AccountExport,
  type Booking,
  type BookingTransition,
  type Dispute,
  type Sale,
} from '@reloop/shared';
import {
  bookings,
  disputes,
  payments,
  payouts,
  testPaymentIntents,
  testTransfers,
} from '../../src/db/schema.ts';
import { releaseDue } from '../../src/money/escrow.ts';
import { call, orderAs, readBooking, sellProduct } from '../helpers/behaviour.ts';
import {
  bookingRow,
  expectSoundBooks,
  fundsOf,
  handedOver,
  handoverCodeOf,
  ledgerOf,
  notificationKinds,
  threadOf,
  wrongCodeFor,
} from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { bookAs, createActor, createProductAs, payAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Money held until the handover (DESIGN §15), through the API with the test provider: the
 * buyer's handover code and the seller typing it, the complaint window after the handover, the
 * buyer's complaint and early release, and an admin's decision; the ledger after each step.
 */
const PRICE = 54_950;
const WINDOW_MS = 48 * 3_600_000;

// Each test signs several people up and sells through the API, step by step: on a busy machine
// that takes longer than the suite's default.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let seller: Actor;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });
});
afterEach(() => t.close());

const handover = (actor: Actor, bookingId: string, body: object) =>
  call(t.app, 'POST', `/api/sales/${bookingId}/handover`, { actor, payload: body });
const complete = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/complete`, { actor });
const cancel = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor });
const complain = (
  actor: Actor,
  bookingId: string,
  body: object = { reason: 'not_working', text: 'It does not boot.' },
) => call(t.app, 'POST', `/api/bookings/${bookingId}/dispute`, { actor, payload: body });
const release = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/release`, { actor });
const resolve = (actor: Actor, bookingId: string, body: object) =>
  call(t.app, 'POST', `/api/disputes/${bookingId}/resolve`, { actor, payload: body });
const send = (actor: Actor, bookingId: string, text: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, { actor, payload: { text } });
const read = (actor: Actor, bookingId: string) =>
  call(t.app, 'GET', `/api/bookings/${bookingId}/messages`, { actor });

/** The `release` jobs queued for a booking, with when they may start. */
async function releaseJobs(bookingId: string) {
  const result = await t.db.execute<{ startAfter: number; state: string }>(
    sql`select (extract(epoch from start_after) * 1000)::float8 as "startAfter", state
      from pgboss.job where name = 'release' and data ->> 'bookingId' = ${bookingId}`,
  );
  return result.rows.map((row) => ({ ...row, startAfter: Math.round(row.startAfter) }));
}

/** The complaint window is over, as far as the database's clock is concerned. */
const windowPassed = (bookingId: string) =>
  t.db
    .update(bookings)
    .set({ releaseAt: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, bookingId));

/** A handed-over sale of a fresh product of the seller's, complained about by its buyer. */
async function disputedSale() {
  const product = await createProductAs(t.app, seller, { resalePrice: 549.5 });
  const sale = await handedOver(t.app, product);
  const opened = await complain(sale.buyer, sale.bookingId);
  expect(opened.statusCode, opened.body).toBe(201);
  return sale;
}

describe('the handover code', () => {
  it('is shown to the buyer alone once paid: six digits, never to the seller or an admin, and gone after the handover', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      handoverCode: null,
      funds: 'none',
      releaseAt: null,
    });
    const payment = await payAs(t.app, buyer, bookingId);
    expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);

    const booking = await readBooking(t.app, buyer, bookingId);
    expect(booking).toMatchObject({ status: 'paid', funds: 'held', releaseAt: null });
    const code = booking.handoverCode ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const orders = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: buyer,
    });
    expect(orders.json<Booking[]>()).toEqual([
      expect.objectContaining({ _id: bookingId, handoverCode: code }),
    ]);

    // The seller's sales never carry it.
    const sales = await call(t.app, 'GET', '/api/sales', { actor: seller });
    const sale = await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: seller });
    for (const response of [sales, sale]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(`"${code}"`);
      expect(response.body).not.toContain('handoverCode');
    }
    expect(sale.json<Sale>()).toMatchObject({ status: 'paid', funds: 'held', releaseAt: null });

    // Nor does what an admin reads of the buyer's orders.
    const admin = await createActor(t.app, 'admin');
    const asAdmin = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<Booking>()).toMatchObject({ _id: bookingId, handoverCode: null });
    expect(asAdmin.body).not.toContain(`"${code}"`);
    const listed = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: admin,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Booking[]>()).toEqual([
      expect.objectContaining({ _id: bookingId, handoverCode: null }),
    ]);
    expect(listed.body).not.toContain(`"${code}"`);

    // Used once: the handover clears it.
    expect((await handover(seller, bookingId, { code })).statusCode).toBe(200);
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      status: 'completed',
      handoverCode: null,
    });
    expect((await bookingRow(t.db, bookingId)).handoverCode).toBeNull();
  });

  it('is cleared when a paid booking is cancelled, and cannot complete it', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const cancelled = await cancel(seller, bookingId);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', funds: 'refunded' });
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({ handoverCode: null });
    const late = await handover(seller, bookingId, { code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: messages.bookingCancelled });
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      refund: { held: -PRICE, buyer: PRICE },
    });
    await expectSoundBooks(t.db);
  });

  it('completes the sale when the seller types it: the money is held until the handover plus the complaint window', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);

    const response = await handover(seller, bookingId, { code });
    expect(response.statusCode, response.body).toBe(200);
    const transition = response.json<BookingTransition>();
    expect(transition).toEqual({
      _id: bookingId,
      status: 'completed',
      refundId: null,
      funds: 'held',
      releaseAt: expect.any(String),
    });
    const row = await bookingRow(t.db, bookingId);
    expect(row.releaseAt?.toISOString()).toBe(transition.releaseAt);
    expect((row.releaseAt?.getTime() ?? 0) - (row.completedAt?.getTime() ?? 0)).toBe(WINDOW_MS);
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      status: 'completed',
      funds: 'held',
      releaseAt: transition.releaseAt,
    });
    const sale = await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: seller });
    expect(sale.json<Sale>()).toMatchObject({
      status: 'completed',
      funds: 'held',
      releaseAt: transition.releaseAt,
    });
    // The buyer is told; the release is queued for releaseAt, once.
    expect(await notificationKinds(t.app, buyer, bookingId)).toContain('completed');
    const jobs = await releaseJobs(bookingId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.startAfter).toBe(Date.parse(transition.releaseAt ?? ''));

    // Typing it again answers the same, and queues nothing more.
    const again = await handover(seller, bookingId, { code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(transition);
    expect(await releaseJobs(bookingId)).toHaveLength(1);

    // The laptop changed hands: neither side can cancel.
    for (const actor of [buyer, seller]) {
      const refused = await cancel(actor, bookingId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: messages.bookingCompleted });
    }
    // The release job is not due before releaseAt: it fails (to run again later), moving nothing.
    await expect(releaseDue(t.app.escrow, bookingId)).rejects.toThrow(/not due/);
    expect(await fundsOf(t.db, bookingId)).toBe('held');
    expect(await ledgerOf(t.db, bookingId)).toEqual({ payment: { buyer: -PRICE, held: PRICE } });
    await expectSoundBooks(t.db);
  });

  it('accepts the code with a space, as the buyer reads it out', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const response = await handover(seller, bookingId, {
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', funds: 'held' });
  });

  it('refuses a malformed code with 400, without counting it as a try', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    for (const body of [
      {},
      { code: '' },
      { code: '12345' },
      { code: '1234567' },
      { code: '12a456' },
      { code: 123456 },
      { code: null },
    ]) {
      const response = await handover(seller, bookingId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ errors: { path: string }[] }>().errors).toEqual([
        expect.objectContaining({ path: 'body.code' }),
      ]);
    }
    const wrong = await handover(seller, bookingId, { code: wrongCodeFor(code) });
    expect(wrong.json()).toEqual({
      message: messages.handoverCodeWrong,
      attemptsLeft: HANDOVER_ATTEMPTS - 1,
    });
  });

  it('counts wrong codes down, then answers 429 even to the right code; the buyer can still confirm', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const wrong = wrongCodeFor(code);

    for (let left = HANDOVER_ATTEMPTS - 1; left >= 0; left -= 1) {
      const response = await handover(seller, bookingId, { code: wrong });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: messages.handoverCodeWrong, attemptsLeft: left });
    }
    for (const attempt of [code, wrong]) {
      const locked = await handover(seller, bookingId, { code: attempt });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: messages.handoverLocked });
      expect(locked.headers['retry-after']).toBe(String(HANDOVER_LOCK_MINUTES * 60));
    }
    // Nothing moved, and the code is still the buyer's.
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      status: 'paid',
      handoverCode: code,
    });

    const confirmed = await complete(buyer, bookingId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'completed', funds: 'held' });
  });

  it('takes codes again once the lock has run out, counting afresh', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const wrong = wrongCodeFor(code);
    for (let attempt = 0; attempt < HANDOVER_ATTEMPTS; attempt += 1) {
      await handover(seller, bookingId, { code: wrong });
    }
    expect((await handover(seller, bookingId, { code })).statusCode).toBe(429);
    // Fifteen minutes later, as far as the database can tell.
    await t.db
      .update(bookings)
      .set({ handoverLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, bookingId));
    const retried = await handover(seller, bookingId, { code: wrong });
    expect(retried.statusCode).toBe(422);
    expect(retried.json()).toMatchObject({ attemptsLeft: HANDOVER_ATTEMPTS - 1 });
    expect((await handover(seller, bookingId, { code })).statusCode).toBe(200);
  });

  it('counts parallel guesses one by one', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const wrong = wrongCodeFor(await handoverCodeOf(t.app, buyer, bookingId));
    const responses = await Promise.all(
      Array.from({ length: HANDOVER_ATTEMPTS + 3 }, () =>
        handover(seller, bookingId, { code: wrong }),
      ),
    );
    const wrongAnswers = responses.filter((response) => response.statusCode === 422);
    expect(
      wrongAnswers.map((response) => response.json<{ attemptsLeft: number }>().attemptsLeft).sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(3);
  });

  it('is the seller’s call only (403), without counting a try', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const code = await handoverCodeOf(t.app, buyer, bookingId);
    const others = [
      buyer,
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'seller'),
      await createActor(t.app, 'admin'),
    ];
    for (const actor of others) {
      const response = await handover(actor, bookingId, { code });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.forbidden });
    }
    expect(
      (await call(t.app, 'POST', `/api/sales/${bookingId}/handover`, { payload: { code } }))
        .statusCode,
    ).toBe(401);
    expect(await fundsOf(t.db, bookingId)).toBe('held');
    expect((await bookingRow(t.db, bookingId)).status).toBe('paid');
    const wrong = await handover(seller, bookingId, { code: wrongCodeFor(code) });
    expect(wrong.json()).toMatchObject({ attemptsLeft: HANDOVER_ATTEMPTS - 1 });
  });

  it('refuses an unpaid booking with 409 and an unknown one with 404', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    const unpaid = await handover(seller, bookingId, { code: '123456' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: messages.bookingNotPaid });
    expect((await bookingRow(t.db, bookingId)).handoverFailures).toBe(0);
    const unknown = await handover(seller, '00000000-0000-4000-8000-000000000000', {
      code: '123456',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a complaint', () => {
  it('holds the money after the handover: disputed, in the thread, and the seller told', async () => {
    const { buyer, bookingId, transition } = await handedOver(t.app, productId);
    const response = await complain(buyer, bookingId, {
      reason: 'not_working',
      text: '  The screen stays black.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      _id: bookingId,
      status: 'completed',
      refundId: null,
      funds: 'disputed',
      releaseAt: transition.releaseAt,
    });
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({ funds: 'disputed' });
    const [last] = (await threadOf(t.app, seller, bookingId)).slice(-1);
    expect(last).toEqual({
      from: 'buyer',
      text: expect.stringContaining('The screen stays black.'),
    });
    expect(last?.text).toContain(disputeReasonLabels.not_working);
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('disputed');
    const [stored] = await t.db.select().from(disputes).where(eq(disputes.bookingId, bookingId));
    expect(stored).toMatchObject({
      reason: 'not_working',
      text: 'The screen stays black.',
      outcome: null,
    });

    // One complaint; the buyer cannot release it now, nor the release job at releaseAt.
    const second = await complain(buyer, bookingId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: messages.complaintAlreadyOpen });
    expect((await release(buyer, bookingId)).statusCode).toBe(409);
    await windowPassed(bookingId);
    await releaseDue(t.app.escrow, bookingId);
    expect(await fundsOf(t.db, bookingId)).toBe('disputed');
    expect(await ledgerOf(t.db, bookingId)).toEqual({ payment: { buyer: -PRICE, held: PRICE } });
    expect(await t.db.select().from(payouts)).toEqual([]);
  });

  it('is the buyer’s word only (403)', async () => {
    const { bookingId } = await handedOver(t.app, productId);
    for (const actor of [
      seller,
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'admin'),
    ]) {
      const response = await complain(actor, bookingId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.forbidden });
    }
    expect(await fundsOf(t.db, bookingId)).toBe('held');
    expect(await t.db.select().from(disputes)).toEqual([]);
  });

  it('comes after the handover and before releaseAt, while the money is held (409 otherwise)', async () => {
    const unpaidBuyer = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, unpaidBuyer, productId);
    const early = await complain(unpaidBuyer, unpaid);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: messages.notHandedOver });

    const paid = await sellProduct(t.app, productId);
    const beforeHandover = await complain(paid.buyer, paid.bookingId);
    expect(beforeHandover.statusCode).toBe(409);
    expect(beforeHandover.json()).toEqual({ message: messages.notHandedOver });

    expect((await complete(paid.buyer, paid.bookingId)).statusCode).toBe(200);
    await windowPassed(paid.bookingId);
    const late = await complain(paid.buyer, paid.bookingId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: messages.complaintWindowOver });

    const other = await createProductAs(t.app, seller);
    const released = await handedOver(t.app, other);
    expect((await release(released.buyer, released.bookingId)).statusCode).toBe(200);
    const afterRelease = await complain(released.buyer, released.bookingId);
    expect(afterRelease.statusCode).toBe(409);
    expect(afterRelease.json()).toEqual({ message: messages.fundsSettled });
    expect(await t.db.select().from(disputes)).toEqual([]);
  });

  it('needs a known reason and a text of 1 to 2000 characters (400)', async () => {
    const { buyer, bookingId } = await handedOver(t.app, productId);
    for (const body of [
      {},
      { reason: 'not_working' },
      { text: 'Broken' },
      { reason: 'changed_my_mind', text: 'Broken' },
      { reason: 'not_working', text: '' },
      { reason: 'not_working', text: '    ' },
      { reason: 'not_working', text: 'x'.repeat(MAX_DISPUTE_TEXT + 1) },
    ]) {
      const response = await complain(buyer, bookingId, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await fundsOf(t.db, bookingId)).toBe('held');
    const longest = await complain(buyer, bookingId, {
      reason: 'other',
      text: 'x'.repeat(MAX_DISPUTE_TEXT),
    });
    expect(longest.statusCode).toBe(201);
  });
});

describe('the thread of a complaint', () => {
  it('is open to admins, who write in it while the complaint is open, and only read it after', async () => {
    const admin = await createActor(t.app, 'admin');
    const quiet = await handedOver(t.app, productId);
    // A booking without a complaint (and no report) is not theirs to read or write.
    for (const response of [
      await read(admin, quiet.bookingId),
      await send(admin, quiet.bookingId, 'Hello'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.threadNotForAdmins });
    }

    const { buyer, bookingId } = await disputedSale();
    expect(await threadOf(t.app, admin, bookingId)).toEqual([
      { from: 'buyer', text: expect.stringContaining('It does not boot.') },
    ]);
    const written = await send(admin, bookingId, 'Could you both send a photo of the screen?');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({ from: 'admin' });
    for (const side of [buyer, seller]) {
      expect((await threadOf(t.app, side, bookingId)).at(-1)).toEqual({
        from: 'admin',
        text: 'Could you both send a photo of the screen?',
      });
    }
    expect(await notificationKinds(t.app, buyer, bookingId)).toContain('message');
    // Each side's data export tells the admin's word from its own.
    for (const side of [buyer, seller]) {
      const exported = await call(t.app, 'GET', '/api/auth/export', { actor: side });
      expect(exported.statusCode).toBe(200);
      const thread = exported
        .json<AccountExport>()
        .messages.filter((message) => message.bookingId === bookingId)
        .map(({ fromMe, text }) => ({ fromMe, text: text.slice(0, 12) }));
      expect(thread).toEqual([
        { fromMe: side === buyer, text: 'Complaint — ' },
        { fromMe: false, text: 'Could you bo' },
      ]);
    }
    // Still not the other thread.
    expect((await read(admin, quiet.bookingId)).statusCode).toBe(403);

    expect((await resolve(admin, bookingId, { outcome: 'release' })).statusCode).toBe(200);
    expect((await read(admin, bookingId)).statusCode).toBe(200);
    const late = await send(admin, bookingId, 'One more thing');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: messages.threadNotForAdmins });
  });

  it('of a reported product without a complaint, an admin reads but does not write', async () => {
    const admin = await createActor(t.app, 'admin');
    const reporter = await createActor(t.app, 'buyer');
    expect(
      (await call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: reporter }))
        .statusCode,
    ).toBe(200);
    const { bookingId } = await handedOver(t.app, productId);
    expect((await read(admin, bookingId)).statusCode).toBe(200);
    expect((await send(admin, bookingId, 'Hello')).statusCode).toBe(403);
  });
});

describe('releasing early', () => {
  it('is the buyer’s word: released to the seller, who is told and paid once they set up payouts', async () => {
    const { buyer, bookingId, paymentId, transition } = await handedOver(t.app, productId);
    for (const actor of [seller, await createActor(t.app, 'admin')]) {
      expect((await release(actor, bookingId)).statusCode).toBe(403);
    }
    const response = await release(buyer, bookingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      _id: bookingId,
      status: 'completed',
      refundId: null,
      funds: 'released',
      releaseAt: transition.releaseAt,
    });
    expect((await release(buyer, bookingId)).json()).toEqual(response.json());
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('released');
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
    });

    // No payout account yet: the payout waits.
    await queueSettled(t.db, 'payout');
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, amountCents: PRICE, feeCents: 0, status: 'waiting' }),
    ]);
    expect(await t.db.select().from(testTransfers)).toEqual([]);

    const setUp = await call(t.app, 'POST', '/api/payouts/account', { actor: seller });
    expect(setUp.statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    const transfers = await t.db.select().from(testTransfers);
    expect(transfers).toEqual([
      expect.objectContaining({
        idempotencyKey: `reloop-transfer-${bookingId}`,
        sourceIntentId: paymentId,
        amountCents: PRICE,
        destination: expect.stringMatching(/^acct_test_/),
      }),
    ]);
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, status: 'sent', transferId: transfers[0]?.id }),
    ]);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
      payout: { seller: -PRICE, payouts: PRICE },
    });
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('paid_out');
    // The release job at releaseAt finds it released and does nothing.
    await windowPassed(bookingId);
    await releaseDue(t.app.escrow, bookingId);
    expect(await ledgerOf(t.db, bookingId)).toHaveProperty('release', {
      held: -PRICE,
      seller: PRICE,
    });
    await expectSoundBooks(t.db);
  });

  it('comes only after the handover (409)', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const response = await release(buyer, bookingId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.notHandedOver });
    expect(await fundsOf(t.db, bookingId)).toBe('held');
  });
});

describe('resolving a complaint', () => {
  let admin: Actor;
  beforeEach(async () => {
    admin = await createActor(t.app, 'admin');
  });

  const paymentOf = async (bookingId: string) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

  it('is for admins only, about an open complaint (403, 404)', async () => {
    const { buyer, bookingId } = await disputedSale();
    for (const actor of [buyer, seller]) {
      const response = await resolve(actor, bookingId, { outcome: 'refund' });
      expect(response.statusCode).toBe(403);
    }
    const quiet = await handedOver(t.app, productId);
    const none = await resolve(admin, quiet.bookingId, { outcome: 'refund' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: messages.disputeNotFound });
    const unknown = await resolve(admin, '00000000-0000-4000-8000-000000000000', {
      outcome: 'refund',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await fundsOf(t.db, bookingId)).toBe('disputed');
    expect(await fundsOf(t.db, quiet.bookingId)).toBe('held');
  });

  it('refuses a decision that does not add up (400) and changes nothing', async () => {
    const { bookingId } = await disputedSale();
    for (const body of [
      {},
      { outcome: 'keep' },
      { outcome: 'split' },
      { outcome: 'split', refundCents: 0 },
      { outcome: 'split', refundCents: -5 },
      { outcome: 'split', refundCents: 10.5 },
      { outcome: 'split', refundCents: PRICE },
      { outcome: 'split', refundCents: PRICE + 1 },
      { outcome: 'refund', refundCents: 100 },
      { outcome: 'release', refundCents: 100 },
    ]) {
      const response = await resolve(admin, bookingId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const whole = await resolve(admin, bookingId, { outcome: 'split', refundCents: PRICE });
    expect(whole.json<{ errors: { path: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'body.refundCents' }),
    ]);
    expect(await fundsOf(t.db, bookingId)).toBe('disputed');
    expect(await ledgerOf(t.db, bookingId)).toEqual({ payment: { buyer: -PRICE, held: PRICE } });
  });

  it('refunds the buyer through the provider once; the same decision again answers the same, another is 409', async () => {
    const { buyer, bookingId, paymentId } = await disputedSale();
    const refund = vi.spyOn(t.app.payments, 'refund');
    const transfer = vi.spyOn(t.app.payments, 'transfer');

    const response = await resolve(admin, bookingId, { outcome: 'refund' });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json<Dispute>();
    expect(resolved).toEqual({
      bookingId,
      productName: 'ThinkPad T14 Gen 2',
      priceCents: PRICE,
      buyerName: 'A buyer',
      sellerName: 'A seller',
      reason: 'not_working',
      text: 'It does not boot.',
      openedAt: expect.any(String),
      outcome: 'refund',
      refundCents: PRICE,
      resolvedAt: expect.any(String),
      funds: 'refunded',
      refundId: expect.stringMatching(/^re_test_/),
    });
    expect(refund.mock.calls).toEqual([[paymentId, PRICE]]);
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId));
    expect(intent).toMatchObject({ refundId: resolved.refundId, refundCents: PRICE });
    expect(await paymentOf(bookingId)).toMatchObject({
      status: 'refunded',
      refundId: resolved.refundId,
      refundCents: PRICE,
    });
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      funds: 'refunded',
      refundId: resolved.refundId,
    });
    expect(await notificationKinds(t.app, buyer, bookingId)).toContain('resolved');
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('resolved');

    // A replay answers the same and moves nothing; the refund's job finds it sent.
    const replay = await resolve(admin, bookingId, { outcome: 'refund' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(resolved);
    await queueSettled(t.db, 'refund');
    expect(refund).toHaveBeenCalledTimes(1);
    for (const other of [{ outcome: 'release' }, { outcome: 'split', refundCents: 100 }]) {
      const refused = await resolve(admin, bookingId, other);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: messages.disputeResolved });
    }
    expect(refund).toHaveBeenCalledTimes(1);
    expect(transfer).not.toHaveBeenCalled();
    expect(await t.db.select().from(payouts)).toEqual([]);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      refund: { held: -PRICE, buyer: PRICE },
    });
    await expectSoundBooks(t.db);
  });

  it('releases everything to the seller with no refund', async () => {
    const { bookingId } = await disputedSale();
    const refund = vi.spyOn(t.app.payments, 'refund');
    const response = await resolve(admin, bookingId, { outcome: 'release' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'release',
      refundCents: 0,
      funds: 'released',
      refundId: null,
    });
    expect((await resolve(admin, bookingId, { outcome: 'release' })).json()).toEqual(
      response.json(),
    );
    expect((await resolve(admin, bookingId, { outcome: 'refund' })).statusCode).toBe(409);
    await queueSettled(t.db, 'refund');
    expect(refund).not.toHaveBeenCalled();
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, amountCents: PRICE, status: 'waiting' }),
    ]);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
    });
    await expectSoundBooks(t.db);
  });

  it('splits: part back to the buyer through the provider, the rest released and paid out', async () => {
    const { bookingId, paymentId } = await disputedSale();
    expect((await call(t.app, 'POST', '/api/payouts/account', { actor: seller })).statusCode).toBe(
      200,
    );
    const refund = vi.spyOn(t.app.payments, 'refund');

    const response = await resolve(admin, bookingId, { outcome: 'split', refundCents: 20_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'split',
      refundCents: 20_000,
      funds: 'split',
      refundId: expect.stringMatching(/^re_test_/),
    });
    expect(refund.mock.calls).toEqual([[paymentId, 20_000]]);
    await queueSettled(t.db, 'payout');
    await queueSettled(t.db, 'refund');
    expect(await t.db.select().from(testTransfers)).toEqual([
      expect.objectContaining({ sourceIntentId: paymentId, amountCents: PRICE - 20_000 }),
    ]);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      refund: { held: -20_000, buyer: 20_000 },
      release: { held: -(PRICE - 20_000), seller: PRICE - 20_000 },
      payout: { seller: -(PRICE - 20_000), payouts: PRICE - 20_000 },
    });
    const replay = await resolve(admin, bookingId, { outcome: 'split', refundCents: 20_000 });
    expect(replay.json()).toEqual(response.json());
    const otherSplit = await resolve(admin, bookingId, { outcome: 'split', refundCents: 30_000 });
    expect(otherSplit.statusCode).toBe(409);
    expect(refund).toHaveBeenCalledTimes(1);
    await expectSoundBooks(t.db);
  });

  it('decides once when the same decision arrives many times at once', async () => {
    const { bookingId } = await disputedSale();
    const refund = vi.spyOn(t.app.payments, 'refund');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        resolve(admin, bookingId, { outcome: 'split', refundCents: 10_000 }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ funds: 'split', refundId: expect.any(String) });
    }
    expect(new Set(responses.map((response) => response.json<Dispute>().refundId)).size).toBe(1);
    await queueSettled(t.db, 'refund');
    expect(refund).toHaveBeenCalledTimes(1);
    await expectSoundBooks(t.db);
  });

  it('keeps the refund owed when the provider fails, and its job sends it later', async () => {
    const { bookingId, paymentId } = await disputedSale();
    const refund = vi
      .spyOn(t.app.payments, 'refund')
      .mockRejectedValueOnce(new Error('provider unreachable'));
    const response = await resolve(admin, bookingId, { outcome: 'refund' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'refund', funds: 'refunded' });
    // The decision and its ledger stand; the money goes back once the provider answers.
    expect(await ledgerOf(t.db, bookingId)).toHaveProperty('refund', {
      held: -PRICE,
      buyer: PRICE,
    });
    await expect
      .poll(async () => (await paymentOf(bookingId))?.status, { timeout: 30_000, interval: 200 })
      .toBe('refunded');
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId));
    expect(intent?.refundId).toBe((await paymentOf(bookingId))?.refundId);
    expect(refund.mock.calls.filter(([, cents]) => cents === PRICE).length).toBeGreaterThanOrEqual(
      2,
    );
    const replay = await resolve(admin, bookingId, { outcome: 'refund' });
    expect(replay.json()).toMatchObject({ refundId: intent?.refundId });
    await expectSoundBooks(t.db);
  }, 60_000);
});
