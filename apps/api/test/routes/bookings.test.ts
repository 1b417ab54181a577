import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, type Booking, type Notifications } from '@reloop/shared';
import { bookings, products } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { call, errorPaths, idsOf, sellProduct, nextLink, pagesOf } from '../helpers/behaviour.ts';

/**
 * Booking a product and reading bookings back (DESIGN §4): the name, image and price are
 * snapshots of the listing in the database, whatever the client sends; a buyer books a product
 * once, never their own or a sold one, and reads only their own bookings unless an admin.
 */
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { name: 'Dell XPS 13', resalePrice: 612.25 });
});
afterEach(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const validBody = (id: string) => ({
  productId: id,
  buyerPhone: '5125550199',
  buyerMeetingLocation: 'Central Library',
});

const book = (actor: Actor, payload: object) =>
  call(t.app, 'POST', '/api/booking', { actor, payload });

describe('POST /api/booking', () => {
  it('answers 201 with the booking id and snapshots the product from the database', async () => {
    const response = await book(buyer, {
      ...validBody(productId),
      productPrice: 1,
      productName: 'x',
      productImg: 'https://evil.example/x.png',
      status: 'paid',
      paymentId: 'pi_forged',
      buyerEmail: seller.email,
      buyerName: 'Someone Else',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: true; message: string; _id: string }>();
    expect(body).toEqual({ success: true, message: 'booking successfully', _id: body._id });
    expect(body.message).toBe(messages.bookingCreated);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, body._id));
    expect(row).toMatchObject({
      productId,
      buyerId: buyer.uid,
      productName: 'Dell XPS 13',
      productImage: '/api/images/seed-product-lenovo-thinkpad-t14-gen-2.jpg',
      priceCents: 61225,
      phone: '5125550199',
      meetingLocation: 'Central Library',
      status: 'unpaid',
      paymentId: null,
    });
    const read = await call(t.app, 'GET', `/api/booking/${body._id}`, { actor: buyer });
    expect(read.json<Booking>()).toEqual({
      _id: body._id,
      productId,
      productName: 'Dell XPS 13',
      productImg: '/api/images/seed-product-lenovo-thinkpad-t14-gen-2.jpg',
      productPrice: 612.25,
      buyerName: 'A buyer',
      buyerEmail: buyer.email,
      buyerPhone: '5125550199',
      buyerMeetingLocation: 'Central Library',
      status: 'unpaid',
      paymentId: null,
      note: null,
      // The seller's contact is for a paid booking only.
      sellerName: null,
      sellerPhone: null,
      paidAt: null,
      completedAt: null,
      cancelledAt: null,
      cancelledBy: null,
      refundId: null,
      // Nothing paid, so nothing held, and no handover code yet (DESIGN §15).
      funds: 'none',
      releaseAt: null,
      handoverCode: null,
      // Reviews come after the handover; the seller's id leads to their profile (DESIGN §16).
      reviewUntil: null,
      myReview: null,
      sellerId: seller.uid,
      unreadMessages: 0,
      timeWhenBooked: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('refuses a second booking of the same product by the same buyer with 409', async () => {
    await bookAs(t.app, buyer, productId);
    const response = await book(buyer, validBody(productId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'you have already booked this product' });
    expect(response.json()).toEqual({ message: messages.alreadyBooked });
    expect(await t.db.select().from(bookings)).toHaveLength(1);
  });

  it('lets several buyers book the same unsold product', async () => {
    const other = await createActor(t.app, 'buyer');
    await bookAs(t.app, buyer, productId);
    await bookAs(t.app, other, productId);
    expect(await t.db.select().from(bookings)).toHaveLength(2);
  });

  it("refuses the seller's own product with 403", async () => {
    const response = await book(seller, validBody(productId));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.ownProduct });
    expect(await t.db.select().from(bookings)).toEqual([]);
  });

  it('refuses a sold product with 409', async () => {
    await sellProduct(t.app, productId);
    const response = await book(buyer, validBody(productId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.productSold });
    expect(await t.db.select().from(bookings).where(eq(bookings.buyerId, buyer.uid))).toEqual([]);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const unknown = await book(buyer, validBody(UNKNOWN_ID));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.productNotFound });
    await call(t.app, 'DELETE', `/api/delete/product/${productId}`, { actor: seller });
    const deleted = await book(buyer, validBody(productId));
    expect(deleted.statusCode).toBe(404);
    expect(await t.db.select().from(bookings)).toEqual([]);
  });

  it.each([
    ['a phone with letters', { buyerPhone: 'call me' }, 'body.buyerPhone'],
    ['a too short phone', { buyerPhone: '123' }, 'body.buyerPhone'],
    ['an empty meeting location', { buyerMeetingLocation: '' }, 'body.buyerMeetingLocation'],
    ['a blank meeting location', { buyerMeetingLocation: '   ' }, 'body.buyerMeetingLocation'],
    ['a malformed product id', { productId: 'laptop-1' }, 'body.productId'],
  ])('rejects %s with 400 on that field', async (_label, overrides, path) => {
    const response = await book(buyer, { ...validBody(productId), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response)).toEqual([path]);
    expect(await t.db.select().from(bookings)).toEqual([]);
  });
});

