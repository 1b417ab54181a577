import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  messages,
  moderationMessages,
  type Booking,
  type Category,
  type ErrorBody,
  type Listing,
  type Product,
} from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import { products } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  productBody,
  type Actor,
} from '../helpers/marketplace.ts';
import { call, errorPaths, idsOf, sellProduct, nextLink, pagesOf } from '../helpers/behaviour.ts';

/**
 * Categories and listings (DESIGN §4): what the public may browse, what a seller manages and
 * what admins moderate. Money round-trips in dollars, seller details always come from the
 * account, and a listing is for sale only while it is unsold and not deleted.
 */
let t: TestApp;
let categoryId: string;
beforeEach(async () => {
  t = await createTestApp();
  categoryId = await firstCategoryId(t.db);
});
afterEach(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const postProduct = (seller: Actor, payload: object) =>
  call(t.app, 'POST', '/api/product', { actor: seller, payload });

async function storedProduct(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`product ${id} is not stored`);
  return row;
}

const categoryList = (query = '') => call(t.app, 'GET', `/api/products/${categoryId}${query}`);

/**
 * Holds the next UPDATE the app runs until `resume()`: the test can change the database between
 * a route's checks and its write, as a request running at the same time could.
 */
function holdNextUpdate(db: Database) {
  const update = db.update.bind(db);
  let reached = () => {};
  let resume = () => {};
  const held = new Promise<void>((resolve) => (reached = resolve));
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  vi.spyOn(db, 'update').mockImplementationOnce((table) => {
    reached();
    const builder = update(table);
    const set = builder.set.bind(builder);
    builder.set = (values) => {
      const query = set(values);
      const run = query.then.bind(query);
      query.then = (onFulfilled, onRejected) => resumed.then(() => run(onFulfilled, onRejected));
      return query;
    };
    return builder;
  });
  return { held, resume };
}

