import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, type Booking } from '@reloop/shared';
import { bookings, payments, products, testPaymentIntents } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  SUCCESS_CARD,
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
  type Actor,
} from '../helpers/marketplace.ts';
import { call, idsOf, marketplaceRows, orderAs } from '../helpers/behaviour.ts';

/**
 * Paying for a booking (DESIGN §4, Payments): the amount always comes from the booking in the
 * database, the built-in provider follows Stripe's test cards, and an order is recorded only
 * for a confirmed payment of that very booking — once, even when two buyers pay at the same
 * time for the same product (the loser is refunded).
 */
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
let bookingId: string;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });
  bookingId = await bookAs(t.app, buyer, productId);
});
afterEach(() => t.close());

const createIntent = (actor: Actor, payload: object) =>
  call(t.app, 'POST', '/api/create-payment-intent', { actor, payload });

const confirm = (clientSecret: string, card: object) =>
  call(t.app, 'POST', '/api/payments/test/confirm', {
    payload: { clientSecret, card, billingDetails: { name: 'Buyer', email: buyer.email } },
  });

async function clientSecretFor(actor: Actor, id: string): Promise<string> {
  const response = await createIntent(actor, { bookingId: id });
  expect(response.statusCode).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret;
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

async function storedBooking(id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`booking ${id} is not stored`);
  return row;
}

async function storedProduct(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`product ${id} is not stored`);
  return row;
}

async function storedIntent(id: string) {
  const [row] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  if (!row) throw new Error(`intent ${id} is not stored`);
  return row;
}

/**
 * The two ways a product leaves the marketplace: deleted itself (its bookings stay open, and
 * can no longer be paid), or with its seller (whose deletion cancels its bookings), each with
 * what paying for a booking of it answers then.
 */
interface TakenOff {
  takeOff: () => Promise<void>;
  /** What starting a payment answers. */
  intentRefused: string;
  /** What posting the order of a payment confirmed before answers (it has been refunded). */
  orderRefused: string;
  bookingStatus: 'unpaid' | 'cancelled';
}
const takenOffTheMarket: [string, TakenOff][] = [
  [
    'the product was deleted',
    {
      takeOff: async () => {
        const response = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
          actor: seller,
        });
        expect(response.statusCode).toBe(200);
      },
      intentRefused: messages.productUnavailable,
      orderRefused: messages.unavailableRefunded,
      bookingStatus: 'unpaid',
    },
  ],
  [
    'its seller was deleted',
    {
      takeOff: async () => {
        const admin = await createActor(t.app, 'admin');
        const response = await call(t.app, 'DELETE', `/api/user/delete/${seller.uid}`, {
          actor: admin,
        });
        expect(response.statusCode).toBe(200);
      },
      intentRefused: messages.bookingCancelled,
      orderRefused: messages.cancelledRefunded,
      bookingStatus: 'cancelled',
    },
  ],
];

describe('POST /api/create-payment-intent', () => {
  it('charges the booking price from the database, ignoring a price from the client', async () => {
    const response = await createIntent(buyer, { bookingId, price: 1 });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/);

    const intentId = intentIdOf(clientSecret);
    expect(await storedIntent(intentId)).toMatchObject({
      bookingId,
      amountCents: 54950,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(await t.db.select().from(payments)).toEqual([
      expect.objectContaining({
        bookingId,
        provider: 'test',
        intentId,
        amountCents: 54950,
        currency: 'usd',
        status: 'requires_payment',
        refundId: null,
      }),
    ]);
    const confirmed = await confirm(clientSecret, SUCCESS_CARD);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      paymentIntent: { id: intentId, status: 'succeeded', amount: 54950, currency: 'usd' },
    });
  });

  it('is idempotent per booking: the same client secret, one intent, one payment row', async () => {
    const first = await clientSecretFor(buyer, bookingId);
    const second = await clientSecretFor(buyer, bookingId);
    expect(second).toBe(first);
    expect(await t.db.select().from(payments)).toHaveLength(1);
    expect(await t.db.select().from(testPaymentIntents)).toHaveLength(1);
  });

  it("is only for the booking's buyer (403 for anyone else) and 404 for an unknown booking", async () => {
    const other = await createActor(t.app, 'buyer');
    for (const actor of [other, seller]) {
      const response = await createIntent(actor, { bookingId });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.forbidden });
    }
    const unknown = await createIntent(buyer, {
      bookingId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.bookingNotFound });
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await t.db.select().from(testPaymentIntents)).toEqual([]);
  });

  it.each(takenOffTheMarket)('refuses with 409 when %s', async (_case, takenOff) => {
    await takenOff.takeOff();
    const response = await createIntent(buyer, { bookingId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: takenOff.intentRefused });
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await t.db.select().from(testPaymentIntents)).toEqual([]);
  });

  it('replaces an intent the provider does not know (e.g. after a provider switch)', async () => {
    // Started with Stripe, now on the test provider, which has never heard of that intent.
    await t.db.insert(payments).values({
      bookingId,
      provider: 'stripe',
      intentId: 'pi_3StripeIntentFromBefore',
      amountCents: 54950,
      currency: 'usd',
      status: 'requires_payment',
    });
    const payment = await payAs(t.app, buyer, bookingId);
    expect(payment.status).toBe(200);
    expect(await t.db.select().from(payments)).toEqual([
      expect.objectContaining({ provider: 'test', intentId: payment.paymentId }),
    ]);

    const order = await orderAs(t.app, buyer, bookingId, payment.paymentId);
    expect(order.statusCode).toBe(200);
    expect(await storedBooking(bookingId)).toMatchObject({
      status: 'paid',
      paymentId: payment.paymentId,
    });
    expect(await storedProduct(productId)).toMatchObject({ status: 'sold' });
    expect(await t.db.select().from(payments)).toEqual([
      expect.objectContaining({
        bookingId,
        provider: 'test',
        intentId: payment.paymentId,
        amountCents: 54950,
        currency: 'usd',
        status: 'succeeded',
      }),
    ]);
  });

  it('refuses a paid booking with 409', async () => {
    const payment = await payAs(t.app, buyer, bookingId);
    expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);
    const response = await createIntent(buyer, { bookingId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.bookingPaid });
  });
});

