import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  multipart,
  signUp,
  type SignedUpUser,
  type TestApp,
} from '../helpers/test-app.ts';
import { users } from '../../src/db/schema.ts';
import { call } from '../helpers/behaviour.ts';
import type { Actor } from '../helpers/marketplace.ts';

/**
 * The contract of SPEC §7: each call the spec's client makes, sent with exactly the payload the
 * spec documents (not one field of Reloop's own added), answered with the status and the fields
 * the spec's screens read. Other clients are written against these calls; a change that breaks
 * one fails here. The calls run in the order a sale takes them, each on what the last made.
 *
 * Where the spec gives no payload shape, DESIGN §4 fixes it: `POST /create-payment-intent` names
 * its booking (`bookingId`, with the spec's `price` accepted and ignored).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the spec's identity provider gave the client, and the API token it exchanged it for. */
const accounts: Record<'seller' | 'buyer' | 'admin', SignedUpUser & Actor> = {} as never;
const state = { categoryId: '', imgUrl: '', productId: '', bookingId: '', paymentId: '' };

/** Keys the spec's screens read from a response: each must be there. */
const withKeys = (value: unknown, keys: string[]) =>
  expect(Object.keys(value as object)).toEqual(expect.arrayContaining(keys));

/** Signs up with the identity provider's stand-in and exchanges its token (POST /jwtgenerate). */
async function account(): Promise<SignedUpUser & Actor> {
  const user = await signUp(t.app);
  // POST /jwtgenerate, JSON email → reads token
  const exchange = await call(t.app, 'POST', '/api/jwtgenerate', {
    actor: { headers: { authorization: `Bearer ${user.idToken}` } } as Actor,
    payload: { email: user.email },
  });
  expect(exchange.statusCode).toBe(200);
  const token = exchange.json<{ token: string }>().token;
  expect(token).toEqual(expect.any(String));
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

describe('SPEC §7, with the spec’s own payloads', () => {
  it('POST /register {userEmail, userName, role, userImg} → acknowledged', async () => {
    for (const role of ['seller', 'buyer'] as const) {
      const user = await account();
      const response = await call(t.app, 'POST', '/api/register', {
        actor: user,
        payload: { userEmail: user.email, userName: `A ${role}`, role, userImg: '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true });
      accounts[role] = user;
    }
    // Admins are made by the operator (ADMIN_EMAIL), never by /register.
    const admin = await account();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.uid));
    accounts.admin = admin;
  });

  it('GET /user/checkrole/{email} → role', async () => {
    for (const role of ['seller', 'buyer', 'admin'] as const) {
      const { email } = accounts[role];
      const response = await call(t.app, 'GET', `/api/user/checkrole/${email}`, {
        actor: accounts[role],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ role });
    }
  });

  it('GET /productcategory → categories with _id and category', async () => {
    const response = await call(t.app, 'GET', '/api/productcategory');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ _id: string; category: string }[]>();
    expect(list).toHaveLength(5);
    for (const category of list) withKeys(category, ['_id', 'category']);
    state.categoryId = list[0]?._id ?? '';
  });

  it('POST to the image service, multipart field image → success and data.url', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } },
    })
      .png()
      .toBuffer();
    const body = multipart('image', 'laptop.png', 'image/png', png);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: body.payload,
      headers: { ...body.headers, ...accounts.seller.headers },
    });
    expect(response.statusCode).toBe(201);
    const uploaded = response.json<{ success: boolean; data: { url: string } }>();
    expect(uploaded.success).toBe(true);
    state.imgUrl = uploaded.data.url;
  });

  it('POST /product with the product fields, imgUrl, sellerName, sellerEmail, status → 201', async () => {
    const seller = accounts.seller;
    const response = await call(t.app, 'POST', '/api/product', {
      actor: seller,
      // The spec's Add Product form, as its client sends it.
      payload: {
        name: 'Dell XPS 13 9310',
        imgUrl: state.imgUrl,
        resalePrice: 650,
        originalPrice: 1399,
        location: 'Denver',
        mobile: 3035550142,
        yearOfUse: 2021,
        condition: 'excellent',
        categoryId: state.categoryId,
        description: 'Barely used, with its charger.',
        sellerName: 'A seller',
        sellerEmail: seller.email,
        status: 'unsold',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ acknowledged: true, _id: expect.any(String) });
    state.productId = response.json<{ _id: string }>()._id;
  });

  it('GET /seller/products?email= (bearer) → the seller’s products', async () => {
    const seller = accounts.seller;
    const response = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}`, {
      actor: seller,
    });
    expect(response.statusCode).toBe(200);
    const [product] = response.json<Record<string, unknown>[]>();
    // The seller's All Products table: image, name, price, status, advertise.
    expect(product).toMatchObject({
      _id: state.productId,
      name: 'Dell XPS 13 9310',
      imgUrl: state.imgUrl,
      resalePrice: 650,
      status: 'unsold',
      advertise: false,
    });
  });

  it('PUT /advertise/product/update/{id} → advertised', async () => {
    const response = await call(t.app, 'PUT', `/api/advertise/product/update/${state.productId}`, {
      actor: accounts.seller,
    });
    expect(response.statusCode).toBe(200);
  });

  it('GET /advertise/products and GET /products/{categoryId} → cards with what they show', async () => {
    for (const url of ['/api/advertise/products', `/api/products/${state.categoryId}`]) {
      const response = await call(t.app, 'GET', url, { actor: accounts.buyer });
      expect(response.statusCode, url).toBe(200);
      const card = response.json<Record<string, unknown>[]>()[0];
      // The product card: name, image, original and resale price, year of use, time posted,
      // seller name, verified badge, report state; the booking modal: name and price.
      expect(card, url).toMatchObject({
        _id: state.productId,
        name: 'Dell XPS 13 9310',
        imgUrl: state.imgUrl,
        originalPrice: 1399,
        resalePrice: 650,
        yearOfUse: 2021,
        timeWhenPost: expect.any(String),
        sellerName: 'A seller',
        sellerVerified: false,
        report: false,
      });
    }
  });

  it('PUT /user/seller/update/{email} (bearer) → the seller verified on their cards', async () => {
    const response = await call(t.app, 'PUT', `/api/user/seller/update/${accounts.seller.email}`, {
      actor: accounts.admin,
    });
    expect(response.statusCode).toBe(200);
    const cards = await call(t.app, 'GET', `/api/products/${state.categoryId}`);
    expect(cards.json<{ sellerVerified: boolean }[]>()[0]?.sellerVerified).toBe(true);
  });

  it('POST /booking with the spec’s booking fields → success and message', async () => {
    const buyer = accounts.buyer;
    const response = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: {
        productId: state.productId,
        productName: 'Dell XPS 13 9310',
        productPrice: 1399,
        productImg: state.imgUrl,
        buyerMeetingLocation: 'Union Station',
        buyerName: 'A buyer',
        buyerEmail: buyer.email,
        buyerPhone: 3035550177,
        status: 'unpaid',
      },
    });
    expect(response.statusCode).toBe(201);
    const booked = response.json<{ success: boolean; message: string; _id: string }>();
    expect(booked).toMatchObject({ success: true, message: expect.any(String) });
    state.bookingId = booked._id;
  });

  it('GET /bookings?email= and GET /booking/{id} (bearer) → the buyer’s orders', async () => {
    const buyer = accounts.buyer;
    const list = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, { actor: buyer });
    expect(list.statusCode).toBe(200);
    const one = await call(t.app, 'GET', `/api/booking/${state.bookingId}`, { actor: buyer });
    expect(one.statusCode).toBe(200);
    // My Orders: image, title, price, pay or paid; the payment page: name and price.
    const shown = {
      _id: state.bookingId,
      productId: state.productId,
      productName: 'Dell XPS 13 9310',
      productImg: state.imgUrl,
      productPrice: 650,
      status: 'unpaid',
    };
    expect(list.json<unknown[]>()[0]).toMatchObject(shown);
    expect(one.json()).toMatchObject(shown);
  });

  it('POST /create-payment-intent (bearer) → clientSecret; POST /orders → the booking paid', async () => {
    const buyer = accounts.buyer;
    const intent = await call(t.app, 'POST', '/api/create-payment-intent', {
      actor: buyer,
      payload: { bookingId: state.bookingId, price: 650 },
    });
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    expect(clientSecret).toEqual(expect.any(String));
    // The card provider's embedded elements (Reloop's test provider stands in for them).
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    const confirmed = await call(t.app, 'POST', '/api/payments/test/confirm', {
      payload: { clientSecret, card, billingDetails: { name: 'A buyer', email: buyer.email } },
    });
    const { paymentIntent } = confirmed.json<{ paymentIntent: { id: string; status: string } }>();
    expect(paymentIntent.status).toBe('succeeded');
    state.paymentId = paymentIntent.id;

    const order = await call(t.app, 'POST', '/api/orders', {
      actor: buyer,
      payload: {
        paymentId: state.paymentId,
        productId: state.productId,
        bookingId: state.bookingId,
      },
    });
    expect(order.statusCode).toBe(200);
    const paid = await call(t.app, 'GET', `/api/booking/${state.bookingId}`, { actor: buyer });
    expect(paid.json()).toMatchObject({ status: 'paid', paymentId: state.paymentId });
  });

  it('PUT /product/report/{id} → reported; GET /reported/products (bearer) lists it', async () => {
    // The spec sends no body at all (no content type): still 200 {acknowledged: true}.
    const report = await call(t.app, 'PUT', `/api/product/report/${state.productId}`, {
      actor: accounts.buyer,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ acknowledged: true });
    const reported = await call(t.app, 'GET', '/api/reported/products', {
      actor: accounts.admin,
    });
    expect(reported.statusCode).toBe(200);
    // The admin's table: image, name, price, delete.
    expect(reported.json<unknown[]>()[0]).toMatchObject({
      _id: state.productId,
      name: 'Dell XPS 13 9310',
      imgUrl: state.imgUrl,
      resalePrice: 650,
    });
  });

  it('GET /buyers and GET /sellers (bearer) → users with name, email, verify', async () => {
    for (const [url, role] of [
      ['/api/buyers', 'buyer'],
      ['/api/sellers', 'seller'],
    ] as const) {
      const response = await call(t.app, 'GET', url, { actor: accounts.admin });
      expect(response.statusCode, url).toBe(200);
      const [user] = response.json<Record<string, unknown>[]>();
      withKeys(user, ['_id', 'userName', 'userEmail', 'verify']);
      expect(user?.userEmail).toBe(accounts[role].email);
    }
  });

  it('DELETE /delete/product/{id} → deleted, and gone from the reported list', async () => {
    const response = await call(t.app, 'DELETE', `/api/delete/product/${state.productId}`, {
      actor: accounts.admin,
    });
    expect(response.statusCode).toBe(200);
    const reported = await call(t.app, 'GET', '/api/reported/products', {
      actor: accounts.admin,
    });
    expect(reported.json()).toEqual([]);
  });

  it('DELETE /user/delete/{id} → JSON; the user leaves the list', async () => {
    const response = await call(t.app, 'DELETE', `/api/user/delete/${accounts.buyer.uid}`, {
      actor: accounts.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(() => response.json()).not.toThrow();
    const buyers = await call(t.app, 'GET', '/api/buyers', { actor: accounts.admin });
    expect(buyers.json()).toEqual([]);
  });
});
