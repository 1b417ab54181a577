import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listingSchema,
  MAX_WATCHED_LISTINGS,
  messages,
  type Listing,
  type Notifications,
} from '@reloop/shared';
import { products, savedSearches, watches } from '../../src/db/schema.ts';
import { call, errorPaths, idsOf, pagesOf, sellProduct } from '../helpers/behaviour.ts';
import { queueSettled } from '../helpers/jobs.ts';
import type { Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, PUBLIC_URL, useMailedApp, verifyAddress } from '../helpers/mailed-app.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The watchlist (DESIGN §17): PUT and DELETE /api/watchlist/:productId and GET /api/watchlist,
 * signed in only, idempotent, up to MAX_WATCHED_LISTINGS, never one's own listing; and what it
 * is for, a notice to each watcher (bell, and email if wanted) when a watched listing's price
 * drops or it is sold, and to nobody else.
 */
const PRODUCT = 'ThinkPad T14 Gen 2';
let mailbox: Mailbox;
let t: TestApp;
let seller: Actor;
let watcher: Actor;
let productId: string;
useMailedApp((running) => ({ mailbox, t } = running));
beforeEach(async () => {
  seller = await createActor(t.app, 'seller');
  watcher = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { name: PRODUCT, resalePrice: 600 });
});

const watch = (actor: Actor | undefined, id = productId) =>
  call(t.app, 'PUT', `/api/watchlist/${id}`, actor ? { actor } : {});
const unwatch = (actor: Actor | undefined, id = productId) =>
  call(t.app, 'DELETE', `/api/watchlist/${id}`, actor ? { actor } : {});
const watchlistOf = (actor: Actor, query = '') =>
  call(t.app, 'GET', `/api/watchlist${query}`, { actor });
const reprice = (id: string, resalePrice: number) =>
  call(t.app, 'PATCH', `/api/product/${id}`, { actor: seller, payload: { resalePrice } });

async function bellOf(actor: Actor): Promise<Notifications> {
  const response = await call(t.app, 'GET', '/api/notifications', { actor });
  expect(response.statusCode).toBe(200);
  return response.json<Notifications>();
}

