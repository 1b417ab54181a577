import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingSchema,
  listingSchema,
  notificationSchema,
  notificationsSchema,
  productDetailSchema,
  productSchema,
  reportedProductSchema,
  saleSchema,
  type Product,
} from '@reloop/shared';
import { bookings, notifications, products } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  type Actor,
} from '../helpers/marketplace.ts';
import { call, sellProduct } from '../helpers/behaviour.ts';

/**
 * PostgreSQL writes the JSON of listings and bookings (db/json.ts), in every list and on every
 * single one's page. Each must send exactly its schema's fields, with the values a client
 * reads: dollars from cents, whole numbers without a decimal point, text escaped as JSON, nulls
 * for what a row lacks, and times as JavaScript's toISOString() writes them.
 */
let t: TestApp;
let seller: Actor;
let admin: Actor;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  admin = await createActor(t.app, 'admin');
});
afterEach(() => t.close());

const awkwardText = 'Say "hi" \\ back\nthen\ttab, \u0001 control, café, 😀 and </script>';

/**
 * Every way a listing is sent, each with the listing found in it and the schema of its audience:
 * anyone's (Listing), or the seller's and the admins' (Product, with the seller's contact).
 */
async function everyRendering(id: string, search: string) {
  const categoryId = await firstCategoryId(t.db);
  const lists = [
    { url: `/api/products/${categoryId}`, schema: listingSchema },
    { url: '/api/advertise/products', schema: listingSchema },
    {
      url: `/api/seller/products?email=${encodeURIComponent(seller.email)}`,
      actor: seller,
      schema: productSchema,
    },
    // The admin's reported list adds the reports' summary (DESIGN §19) to the seller's shape.
    { url: '/api/reported/products', actor: admin, schema: reportedProductSchema },
    { url: `/api/search?q=${encodeURIComponent(search)}`, schema: listingSchema },
    { url: `/api/search?q=${encodeURIComponent(search)}&sort=price_asc`, schema: listingSchema },
  ];
  const found: { url: string; listing: unknown; schema: (typeof lists)[number]['schema'] }[] = [];
  for (const { url, actor, schema } of lists) {
    const response = await call(t.app, 'GET', url, actor ? { actor } : {});
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const listing = response.json<Product[]>().find((item) => item._id === id);
    found.push({ url, listing, schema });
  }
  return found;
}

