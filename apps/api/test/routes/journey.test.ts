import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
} from '../helpers/marketplace.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

it('takes a product from listing to a paid order', async () => {
  const seller = await createActor(t.app, 'seller');
  const buyer = await createActor(t.app, 'buyer');
  const categoryId = await firstCategoryId(t.db);
  const productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });

  const listed = await t.app.inject({ method: 'GET', url: `/api/products/${categoryId}` });
  expect(listed.json().map((product: { _id: string }) => product._id)).toContain(productId);
  expect(listed.headers.link).toBeUndefined();

  const bookingId = await bookAs(t.app, buyer, productId);
  const payment = await payAs(t.app, buyer, bookingId);
  expect(payment.status).toBe(200);
  expect(payment.body).toMatchObject({
    paymentIntent: { status: 'succeeded', amount: 54950, currency: 'usd' },
  });

  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.headers,
    payload: { paymentId: payment.paymentId, bookingId, productId },
  });
  expect(order.statusCode).toBe(200);

  const booking = await t.app.inject({
    method: 'GET',
    url: `/api/booking/${bookingId}`,
    headers: buyer.headers,
  });
  expect(booking.json()).toMatchObject({
    status: 'paid',
    paymentId: payment.paymentId,
    productPrice: 549.5,
  });
  const after = await t.app.inject({ method: 'GET', url: `/api/products/${categoryId}` });
  expect(after.json()).toEqual([]);
});