describe('POST /api/payments/test/confirm', () => {
  it('succeeds with 4242 4242 4242 4242 and marks only the intent as succeeded', async () => {
    const clientSecret = await clientSecretFor(buyer, bookingId);
    const response = await confirm(clientSecret, SUCCESS_CARD);
    expect(response.statusCode).toBe(200);
    expect((await storedIntent(intentIdOf(clientSecret))).status).toBe('succeeded');
    // Confirming is the provider's side only: the order is recorded by POST /orders.
    expect((await storedBooking(bookingId)).status).toBe('unpaid');
    expect((await storedProduct(productId)).status).toBe('unsold');

    const again = await confirm(clientSecret, SUCCESS_CARD);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.intentAlreadyConfirmed });
  });

  const thisYear = new Date().getFullYear();
  it.each([
    ['4000000000000002', 12, 2099, 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 12, 2099, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 12, 2099, 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 12, 2099, 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242424242424241', 12, 2099, 'incorrect_number', 'Your card number is incorrect.'],
    [
      '4242424242424242',
      12,
      thisYear - 1,
      'invalid_expiry_year',
      "Your card's expiration year is in the past.",
    ],
  ])(
    'declines %s (exp %i/%i) with 402 %s and leaves the intent unpaid',
    async (number, expMonth, expYear, code, message) => {
      const clientSecret = await clientSecretFor(buyer, bookingId);
      const response = await confirm(clientSecret, { number, expMonth, expYear, cvc: '123' });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ message, error: { type: 'card_error', code, message } });

      const intentId = intentIdOf(clientSecret);
      expect((await storedIntent(intentId)).status).toBe('requires_payment_method');
      const [payment] = await t.db.select().from(payments);
      expect(payment?.status).toBe('requires_payment');
      const order = await orderAs(t.app, buyer, bookingId, intentId);
      expect(order.statusCode).toBe(402);
      expect((await storedBooking(bookingId)).status).toBe('unpaid');
    },
  );

  it('lets the buyer retry with a good card after a decline', async () => {
    const clientSecret = await clientSecretFor(buyer, bookingId);
    const declined = await confirm(clientSecret, { ...SUCCESS_CARD, number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    const retried = await confirm(clientSecret, SUCCESS_CARD);
    expect(retried.statusCode).toBe(200);
    const order = await orderAs(t.app, buyer, bookingId, intentIdOf(clientSecret));
    expect(order.statusCode).toBe(200);
  });

  it('answers 404 for an unknown client secret', async () => {
    const response = await confirm('pi_test_nope_secret_nope', SUCCESS_CARD);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.intentNotFound });
  });
});