describe("a listing's JSON", () => {
  it('is the same in every list, search and on its page, field for field', async () => {
    const id = await createProductAs(t.app, seller, {
      name: `Zenbook "Pro" ${awkwardText}`,
      description: awkwardText,
      location: 'São Paulo',
      resalePrice: 1234.56,
      originalPrice: 1999.99,
      screenInches: 15.6,
    });
    await call(t.app, 'PUT', `/api/advertise/product/update/${id}`, { actor: seller });
    await call(t.app, 'PUT', `/api/product/report/${id}`, { actor: admin });
    // Microseconds in the database; the JSON keeps milliseconds, as toISOString() does.
    await t.db
      .update(products)
      .set({ createdAt: sql`'2026-03-04 05:06:07.089999+00'::timestamptz` })
      .where(eq(products.id, id));

    const expected = {
      _id: id,
      name: `Zenbook "Pro" ${awkwardText}`,
      description: awkwardText,
      location: 'São Paulo',
      resalePrice: 1234.56,
      originalPrice: 1999.99,
      screenInches: 15.6,
      ramGb: 16,
      batteryHealth: 88,
      sellerName: 'A seller',
      sellerVerified: false,
      status: 'unsold',
      advertise: true,
      report: true,
      timeWhenPost: '2026-03-04T05:06:07.089Z',
    };
    const contact = { mobile: '5125550123', sellerEmail: seller.email };
    for (const { url, listing, schema } of await everyRendering(id, 'zenbook pro')) {
      const forTheSeller = schema !== listingSchema;
      expect(listing, url).toMatchObject(forTheSeller ? { ...expected, ...contact } : expected);
      // strict: not one field more than the audience's schema names.
      expect(schema.strict().safeParse(listing).success, url).toBe(true);
    }
    const page = await call(t.app, 'GET', `/api/product/${id}`);
    expect(page.json()).toMatchObject({ ...expected, sellerId: seller.uid });
    expect(productDetailSchema.strict().safeParse(page.json()).success).toBe(true);
  });

  it('writes whole numbers without a decimal point and missing specs as null', async () => {
    const id = await createProductAs(t.app, seller, {
      name: 'Latitude 7420',
      resalePrice: 700,
      screenInches: 14,
      batteryHealth: undefined,
    });
    // A listing made before specs were asked for.
    await t.db
      .update(products)
      .set({ model: null, cpu: null, ramGb: null, storageGb: null, screenInches: null })
      .where(eq(products.id, id));

    const body = (await call(t.app, 'GET', `/api/product/${id}`)).body;
    expect(body).toContain('"resalePrice":700,');
    expect(body).toContain(
      '"model":null,"cpu":null,"ramGb":null,"storageGb":null,"screenInches":null,"batteryHealth":null,',
    );
    // Neither advertised nor reported: in the four other lists.
    const shown = (await everyRendering(id, 'latitude')).filter(({ listing }) => listing);
    expect(shown).toHaveLength(4);
    for (const { url, listing } of shown) {
      expect(listing, url).toMatchObject({ resalePrice: 700, model: null, batteryHealth: null });
    }

    await t.db.update(products).set({ screenInches: 14 }).where(eq(products.id, id));
    const restored = (await call(t.app, 'GET', `/api/product/${id}`)).body;
    expect(restored).toContain('"screenInches":14,');
  });
});

describe("a listing's stored JSON", () => {
  // A field added to Listing needs the trigger of migration 0008 replaced: this names the key.
  it("holds every field of a public listing once, but the seller's name and rating", async () => {
    const id = await createProductAs(t.app, seller, { name: 'Latitude 7420', resalePrice: 700 });
    const members = sql`('{' || ${products.listingJsonMembers} || '}')::json`;
    const rows = await t.db
      .select({ key: sql<string>`json_object_keys(${members})` })
      .from(products)
      .where(eq(products.id, id));
    const joined = ['sellerName', 'sellerRating'];
    const stored = Object.keys(listingSchema.shape).filter((key) => !joined.includes(key));
    expect(rows.map((row) => row.key).sort()).toEqual(stored.sort());
  });

  it('follows every change to its row: an edit, its seller verified, its sale', async () => {
    const id = await createProductAs(t.app, seller, { name: 'Latitude 7420', resalePrice: 700 });
    const edited = await call(t.app, 'PATCH', `/api/product/${id}`, {
      actor: seller,
      payload: { name: 'Latitude 7430', resalePrice: 650.5 },
    });
    expect(edited.statusCode).toBe(200);
    await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, { actor: admin });
    await sellProduct(t.app, id);

    const expected = {
      name: 'Latitude 7430',
      resalePrice: 650.5,
      sellerVerified: true,
      status: 'sold',
    };
    expect((await call(t.app, 'GET', `/api/product/${id}`)).json()).toMatchObject(expected);
    const ownList = `/api/seller/products?email=${encodeURIComponent(seller.email)}`;
    const own = await call(t.app, 'GET', ownList, { actor: seller });
    expect(own.json<Product[]>().find((item) => item._id === id)).toMatchObject(expected);
  });
});