describe('GET /api/productcategory', () => {
  it('lists the five categories in their fixed order, each with a served image', async () => {
    const response = await call(t.app, 'GET', '/api/productcategory');
    expect(response.statusCode).toBe(200);
    const categories = response.json<Category[]>();
    expect(categories.map((category) => category.category)).toEqual([
      'MacBook',
      'Dell',
      'HP',
      'Lenovo',
      'ASUS',
    ]);
    for (const category of categories) {
      expect(Object.keys(category).sort()).toEqual(['_id', 'category', 'image']);
      expect(category._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(category.image).toMatch(/^\/api\/images\/\S+\.jpg$/);
    }
    const image = await call(t.app, 'GET', categories[0]?.image ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('POST /api/product', () => {
  it('stores prices in cents, answers in dollars, and takes seller details from the account', async () => {
    const seller = await createActor(t.app, 'seller');
    const response = await postProduct(seller, {
      ...productBody(categoryId, { resalePrice: 549.5, originalPrice: 1299.99 }),
      sellerName: 'Impostor',
      sellerEmail: 'impostor@example.com',
      sellerVerified: true,
      status: 'sold',
      advertise: true,
      report: true,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ acknowledged: true; _id: string }>();
    expect(created).toEqual({ acknowledged: true, _id: expect.any(String) });

    expect(await storedProduct(created._id)).toMatchObject({
      sellerId: seller.uid,
      resalePriceCents: 54950,
      originalPriceCents: 129999,
      status: 'unsold',
      advertised: false,
      reported: false,
      deletedAt: null,
    });
    const [listed] = (await categoryList()).json<Listing[]>();
    expect(listed).toEqual({
      _id: created._id,
      name: 'ThinkPad T14 Gen 2',
      imgUrl: '/api/images/seed-product-lenovo-thinkpad-t14-gen-2.jpg',
      resalePrice: 549.5,
      originalPrice: 1299.99,
      location: 'Austin',
      yearOfUse: 2021,
      condition: 'good',
      categoryId,
      description: 'Battery at 88%, charger included.',
      photos: ['/api/images/seed-product-lenovo-thinkpad-t14-gen-2.jpg'],
      model: 'ThinkPad T14 Gen 2',
      cpu: 'Intel Core i5-1135G7',
      ramGb: 16,
      storageGb: 512,
      screenInches: 14,
      batteryHealth: 88,
      sellerName: 'A seller',
      // No review of the seller is shown yet (DESIGN §16).
      sellerRating: null,
      sellerVerified: false,
      status: 'unsold',
      advertise: false,
      report: false,
      timeWhenPost: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The seller's own list adds the contact details the public one leaves out.
    const own = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}`, {
      actor: seller,
    });
    expect(own.json<Product[]>()).toEqual([
      { ...listed, mobile: '5125550123', sellerEmail: seller.email },
    ]);
  });

  it('accepts a phone sent as a number or with separators and keeps the digits', async () => {
    const seller = await createActor(t.app, 'seller');
    const asNumber = await createProductAs(t.app, seller, { mobile: 5125550100 });
    const withDashes = await createProductAs(t.app, seller, { mobile: '(512) 555-0101' });
    expect((await storedProduct(asNumber)).phone).toBe('5125550100');
    expect((await storedProduct(withDashes)).phone).toBe('5125550101');
  });

  it('names every missing field in a 400 and stores nothing', async () => {
    const seller = await createActor(t.app, 'seller');
    const response = await postProduct(seller, { name: 'Only a name' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(messages.invalidRequest);
    expect(errorPaths(response)).toEqual([
      'body.categoryId',
      'body.condition',
      'body.description',
      'body.location',
      'body.mobile',
      'body.originalPrice',
      'body.photos',
      'body.resalePrice',
      'body.yearOfUse',
    ]);
    expect(await t.db.select().from(products)).toEqual([]);
  });

  it.each([
    ['condition', { condition: 'mint' }, 'body.condition'],
    ['a negative price', { resalePrice: -5 }, 'body.resalePrice'],
    ['a zero price', { originalPrice: 0 }, 'body.originalPrice'],
    ['a price with three decimals', { resalePrice: 10.005 }, 'body.resalePrice'],
    // Numbers are JSON numbers: nothing else is read as one.
    ['a price of true', { resalePrice: true }, 'body.resalePrice'],
    ['a price in an array', { originalPrice: [1299] }, 'body.originalPrice'],
    ['a price as text', { resalePrice: '549.5' }, 'body.resalePrice'],
    ['an empty price', { originalPrice: '' }, 'body.originalPrice'],
    ['a year of use as text', { yearOfUse: '2021' }, 'body.yearOfUse'],
    ['a year of use in an array', { yearOfUse: [2021] }, 'body.yearOfUse'],
    ['a year of use in the future', { yearOfUse: new Date().getFullYear() + 1 }, 'body.yearOfUse'],
    ['a mobile with letters', { mobile: '512-CALL-NOW' }, 'body.mobile'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['a foreign image URL scheme', { imgUrl: 'javascript:alert(1)' }, 'body.imgUrl'],
    ['a malformed category id', { categoryId: 'dell' }, 'body.categoryId'],
  ])('rejects %s with 400 on that field', async (_label, overrides, path) => {
    const seller = await createActor(t.app, 'seller');
    const response = await postProduct(seller, { ...productBody(categoryId), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response)).toEqual([path]);
    expect(await t.db.select().from(products)).toEqual([]);
  });

  it('rejects an unknown category with 400 and the category message', async () => {
    const seller = await createActor(t.app, 'seller');
    const response = await postProduct(seller, productBody(UNKNOWN_ID));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.categoryNotFound });
    expect(await t.db.select().from(products)).toEqual([]);
  });
});

describe('GET /api/products/:categoryId', () => {
  it('lists unsold, undeleted products of that category only, newest first', async () => {
    const seller = await createActor(t.app, 'seller');
    const otherCategoryId = (await call(t.app, 'GET', '/api/productcategory')).json<Category[]>()[1]
      ?._id;
    const oldest = await createProductAs(t.app, seller, { name: 'Oldest' });
    const sold = await createProductAs(t.app, seller, { name: 'Sold' });
    const deleted = await createProductAs(t.app, seller, { name: 'Deleted' });
    await createProductAs(t.app, seller, { name: 'Elsewhere', categoryId: otherCategoryId });
    const newest = await createProductAs(t.app, seller, { name: 'Newest' });
    await sellProduct(t.app, sold);
    await call(t.app, 'DELETE', `/api/delete/product/${deleted}`, { actor: seller });

    const response = await categoryList();
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([newest, oldest]);
    expect(nextLink(response)).toBeUndefined();
    expect(response.json<Product[]>().every((product) => product.status === 'unsold')).toBe(true);
  });

  it('pages by keyset: ?limit, then the Link header, unmoved by listings added meanwhile', async () => {
    const seller = await createActor(t.app, 'seller');
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      created.unshift(await createProductAs(t.app, seller, { name: `Laptop ${index}` }));
    }
    const first = await categoryList('?limit=2');
    expect(idsOf(first)).toEqual(created.slice(0, 2));
    expect(first.headers['x-total-count']).toBeUndefined();
    const second = nextLink(first);
    expect(second).toBe(`/api/products/${categoryId}?limit=2&cursor=${created[1]}`);
    // A new listing goes on top; the pages after the first are the same rows as before.
    await createProductAs(t.app, seller, { name: 'Listed meanwhile' });
    expect(await pagesOf(t.app, second ?? '')).toEqual([created.slice(2, 4), created.slice(4)]);
    expect(await pagesOf(t.app, `/api/products/${categoryId}?limit=5`)).toHaveLength(2);

    for (const query of ['?limit=0', '?limit=101', '?cursor=page-2', '?offset=2']) {
      const bad = await categoryList(query);
      expect(bad.statusCode, query).toBe(400);
      expect(errorPaths(bad), query).toEqual([`querystring.${query.slice(1).split('=')[0]}`]);
    }
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    const unknown = await call(t.app, 'GET', `/api/products/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.categoryNotFound });
    const malformed = await call(t.app, 'GET', '/api/products/macbook');
    expect(malformed.statusCode).toBe(400);
    expect(errorPaths(malformed)).toEqual(['params.categoryId']);
  });
});

describe('PUT /api/advertise/product/update/:id', () => {
  const advertise = (seller: Actor, id: string) =>
    call(t.app, 'PUT', `/api/advertise/product/update/${id}`, { actor: seller });

  it('advertises an unsold product once, however often it is asked', async () => {
    const seller = await createActor(t.app, 'seller');
    const plain = await createProductAs(t.app, seller, { name: 'Not advertised' });
    const productId = await createProductAs(t.app, seller);
    expect((await call(t.app, 'GET', '/api/advertise/products')).json()).toEqual([]);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await advertise(seller, productId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true });
    }
    expect((await storedProduct(productId)).advertised).toBe(true);
    expect((await storedProduct(plain)).advertised).toBe(false);
    const advertised = await call(t.app, 'GET', '/api/advertise/products');
    expect(idsOf(advertised)).toEqual([productId]);
    expect(nextLink(advertised)).toBeUndefined();
    expect(advertised.json<Product[]>()[0]?.advertise).toBe(true);
  });

  it("refuses another seller's product (403) and leaves it unadvertised", async () => {
    const owner = await createActor(t.app, 'seller');
    const other = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, owner);
    const response = await advertise(other, productId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
    expect((await storedProduct(productId)).advertised).toBe(false);
  });

  it('refuses a sold product with 409', async () => {
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    await sellProduct(t.app, productId);
    const response = await advertise(seller, productId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.onlyUnsoldAdvertised });
    expect((await storedProduct(productId)).advertised).toBe(false);
  });

  it('refuses with 409 a product deleted between the check and the update', async () => {
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const update = holdNextUpdate(t.db);
    const advertising = advertise(seller, productId);
    await update.held;
    const deleted = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: seller,
    });
    expect(deleted.statusCode).toBe(200);
    update.resume();

    const response = await advertising;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.onlyUnsoldAdvertised });
    expect(await storedProduct(productId)).toMatchObject({
      advertised: false,
      deletedAt: expect.any(Date),
    });
  });

  it('answers 404 for a deleted or unknown product', async () => {
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    await call(t.app, 'DELETE', `/api/delete/product/${productId}`, { actor: seller });
    const deleted = await advertise(seller, productId);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: messages.productNotFound });
    expect((await advertise(seller, UNKNOWN_ID)).statusCode).toBe(404);
  });
});

