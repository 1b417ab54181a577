import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type Booking, type BookingTransition, type Notifications } from '@reloop/shared';
import { bookings, payments, products, testPaymentIntents } from '../../src/db/schema.ts';
import { settleInterruptedPayments } from '../../src/payments/reconciliation.ts';
import {
  call,
  idsOf,
  marketplaceRows,
  orderAs,
  pagesOf,
  sellProduct,
  readBooking,
  readSale,
} from '../helpers/behaviour.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
  SUCCESS_CARD,
  type Actor,
} from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * How a booking finishes (DESIGN §12): the buyer confirms the handover of a paid booking; the
 * buyer cancels before paying; either side cancels after paying and before the handover, and
 * then the payment is refunded exactly once and the laptop is for sale again. Every refused
 * transition changes nothing, and a replay of a done one returns the same answer.
 */
let t: TestApp;
let seller: Actor;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  productId = await createProductAs(t.app, seller, { resalePrice: 549.5, mobile: '5125550123' });
});
afterEach(() => t.close());

const cancel = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor });
const complete = (actor: Actor, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/complete`, { actor });

const bookingAs = (actor: Actor, bookingId: string) => readBooking(t.app, actor, bookingId);

const saleAs = (actor: Actor, bookingId: string) => readSale(t.app, actor, bookingId);

async function notificationsOf(actor: Actor): Promise<Notifications> {
  const response = await call(t.app, 'GET', '/api/notifications', { actor });
  expect(response.statusCode).toBe(200);
  return response.json<Notifications>();
}

const kindsOf = async (actor: Actor) =>
  (await notificationsOf(actor)).notifications.map((notification) => notification.kind);

async function listedInCategory(id: string): Promise<boolean> {
  const categoryId = await firstCategoryId(t.db);
  const pages = await pagesOf(t.app, `/api/products/${categoryId}?limit=100`);
  return pages.flat().includes(id);
}

/** A refused call answers `status` with `message` and leaves every row as it was. */
async function expectRefused(
  request: () => ReturnType<typeof call>,
  status: number,
  message: string,
): Promise<void> {
  const before = await marketplaceRows(t.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string }>().message).toBe(message);
  expect(await marketplaceRows(t.db)).toEqual(before);
}

describe('POST /api/bookings/:id/cancel before paying', () => {
  it('lets the buyer cancel, tells the seller, and lets the buyer book again', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);

    const response = await cancel(buyer, bookingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BookingTransition>()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId: null,
      funds: 'none',
      releaseAt: null,
    });
    const booking = await bookingAs(buyer, bookingId);
    expect(booking).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', refundId: null });
    expect(booking.cancelledAt).toEqual(expect.any(String));
    // The unread notice of the booking is replaced by the cancel's: one word on one booking.
    expect(await kindsOf(seller)).toEqual(['cancelled']);

    // A replay answers the same and changes nothing.
    const before = await marketplaceRows(t.db);
    expect((await cancel(buyer, bookingId)).json()).toEqual(response.json());
    expect(await marketplaceRows(t.db)).toEqual(before);

    // The cancelled booking no longer holds the buyer's one booking of this product.
    const again = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: { productId, buyerPhone: '5125550199', buyerMeetingLocation: 'Central Library' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('lets the seller decline an unpaid booking and tells the buyer', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);

    const response = await cancel(seller, bookingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId: null,
      funds: 'none',
      releaseAt: null,
    });
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      refundId: null,
    });
    expect((await notificationsOf(buyer)).notifications).toEqual([
      expect.objectContaining({ kind: 'cancelled', bookingId, side: 'buyer' }),
    ]);
    expect(await saleAs(seller, bookingId)).toMatchObject({ buyerPhone: null });
    // The laptop stays on sale; the declined buyer cannot pay for the booking any more.
    expect(await listedInCategory(productId)).toBe(true);
    const intent = await call(t.app, 'POST', '/api/create-payment-intent', {
      actor: buyer,
      payload: { bookingId },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ message: messages.bookingCancelled });
  });

  it('refuses anyone who is not a side of the booking, and an unknown booking', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    for (const role of ['buyer', 'seller', 'admin'] as const) {
      const outsider = await createActor(t.app, role);
      await expectRefused(() => cancel(outsider, bookingId), 403, messages.forbidden);
    }
    await expectRefused(
      () => cancel(buyer, '00000000-0000-4000-8000-000000000000'),
      404,
      messages.bookingNotFound,
    );
    expect((await cancel(buyer, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refunds a payment that goes through after the booking was cancelled', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    // The payment page was open in another tab: the card is charged after the cancel.
    const intent = await call(t.app, 'POST', '/api/create-payment-intent', {
      actor: buyer,
      payload: { bookingId },
    });
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    expect((await cancel(buyer, bookingId)).statusCode).toBe(200);
    const confirm = await call(t.app, 'POST', '/api/payments/test/confirm', {
      payload: {
        clientSecret,
        card: SUCCESS_CARD,
        billingDetails: { name: 'Buyer', email: buyer.email },
      },
    });
    expect(confirm.statusCode).toBe(200);
    const paymentId = clientSecret.split('_secret_')[0] ?? '';

    const order = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(order.statusCode).toBe(409);
    expect(order.json()).toEqual({
      message: messages.cancelledRefunded,
      refundId: expect.stringMatching(/^re_/),
    });
    expect(await bookingAs(buyer, bookingId)).toMatchObject({ status: 'cancelled' });
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(product?.status).toBe('unsold');
  });
});

describe('POST /api/bookings/:id/cancel of a payment the provider took but Reloop never recorded', () => {
  /** The buyer pays with the success card, then the tab closes before the order is posted. */
  async function paidButNotRecorded() {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    const payment = await payAs(t.app, buyer, bookingId);
    expect(payment.status).toBe(200);
    return { buyer, bookingId, paymentId: payment.paymentId };
  }

  const storedPayment = async (bookingId: string) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
  const storedIntent = async (paymentId: string) =>
    (await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, paymentId)))[0];

  it('asks the provider and refunds the payment in the same call, once', async () => {
    const { buyer, bookingId, paymentId } = await paidButNotRecorded();
    const refund = vi.spyOn(t.app.payments, 'refund');

    const response = await cancel(buyer, bookingId);
    expect(response.statusCode, response.body).toBe(200);
    const { refundId } = response.json<BookingTransition>();
    expect(refundId).toMatch(/^re_test_/);
    // Taken with no order recorded: booked in and straight back out, so the funds say refunded.
    expect(response.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId,
      funds: 'refunded',
      releaseAt: null,
    });
    expect((await storedIntent(paymentId))?.refundId).toBe(refundId);
    expect(await storedPayment(bookingId)).toMatchObject({ status: 'refunded', refundId });
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
      refundId,
    });

    // A replay answers the same refund and sends nothing again; so does a late order.
    expect((await cancel(buyer, bookingId)).json()).toEqual(response.json());
    expect(refund).toHaveBeenCalledTimes(1);
    const late = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(late.json()).toEqual({ message: messages.cancelledRefunded, refundId });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await settleInterruptedPayments(t.db, t.app.payments, t.app.jobs, t.app.log)).toEqual({
      recorded: 0,
      refunded: 0,
      failed: 0,
    });
  });

  it('sends no refund for an intent the buyer never paid', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    const declined = await payAs(t.app, buyer, bookingId, {
      ...SUCCESS_CARD,
      number: '4000000000000002',
    });
    expect(declined.status).toBe(402);
    const refund = vi.spyOn(t.app.payments, 'refund');

    const response = await cancel(buyer, bookingId);
    expect(response.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId: null,
      funds: 'none',
      releaseAt: null,
    });
    expect(refund).not.toHaveBeenCalled();
    expect(await storedPayment(bookingId)).toMatchObject({
      status: 'requires_payment',
      refundId: null,
    });
  });

  it('keeps the refund owed when the provider fails, and sends it on retry or at start', async () => {
    const { buyer, bookingId, paymentId } = await paidButNotRecorded();
    vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('provider unreachable'));

    expect((await cancel(buyer, bookingId)).statusCode).toBe(500);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      refundId: null,
    });
    expect((await storedIntent(paymentId))?.refundId).toBeNull();

    expect(await settleInterruptedPayments(t.db, t.app.payments, t.app.jobs, t.app.log)).toEqual({
      recorded: 0,
      refunded: 1,
      failed: 0,
    });
    const refundId = (await storedIntent(paymentId))?.refundId;
    expect(refundId).toMatch(/^re_test_/);
    const retry = await cancel(buyer, bookingId);
    expect(retry.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId,
      funds: 'refunded',
      releaseAt: null,
    });
  });
});

describe('POST /api/bookings/:id/cancel after paying', () => {
  for (const side of ['buyer', 'seller'] as const) {
    it(`lets the ${side} cancel: refunded, the laptop listed again, the other side told`, async () => {
      const { buyer, bookingId, paymentId } = await sellProduct(t.app, productId);
      expect(await listedInCategory(productId)).toBe(false);
      const canceller = side === 'buyer' ? buyer : seller;

      const response = await cancel(canceller, bookingId);
      expect(response.statusCode, response.body).toBe(200);
      const { refundId } = response.json<BookingTransition>();
      expect(refundId).toMatch(/^re_/);

      const [intent] = await t.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, paymentId));
      expect(intent?.refundId).toBe(refundId);
      const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
      expect(payment).toMatchObject({ status: 'refunded', refundId });
      expect(await bookingAs(buyer, bookingId)).toMatchObject({
        status: 'cancelled',
        cancelledBy: side,
        refundId,
      });
      expect(await saleAs(seller, bookingId)).toMatchObject({ status: 'cancelled', refundId });
      expect(await listedInCategory(productId)).toBe(true);

      const told = side === 'buyer' ? seller : buyer;
      expect((await notificationsOf(told)).notifications[0]).toMatchObject({
        kind: 'cancelled',
        bookingId,
        side: side === 'buyer' ? 'seller' : 'buyer',
      });
    });
  }

  it('refunds exactly once when both sides cancel at the same moment, many times', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const refund = vi.spyOn(t.app.payments, 'refund');

    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => cancel(index % 2 ? seller : buyer, bookingId)),
    );

    const refundIds = new Set(
      responses.map((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json<BookingTransition>().refundId;
      }),
    );
    expect(refundIds.size).toBe(1);
    expect(refund).toHaveBeenCalledTimes(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('cancelled');
  });

  it('keeps the refund owed when the provider fails, and sends it on retry or at start', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('provider unreachable'));

    expect((await cancel(buyer, bookingId)).statusCode).toBe(500);
    // The sale is undone; the refund is owed, not lost.
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      refundId: null,
    });
    const [owed] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(owed?.status).toBe('succeeded');

    expect(await settleInterruptedPayments(t.db, t.app.payments, t.app.jobs, t.app.log)).toEqual({
      recorded: 0,
      refunded: 1,
      failed: 0,
    });
    const retry = await cancel(buyer, bookingId);
    expect(retry.statusCode).toBe(200);
    const [refunded] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(retry.json<BookingTransition>().refundId).toBe(refunded?.refundId);
  });

  it('never records a cancelled sale again from a replayed order', async () => {
    const { buyer, bookingId, paymentId } = await sellProduct(t.app, productId);
    const { refundId } = (await cancel(buyer, bookingId)).json<BookingTransition>();

    const replay = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ message: messages.cancelledRefunded, refundId });
    const intent = await call(t.app, 'POST', '/api/create-payment-intent', {
      actor: buyer,
      payload: { bookingId },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ message: messages.cancelledRefunded, refundId });
    expect(await bookingAs(buyer, bookingId)).toMatchObject({ status: 'cancelled', refundId });
    expect(await listedInCategory(productId)).toBe(true);
  });

  it('lets another buyer book and buy the laptop listed again', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    expect((await cancel(seller, bookingId)).statusCode).toBe(200);
    const next = await sellProduct(t.app, productId);
    expect(await bookingAs(next.buyer, next.bookingId)).toMatchObject({ status: 'paid' });
    expect(await bookingAs(buyer, bookingId)).toMatchObject({ status: 'cancelled' });
  });
});

describe('POST /api/bookings/:id/complete', () => {
  it('lets the buyer confirm the handover of a paid booking and tells the seller', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    const response = await complete(buyer, bookingId);
    expect(response.statusCode, response.body).toBe(200);
    // Handed over: the money stays held for the complaint window after it (DESIGN §15).
    const transition = response.json<BookingTransition>();
    expect(transition).toEqual({
      _id: bookingId,
      status: 'completed',
      refundId: null,
      funds: 'held',
      releaseAt: expect.any(String),
    });
    const booking = await bookingAs(buyer, bookingId);
    expect(booking).toMatchObject({
      status: 'completed',
      funds: 'held',
      releaseAt: transition.releaseAt,
    });
    // 48 hours by default.
    expect(Date.parse(booking.releaseAt ?? '') - Date.parse(booking.completedAt ?? '')).toBe(
      48 * 3_600_000,
    );
    // Told of the handover, and invited to review the buyer (DESIGN §16): two notices of one
    // transaction, so of one time, in either order.
    const kinds = await kindsOf(seller);
    expect(kinds.slice(0, 2).sort()).toEqual(['completed', 'review_invited']);
    expect(kinds.slice(2)).toEqual(['paid', 'booked']);

    const before = await marketplaceRows(t.db);
    expect((await complete(buyer, bookingId)).json()).toEqual(response.json());
    expect(await marketplaceRows(t.db)).toEqual(before);

    // Handed over: nobody can cancel it any more.
    await expectRefused(() => cancel(buyer, bookingId), 409, messages.bookingCompleted);
    await expectRefused(() => cancel(seller, bookingId), 409, messages.bookingCompleted);
  });

  it('is the buyer’s word only: the seller and outsiders are refused', async () => {
    const { bookingId } = await sellProduct(t.app, productId);
    await expectRefused(() => complete(seller, bookingId), 403, messages.forbidden);
    const admin = await createActor(t.app, 'admin');
    await expectRefused(() => complete(admin, bookingId), 403, messages.forbidden);
  });

  it('refuses a booking that is unpaid, cancelled or closed', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, buyer, productId);
    await expectRefused(() => complete(buyer, unpaid), 409, messages.bookingNotPaid);

    const rival = await createActor(t.app, 'buyer');
    const rivalBooking = await bookAs(t.app, rival, productId);
    await sellProduct(t.app, productId);
    await expectRefused(() => complete(rival, rivalBooking), 409, messages.bookingClosed);
    await expectRefused(() => cancel(rival, rivalBooking), 409, messages.bookingClosed);

    expect((await cancel(buyer, unpaid)).statusCode).toBe(409);
    const other = await createProductAs(t.app, seller);
    const cancelled = await bookAs(t.app, buyer, other);
    expect((await cancel(buyer, cancelled)).statusCode).toBe(200);
    await expectRefused(() => complete(buyer, cancelled), 409, messages.bookingCancelled);
  });
});

describe('contact details', () => {
  it('gives the buyer the seller’s name and phone only once paid', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'paid',
      sellerName: 'A seller',
      sellerPhone: '5125550123',
      paidAt: expect.any(String),
    });
    expect((await complete(buyer, bookingId)).statusCode).toBe(200);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      sellerName: 'A seller',
      sellerPhone: '5125550123',
    });

    const other = await createProductAs(t.app, seller);
    const unpaid = await bookAs(t.app, buyer, other);
    expect(await bookingAs(buyer, unpaid)).toMatchObject({ sellerName: null, sellerPhone: null });
    const listed = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, { actor: buyer });
    expect(listed.json<Booking[]>().map((row) => [row.status, row.sellerPhone])).toEqual([
      ['unpaid', null],
      ['completed', '5125550123'],
    ]);
  });

  it('hides the seller’s phone again once a paid booking is cancelled', async () => {
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    expect((await cancel(seller, bookingId)).statusCode).toBe(200);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      sellerName: null,
      sellerPhone: null,
    });
  });

  it('gives the seller the buyer’s name, phone, meeting place and note while the deal is on', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const booked = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: {
        productId,
        buyerPhone: '+1 (512) 555-0199',
        buyerMeetingLocation: 'Central Library',
        note: '  Can we meet after 6pm?  ',
      },
    });
    const bookingId = booked.json<{ _id: string }>()._id;
    expect(await saleAs(seller, bookingId)).toMatchObject({
      buyerName: 'A buyer',
      buyerPhone: '15125550199',
      meetingLocation: 'Central Library',
      note: 'Can we meet after 6pm?',
      status: 'unpaid',
      unreadMessages: 1,
    });
    expect((await cancel(buyer, bookingId)).statusCode).toBe(200);
    expect(await saleAs(seller, bookingId)).toMatchObject({
      buyerPhone: null,
      note: 'Can we meet after 6pm?',
    });
  });

  it('hides a closed booking’s phone from the seller: another buyer got the laptop', async () => {
    const rival = await createActor(t.app, 'buyer');
    const rivalBooking = await bookAs(t.app, rival, productId);
    await sellProduct(t.app, productId);
    expect(await saleAs(seller, rivalBooking)).toMatchObject({
      status: 'closed',
      buyerPhone: null,
    });
  });
});

describe('GET /api/sales', () => {
  it('lists the bookings on the seller’s own products, newest first, in keyset pages', async () => {
    const otherSeller = await createActor(t.app, 'seller');
    const otherProduct = await createProductAs(t.app, otherSeller);
    const booked: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const buyer = await createActor(t.app, 'buyer');
      booked.push(await bookAs(t.app, buyer, productId));
      await bookAs(t.app, buyer, otherProduct);
    }
    expect(await pagesOf(t.app, '/api/sales?limit=2', seller)).toEqual([
      [booked[4], booked[3]],
      [booked[2], booked[1]],
      [booked[0]],
    ]);
    const others = await call(t.app, 'GET', '/api/sales', { actor: otherSeller });
    expect(idsOf(others)).toHaveLength(5);
    expect(idsOf(others)).not.toContain(booked[0]);
  });

  it('refuses buyers and admins, and a sale of another seller', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    expect((await call(t.app, 'GET', '/api/sales', { actor: buyer })).statusCode).toBe(403);
    const otherSeller = await createActor(t.app, 'seller');
    const response = await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: otherSeller });
    expect(response.statusCode).toBe(403);
    const bad = await call(t.app, 'GET', '/api/sales?offset=10', { actor: seller });
    expect(bad.statusCode).toBe(400);
  });
});