describe('booking floods', () => {
  /** Copies of the seller's product, listed straight into the database: the API's limits aside. */
  async function productsOfSeller(count: number): Promise<string[]> {
    const copied = sql.raw(
      'seller_id, seller_verified, category_id, image, photos, resale_price_cents, ' +
        'original_price_cents, location, phone, year_of_purchase, condition, description',
    );
    const { rows } = await t.db.execute<{ id: string }>(sql`
      insert into ${products} (name, ${copied})
      select 'Laptop ' || copy, ${copied} from ${products}, generate_series(1, ${count}) copy
      where id = ${productId}
      returning id`);
    return rows.map((row) => row.id);
  }
  const cancel = (actor: Actor, bookingId: string) =>
    call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor });

  it('lets one user make 10 bookings a minute, then answers 429 and stores nothing', async () => {
    const ids = await productsOfSeller(11);
    for (const id of ids.slice(0, 10))
      expect((await book(buyer, validBody(id))).statusCode).toBe(201);
    const limited = await book(buyer, validBody(ids[10] ?? ''));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ message: messages.tooManyRequests });
    expect(await t.db.select().from(bookings)).toHaveLength(10);
    // Another buyer has their own allowance.
    const other = await createActor(t.app, 'buyer');
    expect((await book(other, validBody(ids[10] ?? ''))).statusCode).toBe(201);
  });

  it("counts a booking's note as a message to the seller", async () => {
    const [first, second] = await productsOfSeller(2);
    const opened = await bookAs(t.app, buyer, productId);
    for (let index = 0; index < 20; index += 1) {
      const sent = await call(t.app, 'POST', `/api/bookings/${opened}/messages`, {
        actor: buyer,
        payload: { text: `question ${index}` },
      });
      expect(sent.statusCode).toBe(201);
    }
    const withNote = await book(buyer, { ...validBody(first ?? ''), note: 'Is it still there?' });
    expect(withNote.statusCode).toBe(429);
    expect((await book(buyer, validBody(second ?? ''))).statusCode).toBe(201);
  });

  it('refuses a buyer holding 30 unpaid bookings with 409, until one is paid or cancelled', async () => {
    const ids = await productsOfSeller(31);
    await t.db.insert(bookings).values(
      ids.slice(0, 30).map((id) => ({
        productId: id,
        buyerId: buyer.uid,
        sellerId: seller.uid,
        productName: 'A laptop',
        productImage: '/api/images/cover.jpg',
        priceCents: 10000,
        phone: '5125550199',
        meetingLocation: 'Central Library',
      })),
    );
    const refused = await book(buyer, validBody(ids[30] ?? ''));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.tooManyUnpaidBookings });
    expect(await t.db.select().from(bookings)).toHaveLength(30);

    const [oldest] = await t.db.select().from(bookings).limit(1);
    expect((await cancel(buyer, oldest?.id ?? '')).statusCode).toBe(200);
    expect((await book(buyer, validBody(ids[30] ?? ''))).statusCode).toBe(201);
  });

  it("folds one buyer's booking and cancelling of one product into one notice", async () => {
    for (let round = 0; round < 3; round += 1) {
      const booked = await book(buyer, validBody(productId));
      expect(booked.statusCode).toBe(201);
      expect((await cancel(buyer, booked.json<{ _id: string }>()._id)).statusCode).toBe(200);
    }
    const again = await book(buyer, validBody(productId));
    expect(again.statusCode).toBe(201);
    const bell = await call(t.app, 'GET', '/api/notifications', { actor: seller });
    const { unread, notifications } = bell.json<Notifications>();
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'booked', bookingId: again.json<{ _id: string }>()._id }),
    ]);
    // Another buyer's booking of the same product is news of its own.
    await bookAs(t.app, await createActor(t.app, 'buyer'), productId);
    expect(
      (await call(t.app, 'GET', '/api/notifications', { actor: seller })).json(),
    ).toMatchObject({ unread: 2 });
  });
});

