import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, type ErrorBody, type ProductDetail } from '@reloop/shared';
import { bookings, products, users } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { useWebDist } from '../helpers/web-dist.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  type Actor,
} from '../helpers/marketplace.ts';
import { call, errorPaths, idsOf, sellProduct } from '../helpers/behaviour.ts';

/**
 * One listing (DESIGN §11): its public page (GET /api/product/:id, and the web page at
 * /product/:id with its head tags) and its seller's edits (PATCH /api/product/:id), which only
 * the owner may make, only while unsold, and only into a listing that meets every rule of a new
 * one.
 */
const webDist = useWebDist();

let t: TestApp;
let seller: Actor;
let productId: string;
beforeEach(async () => {
  t = await createTestApp({ webDistDir: webDist.dir });
  seller = await createActor(t.app, 'seller');
  productId = await createProductAs(t.app, seller, {
    imgUrl: undefined,
    photos: ['/api/images/cover.jpg', '/api/images/keyboard.jpg', '/api/images/lid.jpg'],
  });
});
afterEach(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const listing = (id = productId) => call(t.app, 'GET', `/api/product/${id}`);
const edit = (actor: Actor, payload: object, id = productId) =>
  call(t.app, 'PATCH', `/api/product/${id}`, { actor, payload });

async function stored() {
  const [row] = await t.db.select().from(products).where(eq(products.id, productId));
  return row;
}

describe('GET /api/product/:id', () => {
  it("answers anyone with the listing, its photos, specs and the seller's card", async () => {
    const response = await listing();
    expect(response.statusCode).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.id, seller.uid));
    expect(response.json<ProductDetail>()).toMatchObject({
      _id: productId,
      imgUrl: '/api/images/cover.jpg',
      photos: ['/api/images/cover.jpg', '/api/images/keyboard.jpg', '/api/images/lid.jpg'],
      model: 'ThinkPad T14 Gen 2',
      cpu: 'Intel Core i5-1135G7',
      ramGb: 16,
      storageGb: 512,
      screenInches: 14,
      batteryHealth: 88,
      sellerId: seller.uid,
      sellerSince: account?.createdAt.toISOString(),
      status: 'unsold',
    });
  });

  it("shows the seller's phone and email to the seller and admins only", async () => {
    const buyer = await createActor(t.app, 'buyer');
    const admin = await createActor(t.app, 'admin');
    const contactOf = async (actor?: Actor) => {
      const { mobile, sellerEmail } = (
        await call(t.app, 'GET', `/api/product/${productId}`, { actor })
      ).json<ProductDetail>();
      return { mobile, sellerEmail };
    };
    const hidden = { mobile: undefined, sellerEmail: undefined };
    expect(await contactOf()).toEqual(hidden);
    expect(await contactOf(buyer)).toEqual(hidden);
    const shown = { mobile: '5125550123', sellerEmail: seller.email };
    expect(await contactOf(seller)).toEqual(shown);
    expect(await contactOf(admin)).toEqual(shown);
    // Sold, it is no different: the buyer who paid reads the phone on the booking.
    await sellProduct(t.app, productId);
    expect(await contactOf()).toEqual(hidden);
  });

  it('still shows a sold listing, as sold', async () => {
    await sellProduct(t.app, productId);
    expect((await listing()).json<ProductDetail>().status).toBe('sold');
  });

  it('answers 404 for a deleted or unknown listing and 400 for a malformed id', async () => {
    await call(t.app, 'DELETE', `/api/delete/product/${productId}`, { actor: seller });
    for (const id of [productId, UNKNOWN_ID]) {
      const response = await listing(id);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().message).toBe(messages.productNotFound);
    }
    expect(errorPaths(await listing('nope'))).toEqual(['params.id']);
  });
});

describe('the web page at /product/:id', () => {
  const page = (id = productId, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/product/${id}`, headers });

  /** The served page split at its one </head>: what the head got, and the body untouched. */
  function parts(html: string): { head: string; body: string } {
    const pieces = html.split('</head>');
    expect(pieces).toHaveLength(2);
    return { head: pieces[0] ?? '', body: pieces[1] ?? '' };
  }

  it("takes a listing's $ patterns as text: one head, its tags in it, the body as built", async () => {
    const id = await createProductAs(t.app, seller, {
      name: "Deal $' end $` $& $$ $1",
      description: 'Was $`1200`, now $& less; $<name> and $$ stay as typed.',
    });
    const response = await page(id);
    expect(response.statusCode).toBe(200);
    const { head, body } = parts(response.body);
    expect(body).toBe('<div id="root"></div>');
    expect(head.match(/<head>/g)).toHaveLength(1);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Deal $&#39; end $` $&amp; $$ $1 — Reloop</title>');
    expect(head).toContain('<meta property="og:title" content="Deal $&#39; end $` $&amp; $$ $1">');
    expect(head).toContain('now $&amp; less; $&lt;name&gt; and $$ stay as typed.">');
    expect(head).toContain('Was $`1200`');
    expect(head).not.toContain('Reloop</title></head>');
  });

  const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('builds its absolute links from PUBLIC_URL alone, whatever Host the request names', async () => {
    await t.close();
    t = await createTestApp({
      webDistDir: webDist.dir,
      env: { PUBLIC_URL: 'https://reloop.example/' },
    });
    seller = await createActor(t.app, 'seller');
    productId = await createProductAs(t.app, seller, {
      imgUrl: undefined,
      photos: ['/api/images/cover.jpg', '/api/images/lid.jpg'],
    });
    const response = await page(productId, FORGED);
    expect(response.statusCode).toBe(200);
    const { head } = parts(response.body);
    expect(response.body).not.toContain('evil.example');
    const url = `https://reloop.example/product/${productId}`;
    expect(head).toContain(`<link rel="canonical" href="${url}">`);
    expect(head).toContain(`<meta property="og:url" content="${url}">`);
    expect(head).toContain(
      '<meta property="og:image" content="https://reloop.example/api/images/cover.jpg">',
    );
  });

  it('without PUBLIC_URL leaves out the links that need an origin, never taking the Host', async () => {
    const response = await page(productId, FORGED);
    expect(response.statusCode).toBe(200);
    const { head } = parts(response.body);
    expect(response.body).not.toContain('evil.example');
    expect(head).toContain('<meta property="og:title" content="ThinkPad T14 Gen 2">');
    expect(head).not.toContain('rel="canonical"');
    expect(head).not.toContain('og:url');
    expect(head).not.toContain('og:image');
    // An image already absolute (an OIDC avatar's kind of URL) needs no origin, so it stays.
    const hosted = await createProductAs(t.app, seller, {
      imgUrl: 'https://images.example/laptop.jpg',
    });
    const withImage = parts((await page(hosted, FORGED)).body).head;
    expect(withImage).toContain(
      '<meta property="og:image" content="https://images.example/laptop.jpg">',
    );
    expect(withImage).not.toContain('evil.example');
  });
});

