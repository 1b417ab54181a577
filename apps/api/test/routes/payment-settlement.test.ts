import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type Booking } from '@reloop/shared';
import { bookings, payments, products, testPaymentIntents } from '../../src/db/schema.ts';
import { settleInterruptedPayments } from '../../src/payments/reconciliation.ts';
import { call, orderAs, sellProduct } from '../helpers/behaviour.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { bookAs, createActor, createProductAs, payAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Money the provider took is never left without an outcome (DESIGN §12): a payment confirmed
 * whose order was never posted (the tab closed, the server restarted) is recorded or refunded
 * when the buyer comes back and at start-up; a refund is sent once, however many calls race.
 */
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
let bookingId: string;
beforeEach(async () => {
  t = await createTestApp();
  ({ seller, buyer, productId, bookingId } = await bookedLaptop(t));
});
afterEach(() => t.close());

async function bookedLaptop(app: TestApp) {
  const laptopSeller = await createActor(app.app, 'seller');
  const laptopBuyer = await createActor(app.app, 'buyer');
  const laptop = await createProductAs(app.app, laptopSeller, { resalePrice: 549.5 });
  const booking = await bookAs(app.app, laptopBuyer, laptop);
  return { seller: laptopSeller, buyer: laptopBuyer, productId: laptop, bookingId: booking };
}

/** The buyer's card went through at the provider, and then the tab closed. */
async function paidButNeverRecorded(app: TestApp, payer: Actor, id: string): Promise<string> {
  const payment = await payAs(app.app, payer, id);
  expect(payment.status).toBe(200);
  return payment.paymentId;
}

const createIntent = (actor: Actor, id: string) =>
  call(t.app, 'POST', '/api/create-payment-intent', { actor, payload: { bookingId: id } });

const stored = async (app: TestApp, id: string) => {
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, id));
  const [payment] = await app.db.select().from(payments).where(eq(payments.bookingId, id));
  return { booking, payment };
};

const bookingAsSeenBy = async (actor: Actor, id: string) =>
  (await call(t.app, 'GET', `/api/booking/${id}`, { actor })).json<Booking>();

describe('a payment confirmed but never recorded', () => {
  it('is recorded when the buyer comes back to pay', async () => {
    const paymentId = await paidButNeverRecorded(t, buyer, bookingId);

    const again = await createIntent(buyer, bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.bookingPaid });
    expect(await stored(t, bookingId)).toMatchObject({
      booking: { status: 'paid', paymentId },
      payment: { status: 'succeeded', refundId: null },
    });
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(product?.status).toBe('sold');
    // The web app's own /orders, arriving late, is answered as a replay.
    expect((await orderAs(t.app, buyer, bookingId, paymentId)).statusCode).toBe(200);
  });

  it('is refunded when the buyer comes back after another buyer bought the laptop', async () => {
    const paymentId = await paidButNeverRecorded(t, buyer, bookingId);
    await sellProduct(t.app, productId);

    const again = await createIntent(buyer, bookingId);
    expect(again.statusCode).toBe(409);
    const { refundId } = again.json<{ refundId: string }>();
    expect(again.json()).toEqual({ message: messages.soldToAnotherBuyer, refundId });
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId));
    expect(intent?.refundId).toBe(refundId);
    expect(await bookingAsSeenBy(buyer, bookingId)).toMatchObject({ status: 'closed', refundId });
  });

  it('is settled at start-up, with nobody coming back', async () => {
    const database = await createTestDatabase();
    const before = await createTestApp({ databaseUrl: database.url });
    const recorded = await bookedLaptop(before);
    const recordedPayment = await paidButNeverRecorded(before, recorded.buyer, recorded.bookingId);
    const gone = await bookedLaptop(before);
    await paidButNeverRecorded(before, gone.buyer, gone.bookingId);
    expect(
      (
        await call(before.app, 'DELETE', `/api/delete/product/${gone.productId}`, {
          actor: gone.seller,
        })
      ).statusCode,
    ).toBe(200);
    // A refund claimed just before a crash: the provider never answered.
    const interrupted = await bookedLaptop(before);
    await paidButNeverRecorded(before, interrupted.buyer, interrupted.bookingId);
    await before.db
      .update(payments)
      .set({ status: 'refunding' })
      .where(eq(payments.bookingId, interrupted.bookingId));
    await before.close();

    const after = await createTestApp({ databaseUrl: database.url });
    try {
      await vi.waitFor(
        async () => {
          expect(await stored(after, recorded.bookingId)).toMatchObject({
            booking: { status: 'paid', paymentId: recordedPayment },
            payment: { status: 'succeeded' },
          });
          for (const refunded of [gone, interrupted]) {
            expect(await stored(after, refunded.bookingId)).toMatchObject({
              booking: { status: 'unpaid', paymentId: null },
              payment: { status: 'refunded', refundId: expect.stringMatching(/^re_test_/) },
            });
          }
        },
        { timeout: 10_000, interval: 100 },
      );
      // Settling again finds nothing left to do.
      expect(
        await settleInterruptedPayments(
          after.db,
          after.app.payments,
          after.app.jobs,
          after.app.log,
        ),
      ).toEqual({
        recorded: 0,
        refunded: 0,
        failed: 0,
      });
    } finally {
      await after.close();
      await database.drop();
    }
  });
});

describe('refunds', () => {
  it("send one refund for a losing buyer's parallel orders, and every answer names it", async () => {
    const paymentId = await paidButNeverRecorded(t, buyer, bookingId);
    await sellProduct(t.app, productId);
    const refund = vi.spyOn(t.app.payments, 'refund');

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => orderAs(t.app, buyer, bookingId, paymentId)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(409));
    expect(refund).toHaveBeenCalledTimes(1);
    const { payment } = await stored(t, bookingId);
    expect(payment).toMatchObject({ status: 'refunded', refundId: expect.any(String) });
    for (const answer of answers) {
      expect(answer.json<{ refundId?: string }>().refundId).toBe(payment?.refundId);
    }
  });

  it('release their claim when the provider fails, and go through on the next call', async () => {
    const paymentId = await paidButNeverRecorded(t, buyer, bookingId);
    await sellProduct(t.app, productId);
    vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('provider unreachable'));

    expect((await orderAs(t.app, buyer, bookingId, paymentId)).statusCode).toBe(500);
    expect((await stored(t, bookingId)).payment).toMatchObject({
      status: 'requires_payment',
      refundId: null,
    });
    const retry = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(retry.statusCode).toBe(409);
    expect((await stored(t, bookingId)).payment).toMatchObject({
      status: 'refunded',
      refundId: retry.json<{ refundId: string }>().refundId,
    });
  });

  it('leave a refunded payment buying nothing, even once the laptop is for sale again', async () => {
    const paymentId = await paidButNeverRecorded(t, buyer, bookingId);
    const removal = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: seller,
    });
    expect(removal.statusCode).toBe(200);
    const refunded = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(refunded.statusCode).toBe(409);
    // Listed again (as a cancelled sale will list it): the old payment is still only refunded.
    await t.db.update(products).set({ deletedAt: null }).where(eq(products.id, productId));

    const replay = await orderAs(t.app, buyer, bookingId, paymentId);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      message: messages.paymentRefunded,
      refundId: refunded.json<{ refundId: string }>().refundId,
    });
    expect(await stored(t, bookingId)).toMatchObject({
      booking: { status: 'unpaid', paymentId: null },
      payment: { status: 'refunded' },
    });
  });
});