describe('GET /api/seller/products', () => {
  it("lists the seller's own products newest first, sold ones included, deleted ones not", async () => {
    const seller = await createActor(t.app, 'seller');
    const other = await createActor(t.app, 'seller');
    const sold = await createProductAs(t.app, seller, { name: 'Sold' });
    const deleted = await createProductAs(t.app, seller, { name: 'Deleted' });
    const unsold = await createProductAs(t.app, seller, { name: 'Unsold' });
    await createProductAs(t.app, other, { name: 'Not mine' });
    await sellProduct(t.app, sold);
    await call(t.app, 'DELETE', `/api/delete/product/${deleted}`, { actor: seller });

    const response = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}`, {
      actor: seller,
    });
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([unsold, sold]);
    expect(nextLink(response)).toBeUndefined();
    expect(response.json<Product[]>().map((product) => product.status)).toEqual(['unsold', 'sold']);
    const paged = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}&limit=1`, {
      actor: seller,
    });
    expect(idsOf(paged)).toEqual([unsold]);
    expect(nextLink(paged)).toBe(
      `/api/seller/products?email=${encodeURIComponent(seller.email)}&limit=1&cursor=${unsold}`,
    );
    expect(await pagesOf(t.app, nextLink(paged) ?? '', seller)).toEqual([[sold]]);
  });
});

