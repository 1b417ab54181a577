import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { bookings, payments, products } from '../../src/db/schema.ts';
import { call, orderAs } from '../helpers/behaviour.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import {
  createStripeTestApp,
  postStripeEvent,
  startStripeStub,
  type StripeStub,
} from '../helpers/stripe-stub.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Payments through Stripe (STRIPE_* set): the real SDK against a Stripe stub on loopback.
 * Orders are recorded from /api/orders or from the signed webhook, whichever comes first,
 * exactly once.
 */

let stub: StripeStub;
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
let bookingId: string;
beforeEach(async () => {
  stub = await startStripeStub();
  t = await createStripeTestApp(stub);
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });
  bookingId = await bookAs(t.app, buyer, productId);
});
afterEach(async () => {
  await t.close();
  await stub.close();
});

async function startPayment(actor: Actor, id: string): Promise<string> {
  const response = await call(t.app, 'POST', '/api/create-payment-intent', {
    actor,
    payload: { bookingId: id, price: 1 },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
}

/**
 * The buyer and a rival both pay at Stripe for the same laptop; the buyer's order is recorded
 * first, so the rival's payment can only be refunded.
 */
async function rivalPaidTooLate() {
  const rival = await createActor(t.app, 'buyer');
  const rivalBooking = await bookAs(t.app, rival, productId);
  const mine = await startPayment(buyer, bookingId);
  const theirs = await startPayment(rival, rivalBooking);
  stub.succeed(mine);
  stub.succeed(theirs);
  expect((await orderAs(t.app, buyer, bookingId, mine)).statusCode).toBe(200);
  return { rival, rivalBooking, theirs };
}

function webhook(intentId: string, options: { signature?: string; type?: string } = {}) {
  const event = {
    id: `evt_${intentId}`,
    type: options.type ?? 'payment_intent.succeeded',
    object: stub.intents.get(intentId),
  };
  return postStripeEvent(t.app, event, options.signature);
}

const storedBooking = async (id = bookingId) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const storedProduct = async () =>
  (await t.db.select().from(products).where(eq(products.id, productId)))[0];

describe('with Stripe configured', () => {
  it('tells the web app to use Stripe, and has no test card endpoint', async () => {
    const config = await call(t.app, 'GET', '/api/config');
    expect(config.json()).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_reloop',
    });
    const confirm = await call(t.app, 'POST', '/api/payments/test/confirm', { payload: {} });
    expect(confirm.statusCode).toBe(404);
  });

  it('creates one intent per booking with the booking price, bookingId and an idempotency key', async () => {
    const intentId = await startPayment(buyer, bookingId);
    expect(await startPayment(buyer, bookingId)).toBe(intentId);
    expect(stub.intents.get(intentId)).toMatchObject({
      amount: 54950,
      currency: 'usd',
      metadata: { bookingId },
    });
    const creations = stub.calls.filter((entry) => entry.call === 'POST /v1/payment_intents');
    expect(creations).toEqual([
      { call: 'POST /v1/payment_intents', idempotencyKey: `reloop-booking-${bookingId}-54950` },
    ]);
  });

  it('records the order once Stripe says the payment succeeded', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);
    const order = await orderAs(t.app, buyer, bookingId, intentId);
    expect(order.statusCode).toBe(200);
    expect(order.json()).toEqual({ acknowledged: true, bookingId, paymentId: intentId });
    expect(await storedBooking()).toMatchObject({ status: 'paid', paymentId: intentId });
    expect(await storedProduct()).toMatchObject({ status: 'sold', advertised: false });
  });

  it('refunds a cancelled sale through Stripe once, with its idempotency key', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);
    expect((await orderAs(t.app, buyer, bookingId, intentId)).statusCode).toBe(200);

    const cancels = await Promise.all([
      call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: seller }),
      call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: buyer }),
      call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: seller }),
    ]);
    const [refund] = stub.refunds;
    for (const cancelled of cancels) {
      expect(cancelled.json()).toEqual({
        _id: bookingId,
        status: 'cancelled',
        refundId: refund?.id,
        funds: 'refunded',
        releaseAt: null,
      });
    }
    expect(stub.calls.filter((entry) => entry.call === 'POST /v1/refunds')).toEqual([
      { call: 'POST /v1/refunds', idempotencyKey: `reloop-refund-${intentId}` },
    ]);
    expect(stub.refunds).toEqual([expect.objectContaining({ payment_intent: intentId })]);
    expect(await storedProduct()).toMatchObject({ status: 'unsold' });
  });

  it('refunds on cancel a payment Stripe took whose order was never recorded', async () => {
    // The card went through at Stripe, the tab closed, and no webhook has arrived yet.
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);

    const cancel = () => call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: buyer });
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refund] = stub.refunds;
    expect(refund).toMatchObject({ payment_intent: intentId, id: expect.stringMatching(/^re_/) });
    expect(cancelled.json()).toEqual({
      _id: bookingId,
      status: 'cancelled',
      refundId: refund?.id,
      funds: 'refunded',
      releaseAt: null,
    });
    expect(stub.calls).toContainEqual({
      call: `GET /v1/payment_intents/${intentId}`,
      idempotencyKey: undefined,
    });
    expect(stub.calls.filter((entry) => entry.call === 'POST /v1/refunds')).toEqual([
      { call: 'POST /v1/refunds', idempotencyKey: `reloop-refund-${intentId}` },
    ]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment).toMatchObject({ status: 'refunded', refundId: refund?.id });

    // The late webhook and a replayed cancel find it refunded: no second refund.
    expect((await webhook(intentId)).statusCode).toBe(200);
    expect((await cancel()).json()).toEqual(cancelled.json());
    expect(stub.refunds).toHaveLength(1);
    expect(await storedBooking()).toMatchObject({ status: 'cancelled', paymentId: null });
  });

  it('refuses an order while the card has not gone through (a decline) with 402', async () => {
    const intentId = await startPayment(buyer, bookingId);
    const order = await orderAs(t.app, buyer, bookingId, intentId);
    expect(order.statusCode).toBe(402);
    expect(order.json()).toEqual({ message: messages.paymentNotSucceeded });
    expect(await storedBooking()).toMatchObject({ status: 'unpaid', paymentId: null });
  });

  it('refuses a payment whose amount at Stripe differs from the booking with 400', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId).amount = 100;
    const order = await orderAs(t.app, buyer, bookingId, intentId);
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ message: messages.paymentMismatch });
    expect(await storedBooking()).toMatchObject({ status: 'unpaid' });
  });

  it('refuses a payment id Stripe does not know with 400', async () => {
    await startPayment(buyer, bookingId);
    const order = await orderAs(t.app, buyer, bookingId, 'pi_unknown');
    expect(order.statusCode).toBe(400);
    expect(await storedBooking()).toMatchObject({ status: 'unpaid' });
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);
    for (const signature of ['t=1,v1=forged', '']) {
      const response = await webhook(intentId, { signature });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.webhookSignatureInvalid });
    }
    expect(await storedBooking()).toMatchObject({ status: 'unpaid' });
  });

  it('records the order when the buyer never comes back, and a replay changes nothing', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await webhook(intentId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(await storedBooking()).toMatchObject({ status: 'paid', paymentId: intentId });
    expect(await t.db.select().from(payments)).toEqual([
      expect.objectContaining({ intentId, status: 'succeeded', refundId: null }),
    ]);
    expect(stub.refunds).toEqual([]);
  });

  it('gives one order whichever comes first, the webhook or /orders', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId);
    expect((await webhook(intentId)).statusCode).toBe(200);
    const order = await orderAs(t.app, buyer, bookingId, intentId);
    expect(order.statusCode).toBe(200);

    const rival = await createActor(t.app, 'buyer');
    const otherProduct = await createProductAs(t.app, seller);
    const otherBooking = await bookAs(t.app, rival, otherProduct);
    const otherIntent = await startPayment(rival, otherBooking);
    stub.succeed(otherIntent);
    expect((await orderAs(t.app, rival, otherBooking, otherIntent)).statusCode).toBe(200);
    expect((await webhook(otherIntent)).statusCode).toBe(200);

    const paid = (await t.db.select().from(bookings)).filter((row) => row.status === 'paid');
    expect(paid.map((row) => row.paymentId).sort()).toEqual([intentId, otherIntent].sort());
    expect(stub.refunds).toEqual([]);
  });

  it('refunds through Stripe a buyer whose payment arrives after the product sold', async () => {
    const { rival, rivalBooking, theirs } = await rivalPaidTooLate();

    expect((await webhook(theirs)).statusCode).toBe(200);
    expect(await storedBooking(rivalBooking)).toMatchObject({ status: 'closed', paymentId: null });
    expect(stub.refunds).toEqual([expect.objectContaining({ payment_intent: theirs })]);
    const late = await orderAs(t.app, rival, rivalBooking, theirs);
    expect(late.statusCode).toBe(409);
    expect(stub.refunds).toHaveLength(1);
  });

  it('sends one refund, with its idempotency key, for parallel orders and webhooks', async () => {
    const { rival, rivalBooking, theirs } = await rivalPaidTooLate();

    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => orderAs(t.app, rival, rivalBooking, theirs)),
      webhook(theirs),
      webhook(theirs),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(6).fill(409), 200, 200]);
    const refundCalls = stub.calls.filter((entry) => entry.call === 'POST /v1/refunds');
    expect(refundCalls).toEqual([
      { call: 'POST /v1/refunds', idempotencyKey: `reloop-refund-${theirs}` },
    ]);
    const [refund] = stub.refunds;
    for (const answer of answers.slice(0, 6)) {
      expect(answer.json()).toEqual({ message: messages.soldToAnotherBuyer, refundId: refund?.id });
    }
  });

  it('ignores (200) a payment whose metadata.bookingId is not a booking id at all', async () => {
    const intentId = await startPayment(buyer, bookingId);
    stub.succeed(intentId).metadata.bookingId = 'not-a-uuid';
    const response = await webhook(intentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await storedBooking()).toMatchObject({ status: 'unpaid', paymentId: null });
    expect(await storedProduct()).toMatchObject({ status: 'unsold' });
    expect(stub.refunds).toEqual([]);
  });

  it('ignores events it does not act on', async () => {
    const intentId = await startPayment(buyer, bookingId);
    const response = await webhook(intentId, { type: 'payment_intent.created' });
    expect(response.statusCode).toBe(200);
    expect(await storedBooking()).toMatchObject({ status: 'unpaid' });
  });
});