describe('PATCH /api/product/:id', () => {
  it("saves the owner's changes, which search and lists then show", async () => {
    const response = await edit(seller, {
      name: 'ThinkPad T14 Gen 2 (32 GB)',
      ramGb: 32,
      resalePrice: 599.99,
      photos: ['/api/images/lid.jpg', '/api/images/cover.jpg'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toMatchObject({
      name: 'ThinkPad T14 Gen 2 (32 GB)',
      ramGb: 32,
      resalePriceCents: 59999,
      image: '/api/images/lid.jpg',
      photos: ['/api/images/lid.jpg', '/api/images/cover.jpg'],
      cpu: 'Intel Core i5-1135G7',
    });
    expect(idsOf(await call(t.app, 'GET', '/api/search?q=32&minRamGb=32'))).toEqual([productId]);
    const again = await edit(seller, { ramGb: 32 });
    expect(again.statusCode).toBe(200);
    expect((await stored())?.ramGb).toBe(32);
  });

  it("an old client's imgUrl replaces the cover and keeps the other photos", async () => {
    expect((await edit(seller, { imgUrl: '/api/images/new-cover.jpg' })).statusCode).toBe(200);
    expect((await stored())?.photos).toEqual([
      '/api/images/new-cover.jpg',
      '/api/images/keyboard.jpg',
      '/api/images/lid.jpg',
    ]);
  });

  it('refuses another seller (403), a buyer (403) and a visitor (401), changing nothing', async () => {
    const before = await stored();
    const other = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    expect((await edit(other, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await edit(buyer, { name: 'Mine now' })).statusCode).toBe(403);
    const anonymous = await call(t.app, 'PATCH', `/api/product/${productId}`, {
      payload: { name: 'Mine now' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('refuses once sold (409) and once deleted (404)', async () => {
    await sellProduct(t.app, productId);
    const sold = await edit(seller, { resalePrice: 1 });
    expect(sold.statusCode).toBe(409);
    expect(sold.json<ErrorBody>().message).toBe(messages.productSold);
    const other = await createProductAs(t.app, seller);
    await call(t.app, 'DELETE', `/api/delete/product/${other}`, { actor: seller });
    expect((await edit(seller, { name: 'Back' }, other)).statusCode).toBe(404);
    expect((await edit(seller, { name: 'Back' }, UNKNOWN_ID)).statusCode).toBe(404);
  });

  it.each([
    ['an empty change', {}, ['body']],
    ['a bad field', { ramGb: 0 }, ['body.ramGb']],
    ['too many photos', { photos: Array(9).fill('/api/images/a.jpg') }, ['body.photos']],
    ['no photos', { photos: [] }, ['body.photos']],
    ['a non-image photo', { photos: ['javascript:alert(1)'] }, ['body.photos.0']],
    ['a price as text', { resalePrice: '12' }, ['body.resalePrice']],
  ])('answers 400 for %s, changing nothing', async (_case, payload, paths) => {
    const before = await stored();
    const response = await edit(seller, payload);
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response)).toEqual(paths);
    expect(await stored()).toEqual(before);
  });

  it('checks the edited listing as a whole: the grade must fit the stored battery', async () => {
    // Stored: good, battery 88%.
    const worn = await edit(seller, { batteryHealth: 75 });
    expect(worn.statusCode).toBe(400);
    expect(worn.json<ErrorBody>().errors).toEqual([
      { path: 'body.batteryHealth', message: 'below 80% makes the laptop fair' },
    ]);
    expect((await edit(seller, { batteryHealth: 75, condition: 'fair' })).statusCode).toBe(200);
    const upgraded = await edit(seller, { condition: 'excellent' });
    expect(errorPaths(upgraded)).toEqual(['body.batteryHealth']);
  });

  it('takes other changes to a listing without specs, which stay not stated', async () => {
    const notStated = { model: null, cpu: null, ramGb: null, storageGb: null, screenInches: null };
    await t.db.update(products).set(notStated).where(eq(products.id, productId));
    expect((await edit(seller, { resalePrice: 500 })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ ...notStated, resalePriceCents: 50000 });
    expect((await listing()).json<ProductDetail>()).toMatchObject(notStated);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await edit(seller, { categoryId: UNKNOWN_ID });
    expect(response.statusCode).toBe(400);
    expect((await stored())?.categoryId).toBe(await firstCategoryId(t.db));
  });

  it('leaves the price of a booking already made as it was', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    expect((await edit(seller, { resalePrice: 999 })).statusCode).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.priceCents).toBe(54950);
  });
});