describe('DELETE /api/delete/product/:id', () => {
  it('soft-deletes for the owner: gone from every list, its bookings still readable', async () => {
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);
    await call(t.app, 'PUT', `/api/advertise/product/update/${productId}`, { actor: seller });
    const bookingId = await bookAs(t.app, buyer, productId);

    const response = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: seller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    const row = await storedProduct(productId);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.name).toBe('ThinkPad T14 Gen 2');

    expect((await categoryList()).json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/advertise/products')).json()).toEqual([]);
    const own = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}`, {
      actor: seller,
    });
    expect(own.json()).toEqual([]);

    const booking = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer });
    expect(booking.statusCode).toBe(200);
    expect(booking.json<Booking>()).toMatchObject({
      productId,
      productName: 'ThinkPad T14 Gen 2',
      productPrice: 549.5,
    });
    const bookings = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: buyer,
    });
    expect(idsOf(bookings)).toEqual([bookingId]);

    const again = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: seller,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: messages.productNotFound });
  });

  it('lets an admin delete any product, but not another seller (403)', async () => {
    const admin = await createActor(t.app, 'admin');
    const owner = await createActor(t.app, 'seller');
    const other = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, owner);

    const refused = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: other,
    });
    expect(refused.statusCode).toBe(403);
    expect((await storedProduct(productId)).deletedAt).toBeNull();

    const removed = await call(t.app, 'DELETE', `/api/delete/product/${productId}`, {
      actor: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect((await storedProduct(productId)).deletedAt).toBeInstanceOf(Date);
  });
});

describe('PUT /api/product/report/:id', () => {
  it('reports a product once per user (again is 409, the seller’s own is 403), and admins see it', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const otherSeller = await createActor(t.app, 'seller');
    await createProductAs(t.app, seller, { name: 'Fine' });
    const productId = await createProductAs(t.app, seller);
    const reportAs = (reporter: Actor) =>
      call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: reporter });

    for (const reporter of [buyer, otherSeller]) {
      const response = await reportAs(reporter);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true });
    }
    const again = await reportAs(buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: moderationMessages.alreadyReported });
    const own = await reportAs(seller);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: moderationMessages.ownListingReport });
    expect((await storedProduct(productId)).reported).toBe(true);
    const reported = await call(t.app, 'GET', '/api/reported/products', { actor: admin });
    expect(idsOf(reported)).toEqual([productId]);
    expect(nextLink(reported)).toBeUndefined();
    expect(reported.json<Product[]>()[0]?.report).toBe(true);
    // A report does not take the product off sale.
    expect(idsOf(await categoryList())).toContain(productId);
  });

  it('answers 404 for a deleted or unknown product; deleted ones leave the reported list', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);
    await call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: buyer });
    await call(t.app, 'DELETE', `/api/delete/product/${productId}`, { actor: admin });

    const deleted = await call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: buyer });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: messages.productNotFound });
    const unknown = await call(t.app, 'PUT', `/api/product/report/${UNKNOWN_ID}`, { actor: buyer });
    expect(unknown.statusCode).toBe(404);
    const reported = await call(t.app, 'GET', '/api/reported/products', { actor: admin });
    expect(reported.json()).toEqual([]);
    expect(nextLink(reported)).toBeUndefined();
  });
});