describe("a booking's JSON", () => {
  it('is the same for each side in its list and on its own, with the contact the status allows', async () => {
    const productId = await createProductAs(t.app, seller, { resalePrice: 612.25 });
    const { buyer, bookingId, paymentId } = await sellProduct(t.app, productId);
    await t.db
      .update(bookings)
      .set({ paidAt: sql`'2026-05-06 07:08:09.123456+00'::timestamptz` })
      .where(eq(bookings.id, bookingId));

    const shared = {
      _id: bookingId,
      productId,
      productPrice: 612.25,
      status: 'paid',
      paidAt: '2026-05-06T07:08:09.123Z',
      completedAt: null,
      cancelledAt: null,
      refundId: null,
      unreadMessages: 0,
    };
    const asBuyer = [
      await call(t.app, 'GET', `/api/bookings?email=${encodeURIComponent(buyer.email)}`, {
        actor: buyer,
      }),
      await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer }),
    ];
    const [listed, single] = [asBuyer[0]?.json<unknown[]>()[0], asBuyer[1]?.json()];
    expect(single).toEqual(listed);
    expect(bookingSchema.strict().safeParse(single).success).toBe(true);
    expect(single).toMatchObject({
      ...shared,
      paymentId,
      sellerName: 'A seller',
      sellerPhone: '5125550123',
      buyerEmail: buyer.email,
    });

    const asSeller = [
      await call(t.app, 'GET', '/api/sales', { actor: seller }),
      await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: seller }),
    ];
    const [sold, sale] = [asSeller[0]?.json<unknown[]>()[0], asSeller[1]?.json()];
    expect(sale).toEqual(sold);
    expect(saleSchema.strict().safeParse(sale).success).toBe(true);
    expect(sale).toMatchObject({ ...shared, buyerName: 'A buyer', buyerPhone: '5125550199' });
  });
});

describe("the bell's JSON", () => {
  it('is empty, compact, for a user without notifications', async () => {
    const response = await call(t.app, 'GET', '/api/notifications', { actor: seller });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"unread":0,"unreadMessages":0,"notifications":[]}');
  });

  it('lists the latest newest first, with their counts, field for field', async () => {
    const first = await createProductAs(t.app, seller, { name: `Zenbook ${awkwardText}` });
    const second = await createProductAs(t.app, seller, { name: 'Latitude 7420' });
    const buyer = await createActor(t.app, 'buyer');
    const booked = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: {
        productId: first,
        buyerPhone: '5125550199',
        buyerMeetingLocation: 'Central Library',
        note: 'Is the battery original?',
      },
    });
    expect(booked.statusCode).toBe(201);
    await bookAs(t.app, buyer, second);
    const bookingId = booked.json<{ _id: string }>()._id;
    const message = await call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, {
      actor: buyer,
      payload: { text: 'Still there?' },
    });
    expect(message.statusCode).toBe(201);
    // Microseconds in the database; the JSON keeps milliseconds, as toISOString() does.
    await t.db
      .update(notifications)
      .set({ createdAt: sql`'2026-01-02 03:04:05.678999+00'::timestamptz` })
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, 'booked')));

    const response = await call(t.app, 'GET', '/api/notifications', { actor: seller });
    const bell = response.json<{ notifications: unknown[] }>();
    expect(notificationsSchema.strict().safeParse(bell).success).toBe(true);
    for (const notification of bell.notifications) {
      expect(notificationSchema.strict().safeParse(notification).success).toBe(true);
    }
    expect(bell).toEqual({
      unread: 3,
      // The note and the message, both unread in a thread whose notification is unread.
      unreadMessages: 2,
      notifications: [
        expect.objectContaining({ kind: 'message', bookingId, read: false }),
        expect.objectContaining({ productName: 'Latitude 7420', kind: 'booked', read: false }),
        expect.objectContaining({
          productName: `Zenbook ${awkwardText}`,
          kind: 'booked',
          side: 'seller',
          read: false,
          createdAt: '2026-01-02T03:04:05.678Z',
        }),
      ],
    });
    // Byte for byte what JSON.stringify writes: compact, escaped the same way.
    expect(response.body).toBe(JSON.stringify(bell));
  });
});