describe('POST /api/orders', () => {
  it('records a confirmed payment: booking paid, product sold, payment succeeded', async () => {
    await call(t.app, 'PUT', `/api/advertise/product/update/${productId}`, { actor: seller });
    const payment = await payAs(t.app, buyer, bookingId);
    const response = await orderAs(t.app, buyer, bookingId, payment.paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      acknowledged: true,
      bookingId,
      paymentId: payment.paymentId,
    });

    expect(await storedBooking(bookingId)).toMatchObject({
      status: 'paid',
      paymentId: payment.paymentId,
    });
    expect(await storedProduct(productId)).toMatchObject({ status: 'sold', advertised: false });
    const [row] = await t.db.select().from(payments);
    expect(row).toMatchObject({ status: 'succeeded', refundId: null });
    const read = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer });
    expect(read.json<Booking>()).toMatchObject({ status: 'paid', paymentId: payment.paymentId });
  });

  it('answers a replay with the same 200 body and changes nothing', async () => {
    const payment = await payAs(t.app, buyer, bookingId);
    const first = await orderAs(t.app, buyer, bookingId, payment.paymentId);
    expect(first.statusCode).toBe(200);
    const before = await marketplaceRows(t.db);

    const replay = await orderAs(t.app, buyer, bookingId, payment.paymentId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await marketplaceRows(t.db)).toEqual(before);

    const otherPayment = await orderAs(t.app, buyer, bookingId, 'pi_test_another');
    expect(otherPayment.statusCode).toBe(409);
    expect(otherPayment.json()).toEqual({ message: messages.bookingPaid });
    expect(await marketplaceRows(t.db)).toEqual(before);
  });

  it('refuses a made-up payment id with 400 and changes nothing', async () => {
    await payAs(t.app, buyer, bookingId);
    const before = await marketplaceRows(t.db);
    const response = await orderAs(t.app, buyer, bookingId, 'pi_test_0123456789abcdef01234567');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.paymentUnknown });
    expect(await marketplaceRows(t.db)).toEqual(before);
  });

  it('refuses an intent that was never confirmed with 402 and changes nothing', async () => {
    const clientSecret = await clientSecretFor(buyer, bookingId);
    const before = await marketplaceRows(t.db);
    const response = await orderAs(t.app, buyer, bookingId, intentIdOf(clientSecret));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: messages.paymentNotSucceeded });
    expect(await marketplaceRows(t.db)).toEqual(before);
  });

  it("refuses a confirmed payment of another booking with 400, even the buyer's own", async () => {
    const cheap = await createProductAs(t.app, seller, { name: 'Cheap', resalePrice: 99 });
    const cheapBooking = await bookAs(t.app, buyer, cheap);
    const cheapPayment = await payAs(t.app, buyer, cheapBooking);
    await clientSecretFor(buyer, bookingId); // the expensive booking has its own, unpaid intent
    const other = await createActor(t.app, 'buyer');
    const othersBooking = await bookAs(t.app, other, productId);
    const othersPayment = await payAs(t.app, other, othersBooking);
    const before = await marketplaceRows(t.db);

    for (const paymentId of [cheapPayment.paymentId, othersPayment.paymentId]) {
      const response = await orderAs(t.app, buyer, bookingId, paymentId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.paymentUnknown });
    }
    expect(await marketplaceRows(t.db)).toEqual(before);
  });

  it('refuses a payment whose provider amount differs from the booking with 400', async () => {
    const payment = await payAs(t.app, buyer, bookingId);
    await t.db
      .update(testPaymentIntents)
      .set({ amountCents: 100 })
      .where(eq(testPaymentIntents.id, payment.paymentId));
    const response = await orderAs(t.app, buyer, bookingId, payment.paymentId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.paymentMismatch });
    expect((await storedBooking(bookingId)).status).toBe('unpaid');
  });

  it("refuses another buyer's booking with 403", async () => {
    const payment = await payAs(t.app, buyer, bookingId);
    const other = await createActor(t.app, 'buyer');
    const response = await orderAs(t.app, other, bookingId, payment.paymentId);
    expect(response.statusCode).toBe(403);
    expect((await storedBooking(bookingId)).status).toBe('unpaid');
  });

  it('sells a product exactly once when two buyers order at the same time', async () => {
    const rival = await createActor(t.app, 'buyer');
    const rivalBookingId = await bookAs(t.app, rival, productId);
    const mine = await payAs(t.app, buyer, bookingId);
    const theirs = await payAs(t.app, rival, rivalBookingId);
    expect([mine.status, theirs.status]).toEqual([200, 200]);

    const [myOrder, theirOrder] = await Promise.all([
      orderAs(t.app, buyer, bookingId, mine.paymentId),
      orderAs(t.app, rival, rivalBookingId, theirs.paymentId),
    ]);
    expect([myOrder.statusCode, theirOrder.statusCode].sort()).toEqual([200, 409]);
    const iWon = myOrder.statusCode === 200;
    const winner = iWon
      ? { bookingId, paymentId: mine.paymentId }
      : { bookingId: rivalBookingId, paymentId: theirs.paymentId };
    const loser = iWon
      ? { bookingId: rivalBookingId, paymentId: theirs.paymentId, response: theirOrder }
      : { bookingId, paymentId: mine.paymentId, response: myOrder };
    expect(loser.response.json()).toEqual({
      message: messages.soldToAnotherBuyer,
      refundId: expect.stringMatching(/^re_test_/),
    });

    expect(await storedProduct(productId)).toMatchObject({ status: 'sold', advertised: false });
    expect(await storedBooking(winner.bookingId)).toMatchObject({
      status: 'paid',
      paymentId: winner.paymentId,
    });
    expect(await storedBooking(loser.bookingId)).toMatchObject({
      status: 'closed',
      paymentId: null,
    });
    const refunded = (await t.db.select().from(payments)).filter(
      (payment) => payment.status === 'refunded',
    );
    expect(refunded).toEqual([
      expect.objectContaining({
        bookingId: loser.bookingId,
        intentId: loser.paymentId,
        refundId: expect.stringMatching(/^re_test_/),
      }),
    ]);
    const [winnerPayment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, winner.bookingId));
    expect(winnerPayment).toMatchObject({ status: 'succeeded', refundId: null });
    expect((await storedIntent(loser.paymentId)).refundId).toBe(refunded[0]?.refundId);
    expect((await storedIntent(winner.paymentId)).refundId).toBeNull();
  });

  it.each(takenOffTheMarket)(
    'refunds a payment confirmed before %s, with 409, and sells nothing',
    async (_case, takenOff) => {
      const payment = await payAs(t.app, buyer, bookingId);
      expect(payment.status).toBe(200);
      await takenOff.takeOff();

      const response = await orderAs(t.app, buyer, bookingId, payment.paymentId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: takenOff.orderRefused,
        refundId: expect.stringMatching(/^re_test_/),
      });
      expect(await storedBooking(bookingId)).toMatchObject({
        status: takenOff.bookingStatus,
        paymentId: null,
      });
      expect(await storedProduct(productId)).toMatchObject({ status: 'unsold' });
      const [refunded] = await t.db.select().from(payments);
      expect(refunded).toMatchObject({
        intentId: payment.paymentId,
        status: 'refunded',
        refundId: expect.stringMatching(/^re_test_/),
      });
      expect((await storedIntent(payment.paymentId)).refundId).toBe(refunded?.refundId);

      // Asking again names the same refund, and sends no second one.
      const before = await marketplaceRows(t.db);
      const again = await orderAs(t.app, buyer, bookingId, payment.paymentId);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: takenOff.orderRefused,
        refundId: refunded?.refundId,
      });
      expect(await marketplaceRows(t.db)).toEqual(before);
    },
  );

  it('takes a sold product off sale and closes the other unpaid bookings of it', async () => {
    const categoryId = await firstCategoryId(t.db);
    await call(t.app, 'PUT', `/api/advertise/product/update/${productId}`, { actor: seller });
    const late = await createActor(t.app, 'buyer');
    const lateBookingId = await bookAs(t.app, late, productId);
    const lateSecret = await clientSecretFor(late, lateBookingId);
    const third = await createActor(t.app, 'buyer');
    const thirdBookingId = await bookAs(t.app, third, productId);
    expect(idsOf(await call(t.app, 'GET', `/api/products/${categoryId}`))).toEqual([productId]);
    expect(idsOf(await call(t.app, 'GET', '/api/advertise/products'))).toEqual([productId]);

    const payment = await payAs(t.app, buyer, bookingId);
    expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);

    expect(await storedProduct(productId)).toMatchObject({ status: 'sold', advertised: false });
    expect((await call(t.app, 'GET', `/api/products/${categoryId}`)).json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/advertise/products')).json()).toEqual([]);

    const thirdBooking = await call(t.app, 'GET', `/api/booking/${thirdBookingId}`, {
      actor: third,
    });
    expect(thirdBooking.json<Booking>().status).toBe('closed');
    const intent = await createIntent(third, { bookingId: thirdBookingId });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ message: messages.bookingClosed });

    // A buyer who had started paying before the sale and pays afterwards gets refunded.
    expect((await confirm(lateSecret, SUCCESS_CARD)).statusCode).toBe(200);
    const lateOrder = await orderAs(t.app, late, lateBookingId, intentIdOf(lateSecret));
    expect(lateOrder.statusCode).toBe(409);
    expect(lateOrder.json()).toMatchObject({ message: messages.soldToAnotherBuyer });
    expect(await storedBooking(lateBookingId)).toMatchObject({ status: 'closed' });
    expect((await storedIntent(intentIdOf(lateSecret))).refundId).toMatch(/^re_test_/);
    expect(await storedBooking(bookingId)).toMatchObject({ status: 'paid' });
  });
});