describe('GET /api/bookings?email=', () => {
  it("lists one's own bookings newest first, with the total in X-Total-Count", async () => {
    const second = await createProductAs(t.app, seller, { name: 'Second' });
    const third = await createProductAs(t.app, seller, { name: 'Third' });
    const other = await createActor(t.app, 'buyer');
    const firstBooking = await bookAs(t.app, buyer, productId);
    await bookAs(t.app, other, productId);
    const secondBooking = await bookAs(t.app, buyer, second);
    const thirdBooking = await bookAs(t.app, buyer, third);

    const response = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: buyer,
    });
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([thirdBooking, secondBooking, firstBooking]);
    expect(nextLink(response)).toBeUndefined();
    expect(response.json<Booking[]>().map((booking) => booking.productName)).toEqual([
      'Third',
      'Second',
      'Dell XPS 13',
    ]);
    expect(await pagesOf(t.app, `/api/bookings?email=${buyer.email}&limit=2`, buyer)).toEqual([
      [thirdBooking, secondBooking],
      [firstBooking],
    ]);
  });

  it("lists only one product's bookings with productId, newest first, across pages", async () => {
    const other = await createProductAs(t.app, seller, { name: 'Other' });
    await bookAs(t.app, buyer, other);
    const cancelled = [];
    for (let round = 0; round < 2; round += 1) {
      const booking = await bookAs(t.app, buyer, productId);
      await call(t.app, 'POST', `/api/bookings/${booking}/cancel`, { actor: buyer });
      cancelled.push(booking);
    }
    const standing = await bookAs(t.app, buyer, productId);
    // Another buyer's booking of the product is not this buyer's.
    await bookAs(t.app, await createActor(t.app, 'buyer'), productId);
    const url = `/api/bookings?email=${buyer.email}&productId=${productId}&limit=2`;
    expect(await pagesOf(t.app, url, buyer)).toEqual([[standing, cancelled[1]], [cancelled[0]]]);
    const malformed = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}&productId=x`, {
      actor: buyer,
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorPaths(malformed)).toEqual(['querystring.productId']);
  });

  it("refuses another buyer's email with 403, but lets an admin read anyone's", async () => {
    const other = await createActor(t.app, 'buyer');
    const admin = await createActor(t.app, 'admin');
    const bookingId = await bookAs(t.app, buyer, productId);

    const refused = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: other,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.forbidden });

    const asAdmin = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: admin,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(idsOf(asAdmin)).toEqual([bookingId]);
  });

  it('rejects a missing or malformed email with 400', async () => {
    const missing = await call(t.app, 'GET', '/api/bookings', { actor: buyer });
    expect(missing.statusCode).toBe(400);
    expect(errorPaths(missing)).toEqual(['querystring.email']);
    const malformed = await call(t.app, 'GET', '/api/bookings?email=nope', { actor: buyer });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('GET /api/booking/:id', () => {
  it("refuses another buyer's booking with 403; admins may read it", async () => {
    const other = await createActor(t.app, 'buyer');
    const admin = await createActor(t.app, 'admin');
    const bookingId = await bookAs(t.app, buyer, productId);

    const refused = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: other });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.forbidden });

    const asAdmin = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<Booking>().buyerEmail).toBe(buyer.email);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    const unknown = await call(t.app, 'GET', `/api/booking/${UNKNOWN_ID}`, { actor: buyer });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.bookingNotFound });
    const malformed = await call(t.app, 'GET', '/api/booking/42', { actor: buyer });
    expect(malformed.statusCode).toBe(400);
    expect(errorPaths(malformed)).toEqual(['params.id']);
  });
});