/** The kinds of `actor`'s notices about `id`, once the listing's news has been told. */
async function listingNoticesOf(actor: Actor, id = productId): Promise<string[]> {
  await queueSettled(t.db, 'listing');
  return (await bellOf(actor)).notifications
    .filter((notice) => notice.productId === id)
    .map((notice) => notice.kind);
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('PUT and DELETE /api/watchlist/:productId, GET /api/watchlist', () => {
  it('watches a listing once however often it is asked, and stops as often', async () => {
    for (let round = 0; round < 2; round++) {
      const watched = await watch(watcher);
      expect(watched.statusCode, watched.body).toBe(200);
      expect(watched.json()).toEqual({ acknowledged: true });
    }
    expect(idsOf(await watchlistOf(watcher))).toEqual([productId]);
    for (let round = 0; round < 2; round++) {
      const unwatched = await unwatch(watcher);
      expect(unwatched.statusCode, unwatched.body).toBe(200);
      expect(unwatched.json()).toEqual({ acknowledged: true });
    }
    expect((await watchlistOf(watcher)).json()).toEqual([]);
  });

  it('lists the watched listings as public cards, most recently watched first, in keyset pages', async () => {
    const second = await createProductAs(t.app, seller, { name: 'Latitude 7420' });
    const third = await createProductAs(t.app, seller, { name: 'XPS 13' });
    // Watched in another order than listed: the list follows the watching.
    for (const id of [second, productId, third])
      expect((await watch(watcher, id)).statusCode).toBe(200);
    const first = await watchlistOf(watcher);
    const cards = first.json<Listing[]>();
    expect(cards.map((card) => card._id)).toEqual([third, productId, second]);
    for (const card of cards) {
      // Exactly a public listing's fields: no seller phone or email.
      expect(listingSchema.strict().safeParse(card).success, JSON.stringify(card)).toBe(true);
    }
    // Each card as search shows it.
    const searched = (await call(t.app, 'GET', '/api/search')).json<Listing[]>();
    for (const card of cards) {
      expect(card).toEqual(searched.find((listing) => listing._id === card._id));
    }
    expect(await pagesOf(t.app, '/api/watchlist?limit=2', watcher)).toEqual([
      [third, productId],
      [second],
    ]);
    // Another user's watchlist is their own.
    const other = await createActor(t.app, 'buyer');
    expect((await watchlistOf(other)).json()).toEqual([]);
  });

  it('keeps a sold listing, as sold, and drops a deleted one', async () => {
    const deleted = await createProductAs(t.app, seller, { name: 'Latitude 7420' });
    for (const id of [productId, deleted]) expect((await watch(watcher, id)).statusCode).toBe(200);
    await sellProduct(t.app, productId);
    const removal = await call(t.app, 'DELETE', `/api/delete/product/${deleted}`, {
      actor: seller,
    });
    expect(removal.statusCode).toBe(200);
    expect((await watchlistOf(watcher)).json<Listing[]>()).toEqual([
      expect.objectContaining({ _id: productId, status: 'sold' }),
    ]);
    // A deleted listing is not found, for watching or not.
    for (const response of [await watch(watcher, deleted), await unwatch(watcher, deleted)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.productNotFound });
    }
  });

  it('refuses an unknown listing (404) and an id that is not one (400)', async () => {
    for (const response of [await watch(watcher, UNKNOWN), await unwatch(watcher, UNKNOWN)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.productNotFound });
    }
    for (const response of [await watch(watcher, 'nope'), await unwatch(watcher, 'nope')]) {
      expect(response.statusCode).toBe(400);
      expect(errorPaths(response)).toEqual(['params.productId']);
    }
    const offset = await watchlistOf(watcher, '?offset=24');
    expect(offset.statusCode).toBe(400);
    expect(errorPaths(offset)).toEqual(['querystring.offset']);
  });

  it("refuses a seller's own listing with a reason", async () => {
    const own = await watch(seller);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: messages.ownListingWatched });
    expect((await watchlistOf(seller)).json()).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    for (const response of [
      await watch(undefined),
      await unwatch(undefined),
      await call(t.app, 'GET', '/api/watchlist'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.signInRequired });
    }
    expect(await t.db.select().from(watches)).toEqual([]);
  });

  it(`holds at most ${MAX_WATCHED_LISTINGS} listings, not counting deleted ones`, async () => {
    // The listings and the watches written in SQL: 500 API calls would say nothing more.
    const { rows } = await t.db.execute<{ id: string }>(sql`
      insert into products (seller_id, name, image, photos, resale_price_cents, original_price_cents,
        location, phone, year_of_purchase, condition, category_id, description)
      select seller_id, name || ' #' || n, image, photos, resale_price_cents, original_price_cents,
        location, phone, year_of_purchase, condition, category_id, description
      from products, generate_series(1, ${MAX_WATCHED_LISTINGS}) n
      where id = ${productId}
      returning id`);
    const many = rows.map((row) => row.id);
    await t.db.insert(watches).values(many.map((id) => ({ userId: watcher.uid, productId: id })));

    const full = await watch(watcher);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: messages.watchlistFull });
    // Watching one already watched changes nothing, so it is not refused.
    expect((await watch(watcher, many[0])).statusCode).toBe(200);
    // Two at once: at most one of them fits once a place is free.
    await t.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, many[0] ?? ''));
    const other = await createProductAs(t.app, seller, { name: 'Latitude 7420' });
    const both = await Promise.all([watch(watcher), watch(watcher, other)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("a watched listing's news", () => {
  it('tells each watcher of a price drop, in the bell and by email, and nobody else', async () => {
    const bystander = await createActor(t.app, 'buyer');
    const otherWatcher = await createActor(t.app, 'buyer');
    await verifyAddress(t.app, mailbox, watcher.email);
    for (const actor of [watcher, otherWatcher]) expect((await watch(actor)).statusCode).toBe(200);

    expect((await reprice(productId, 549.5)).statusCode).toBe(200);
    for (const actor of [watcher, otherWatcher]) {
      expect(await listingNoticesOf(actor)).toEqual(['price_dropped']);
    }
    expect((await bellOf(watcher)).notifications[0]).toMatchObject({
      kind: 'price_dropped',
      productId,
      bookingId: null,
      side: null,
      searchName: null,
      productName: PRODUCT,
      read: false,
    });
    for (const actor of [bystander, seller]) expect(await listingNoticesOf(actor)).toEqual([]);

    const email = await mailbox.receive(watcher.email, { subject: `Price drop: ${PRODUCT}` });
    expect(email.text).toContain(`${PRODUCT}, on your watchlist, is now $549.50.`);
    expect(email.link(`/product/${productId}`).origin).toBe(PUBLIC_URL);
    expect(email.header('list-unsubscribe')).toContain(`${PUBLIC_URL}/api/auth/unsubscribe?token=`);
    // The other watcher never verified their address: a bell, no email.
    await emailsSettled(t.db);
    expect(mailbox.to(otherWatcher.email).map((each) => each.subject)).toEqual([
      'Confirm your email address for Reloop',
    ]);
  });

  it('tells nothing of a price that goes up or stays, nor twice of drops while unread', async () => {
    expect((await watch(watcher)).statusCode).toBe(200);
    expect((await reprice(productId, 700)).statusCode).toBe(200);
    const rename = await call(t.app, 'PATCH', `/api/product/${productId}`, {
      actor: seller,
      payload: { description: 'Now with a new battery.' },
    });
    expect(rename.statusCode).toBe(200);
    expect(await listingNoticesOf(watcher)).toEqual([]);

    expect((await reprice(productId, 650)).statusCode).toBe(200);
    expect((await reprice(productId, 500)).statusCode).toBe(200);
    expect(await listingNoticesOf(watcher)).toEqual(['price_dropped']);
    // Read, it is news again.
    expect(
      (await call(t.app, 'POST', '/api/notifications/read', { actor: watcher })).statusCode,
    ).toBe(200);
    expect((await reprice(productId, 450)).statusCode).toBe(200);
    expect(await listingNoticesOf(watcher)).toEqual(['price_dropped', 'price_dropped']);
  });

  it('tells each watcher of a sale but the buyer, and emails only those who want it', async () => {
    const otherWatcher = await createActor(t.app, 'buyer');
    await verifyAddress(t.app, mailbox, watcher.email);
    await verifyAddress(t.app, mailbox, otherWatcher.email);
    for (const actor of [watcher, otherWatcher]) expect((await watch(actor)).statusCode).toBe(200);
    const preferences = await call(t.app, 'PUT', '/api/auth/notifications', {
      actor: otherWatcher,
      payload: {
        bookings: true,
        messages: true,
        reviews: true,
        watchlist: false,
        savedSearches: true,
      },
    });
    expect(preferences.statusCode).toBe(200);

    const { buyer } = await sellProduct(t.app, productId);
    for (const actor of [watcher, otherWatcher]) {
      expect(await listingNoticesOf(actor)).toEqual(['listing_sold']);
    }
    expect(await listingNoticesOf(buyer)).toEqual([]);
    const email = await mailbox.receive(watcher.email, { subject: `Sold: ${PRODUCT}` });
    expect(email.text).toContain(`${PRODUCT}, on your watchlist, was sold to another buyer.`);
    await emailsSettled(t.db);
    expect(mailbox.to(otherWatcher.email).map((each) => each.subject)).toEqual([
      'Confirm your email address for Reloop',
    ]);
  });

  it('queues no news of a sale nobody watches', async () => {
    await sellProduct(t.app, productId);
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job where name = 'listing' and data->>'change' = 'sold'`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});

describe('an account that ends', () => {
  it('takes its watchlist and saved searches with it', async () => {
    expect((await watch(watcher)).statusCode).toBe(200);
    const saving = await call(t.app, 'POST', '/api/saved-searches', {
      actor: watcher,
      payload: { name: 'ThinkPads', q: 'thinkpad' },
    });
    expect(saving.statusCode).toBe(201);
    const ended = await call(t.app, 'DELETE', '/api/auth/account', {
      actor: watcher,
      payload: { password: 'correct horse battery' },
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await t.db.select().from(watches)).toEqual([]);
    expect(await t.db.select().from(savedSearches)).toEqual([]);
    // Nobody is told of the listing's price drop.
    expect((await reprice(productId, 500)).statusCode).toBe(200);
    await queueSettled(t.db, 'listing');
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from notifications where product_id = ${productId}`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
