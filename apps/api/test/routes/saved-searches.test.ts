import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_SAVED_SEARCHES,
  messages,
  searchResultHeaders,
  type ErrorBody,
  type Notifications,
  type ProductBody,
  type SavedSearch,
} from '@reloop/shared';
import { categories, savedSearchMatches, users } from '../../src/db/schema.ts';
import { call, errorPaths, idsOf, pagesOf } from '../helpers/behaviour.ts';
import { queueSettled } from '../helpers/jobs.ts';
import type { Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, PUBLIC_URL, useMailedApp, verifyAddress } from '../helpers/mailed-app.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Saved searches (DESIGN §17): POST, GET and DELETE /api/saved-searches, signed in only, the
 * owner's alone, at most MAX_SAVED_SEARCHES, their terms checked exactly as GET /api/search
 * checks them. A listed or repriced listing that matches one is a notice to its owner at once
 * (never the seller's own search, never twice), and a line in a digest emailed at most once per
 * SEARCH_DIGEST_HOURS (here 0.003 h, 10.8 s); a listing matches exactly when the search finds it.
 */
const DIGEST_EVERY_MS = 10_800;
let mailbox: Mailbox;
let t: TestApp;
let owner: Actor;
let seller: Actor;
useMailedApp((running) => ({ mailbox, t } = running), { SEARCH_DIGEST_HOURS: '0.003' });
beforeEach(async () => {
  owner = await createActor(t.app, 'buyer');
  seller = await createActor(t.app, 'seller');
});

const save = (actor: Actor | undefined, payload: object) =>
  call(t.app, 'POST', '/api/saved-searches', actor ? { actor, payload } : { payload });
const savedOf = (actor: Actor, query = '') =>
  call(t.app, 'GET', `/api/saved-searches${query}`, { actor });
const remove = (actor: Actor | undefined, id: string) =>
  call(t.app, 'DELETE', `/api/saved-searches/${id}`, actor ? { actor } : {});

async function saved(actor: Actor, payload: object): Promise<SavedSearch> {
  const response = await save(actor, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedSearch>();
}

/** Lists a laptop and waits until the saved searches it matches have been told. */
async function list(by: Actor, fields: Partial<ProductBody>): Promise<string> {
  const id = await createProductAs(t.app, by, fields);
  await queueSettled(t.db, 'listing');
  return id;
}

async function matchNotices(actor: Actor) {
  const response = await call(t.app, 'GET', '/api/notifications', { actor });
  expect(response.statusCode).toBe(200);
  return response
    .json<Notifications>()
    .notifications.filter((notice) => notice.kind === 'search_match');
}

const DIGEST = /saved search/;

describe('POST, GET and DELETE /api/saved-searches', () => {
  it("keeps a search's terms as the search takes them, under a name, newest first", async () => {
    const first = await saved(owner, {
      name: '  Cheap ThinkPads ',
      q: ' ThinkPad ',
      maxPrice: '600.50',
      verified: 'true',
      sort: 'price_asc',
      // Paging is not a term: left out.
      limit: '10',
    });
    expect(first).toEqual({
      _id: expect.any(String),
      name: 'Cheap ThinkPads',
      query: { q: 'ThinkPad', maxPrice: '600.5', verified: 'true', sort: 'price_asc' },
      createdAt: expect.any(String),
    });
    const second = await saved(owner, { name: 'Anything', location: '' });
    expect(second.query).toEqual({ sort: 'newest' });
    const third = await saved(owner, { name: 'Fast ones', minRamGb: '32', minRating: '4.5' });
    expect(third.query).toEqual({ minRamGb: '32', minRating: '4.5', sort: 'newest' });

    const listed = await savedOf(owner);
    expect(listed.json()).toEqual([third, second, first]);
    expect(await pagesOf(t.app, '/api/saved-searches?limit=2', owner)).toEqual([
      [third._id, second._id],
      [first._id],
    ]);
    expect((await savedOf(seller)).json()).toEqual([]);
  });

  it('refuses the terms GET /api/search refuses, with the same messages', async () => {
    const refused: Record<string, string>[] = [
      { minPrice: '800', maxPrice: '500' },
      { categoryId: 'laptops' },
      { minRamGb: 'lots' },
      { minStorageGb: '0' },
      { minPrice: '12.345' },
      { verified: 'false' },
      { condition: 'new' },
      { minRating: '6' },
      { sort: 'cheapest' },
      { q: 'x'.repeat(201) },
    ];
    for (const terms of refused) {
      const searched = await call(
        t.app,
        'GET',
        `/api/search?${new URLSearchParams(terms).toString()}`,
      );
      expect(searched.statusCode, JSON.stringify(terms)).toBe(400);
      const saving = await save(owner, { name: 'Refused', ...terms });
      expect(saving.statusCode, JSON.stringify(terms)).toBe(400);
      const messagesOf = (body: ErrorBody, place: string) =>
        (body.errors ?? []).map((error) => [error.path.replace(`${place}.`, ''), error.message]);
      expect(messagesOf(saving.json<ErrorBody>(), 'body')).toEqual(
        messagesOf(searched.json<ErrorBody>(), 'querystring'),
      );
    }
    // A JSON number is not the text a query string carries.
    expect(errorPaths(await save(owner, { name: 'Refused', maxPrice: 600 }))).toEqual([
      'body.maxPrice',
    ]);
    expect(errorPaths(await save(owner, { q: 'thinkpad' }))).toEqual(['body.name']);
    expect(errorPaths(await save(owner, { name: ' ' }))).toEqual(['body.name']);
    expect(errorPaths(await save(owner, { name: 'n'.repeat(81) }))).toEqual(['body.name']);
    expect((await savedOf(owner)).json()).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} a user`, async () => {
    const kept = [];
    for (let n = 1; n <= MAX_SAVED_SEARCHES; n++) {
      kept.push(await saved(owner, { name: `Search ${n}`, q: `word${n}` }));
    }
    const full = await save(owner, { name: 'One too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: messages.savedSearchesFull });
    // Another user's count is their own.
    await saved(seller, { name: 'Mine' });
    expect((await remove(owner, kept[0]?._id ?? '')).statusCode).toBe(200);
    await saved(owner, { name: 'Now it fits' });
    // Two at once for the last place: one fits.
    expect((await remove(owner, kept[1]?._id ?? '')).statusCode).toBe(200);
    const both = await Promise.all([save(owner, { name: 'A' }), save(owner, { name: 'B' })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it("deletes only the owner's, and someone else's is not found", async () => {
    const search = await saved(owner, { name: 'ThinkPads', q: 'thinkpad' });
    const stranger = await createActor(t.app, 'buyer');
    for (const response of [
      await remove(stranger, search._id),
      await remove(owner, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.savedSearchNotFound });
    }
    expect(idsOf(await savedOf(owner))).toEqual([search._id]);
    expect(errorPaths(await remove(owner, 'nope'))).toEqual(['params.id']);

    const deleted = await remove(owner, search._id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ acknowledged: true });
    expect((await savedOf(owner)).json()).toEqual([]);
    expect((await remove(owner, search._id)).statusCode).toBe(404);
  });

  it('is for signed-in users only', async () => {
    const search = await saved(owner, { name: 'ThinkPads', q: 'thinkpad' });
    for (const response of [
      await save(undefined, { name: 'Mine' }),
      await call(t.app, 'GET', '/api/saved-searches'),
      await remove(undefined, search._id),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.signInRequired });
    }
    expect(idsOf(await savedOf(owner))).toEqual([search._id]);
  });
});

describe('what a saved search is told', () => {
  it("tells each matching search's owner of a new listing at once, in the bell", async () => {
    const other = await createActor(t.app, 'buyer');
    const search = await saved(owner, {
      name: 'ThinkPads under $700',
      q: 'think',
      maxPrice: '700',
    });
    await saved(other, { name: 'MacBooks', q: 'macbook' });
    // The seller's own search matches their listing: they are not told of it.
    await saved(seller, { name: 'My kind of laptop', q: 'thinkpad' });

    const productId = await list(seller, { name: 'ThinkPad T14 Gen 2', resalePrice: 600 });
    expect(await matchNotices(owner)).toEqual([
      expect.objectContaining({
        kind: 'search_match',
        productId,
        bookingId: null,
        side: null,
        searchName: search.name,
        productName: 'ThinkPad T14 Gen 2',
        read: false,
      }),
    ]);
    expect(await matchNotices(other)).toEqual([]);
    expect(await matchNotices(seller)).toEqual([]);
    // Too dear for the search, whatever its words: not news.
    await list(seller, { name: 'ThinkPad X1 Carbon', resalePrice: 900 });
    expect(await matchNotices(owner)).toHaveLength(1);
  });

  it('tells of a listing repriced into a search, once however it is repriced after', async () => {
    await saved(owner, { name: 'Cheap ThinkPads', q: 'thinkpad', maxPrice: '500' });
    const productId = await list(seller, { name: 'ThinkPad T14 Gen 2', resalePrice: 600 });
    expect(await matchNotices(owner)).toEqual([]);
    const reprice = async (resalePrice: number) => {
      const response = await call(t.app, 'PATCH', `/api/product/${productId}`, {
        actor: seller,
        payload: { resalePrice },
      });
      expect(response.statusCode).toBe(200);
      await queueSettled(t.db, 'listing');
    };
    await reprice(450);
    expect(await matchNotices(owner)).toEqual([expect.objectContaining({ productId })]);
    // Read, then repriced again (down, up, down): still the one notice.
    await call(t.app, 'POST', '/api/notifications/read', { actor: owner });
    for (const price of [400, 700, 420]) await reprice(price);
    expect(await matchNotices(owner)).toEqual([expect.objectContaining({ productId, read: true })]);
  });

  it(`emails a digest of the matches at most once every ${DIGEST_EVERY_MS / 1000} s`, async () => {
    await verifyAddress(t.app, mailbox, owner.email);
    await saved(owner, { name: 'ThinkPads', q: 'thinkpad' });
    await saved(owner, { name: 'Carbons', q: 'carbon' });
    const t14 = await list(seller, { name: 'ThinkPad T14 Gen 2', resalePrice: 549.5 });
    const first = await mailbox.receive(owner.email, { subject: DIGEST });
    expect(first.subject).toBe('New for your saved search: ThinkPad T14 Gen 2');
    expect(first.text).toContain(
      `ThinkPad T14 Gen 2, $549.50 in Austin, for “ThinkPads”: ${PUBLIC_URL}/product/${t14}`,
    );
    expect(first.link('/dashboard/saved-searches').origin).toBe(PUBLIC_URL);
    expect(first.header('list-unsubscribe')).toContain(`${PUBLIC_URL}/api/auth/unsubscribe?`);

    // Two more right after: they wait for the interval, then go together.
    const carbon = await list(seller, { name: 'ThinkPad X1 Carbon', resalePrice: 899 });
    await list(seller, { name: 'ThinkPad E14', resalePrice: 399 });
    await emailsSettled(t.db);
    expect(mailbox.to(owner.email).filter((email) => DIGEST.test(email.subject))).toHaveLength(1);
    const second = await mailbox.receive(owner.email, { subject: DIGEST, timeoutMs: 20_000 });
    expect(second.subject).toBe('2 new listings for your saved searches');
    expect(second.text).toContain(
      `ThinkPad X1 Carbon, $899.00 in Austin, for “Carbons”, “ThinkPads”`,
    );
    expect(second.text).toContain(`${PUBLIC_URL}/product/${carbon}`);
    expect(second.text).toContain('ThinkPad E14, $399.00');
    expect(second.text).not.toContain('T14 Gen 2');
    const digests = await t.db
      .selectDistinct({ at: savedSearchMatches.digestedAt })
      .from(savedSearchMatches)
      .orderBy(asc(savedSearchMatches.digestedAt));
    expect(digests).toHaveLength(2);
    const [one, two] = digests.map((digest) => digest.at?.getTime() ?? 0);
    expect((two ?? 0) - (one ?? 0)).toBeGreaterThanOrEqual(DIGEST_EVERY_MS);
    // A digest's interval, and a few job polls around it.
  }, 60_000);

  it('emails no digest to an owner who does not want one; the bell still tells', async () => {
    await verifyAddress(t.app, mailbox, owner.email);
    const preferences = await call(t.app, 'PUT', '/api/auth/notifications', {
      actor: owner,
      payload: {
        bookings: true,
        messages: true,
        reviews: true,
        watchlist: true,
        savedSearches: false,
      },
    });
    expect(preferences.statusCode).toBe(200);
    await saved(owner, { name: 'ThinkPads', q: 'thinkpad' });
    await list(seller, { name: 'ThinkPad T14 Gen 2' });
    expect(await matchNotices(owner)).toHaveLength(1);
    await queueSettled(t.db, 'digest');
    await emailsSettled(t.db);
    expect(mailbox.to(owner.email).filter((email) => DIGEST.test(email.subject))).toEqual([]);
  });

  it('matches a listing exactly when GET /api/search finds it', async () => {
    const [second] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .orderBy(asc(categories.position))
      .offset(1)
      .limit(1);
    const rated = await createActor(t.app, 'seller');
    const unrated = await createActor(t.app, 'seller');
    await t.db
      .update(users)
      .set({ verified: true, ratingCount: 2, ratingSum: 9, ratingHistogram: [0, 0, 0, 1, 1] })
      .where(eq(users.id, rated.uid));
    await t.db
      .update(users)
      .set({ ratingCount: 1, ratingSum: 3, ratingHistogram: [0, 0, 1, 0, 0] })
      .where(eq(users.id, unrated.uid));
    const terms: Record<string, string>[] = [
      {},
      { q: 'think' },
      { q: 'thinkpad i7' },
      { q: 'I7 1165' },
      { q: 'macbook air m1' },
      { q: 'cotton' },
      { q: 'zenbookery' },
      { q: '!!' },
      { minPrice: '549', maxPrice: '799' },
      { minRamGb: '16' },
      { minStorageGb: '1000' },
      { condition: 'excellent' },
      { verified: 'true' },
      { location: 'AUS' },
      { location: 'n, t' },
      { location: '100%' },
      { minRating: '4' },
      { minRating: '3.1' },
      { categoryId: second?.id ?? '' },
      { sellerId: unrated.uid },
      { q: 'dell', maxPrice: '800', condition: 'fair' },
      { q: 'carbon', minRamGb: '32', verified: 'true', minRating: '4.5', sort: 'price_desc' },
    ];
    const searches = [];
    for (const [n, each] of terms.entries()) {
      searches.push({ terms: each, saved: await saved(owner, { name: `Search ${n}`, ...each }) });
    }
    await list(rated, {
      name: 'Lenovo ThinkPad T14 Gen 2',
      model: 'ThinkPad T14 Gen 2',
      cpu: 'Intel Core i5-1135G7',
      resalePrice: 549,
      location: 'Austin, TX',
    });
    await list(rated, {
      name: 'ThinkPad X1 Carbon',
      model: 'X1 Carbon Gen 9',
      cpu: 'Intel Core i7-1165G7',
      ramGb: 32,
      storageGb: 1024,
      resalePrice: 899,
      condition: 'excellent',
      batteryHealth: 92,
      location: 'Dallas',
    });
    await list(unrated, {
      name: 'MacBook Air M1',
      model: 'MacBook Air (M1, 2020)',
      cpu: 'Apple M1',
      ramGb: 8,
      storageGb: 256,
      resalePrice: 549,
      condition: 'excellent',
      batteryHealth: 90,
      location: 'austin',
      description: 'Comes with a sleeve and a 100% cotton cloth.',
    });
    await list(unrated, {
      name: 'Dell XPS 13',
      model: 'XPS 13 9310',
      cpu: 'Intel Core i7-1185G7',
      resalePrice: 799,
      condition: 'fair',
      batteryHealth: 70,
      location: 'Seattle',
      categoryId: second?.id,
    });
    await list(rated, {
      name: 'Chromebook',
      model: null,
      cpu: null,
      ramGb: null,
      storageGb: null,
      screenInches: null,
      batteryHealth: null,
      location: 'Boston',
      description: 'Specs unknown.',
    });

    const matched = await t.db.select().from(savedSearchMatches);
    for (const { terms: each, saved: search } of searches) {
      const found = await call(
        t.app,
        'GET',
        `/api/search?${new URLSearchParams({ ...each, limit: '100' }).toString()}`,
      );
      expect(found.statusCode).toBe(200);
      // A search run again with corrected words did not find the words searched.
      const exact = found.headers[searchResultHeaders.correctedQuery.toLowerCase()]
        ? []
        : idsOf(found);
      const matches = matched
        .filter((match) => match.savedSearchId === search._id)
        .map((match) => match.productId);
      expect(matches.sort(), JSON.stringify(each)).toEqual(exact.sort());
    }
    // Every listing is matched by something, so the comparison said something.
    expect(new Set(matched.map((match) => match.productId)).size).toBe(5);
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(distinct saved_search_id)::int as count from saved_search_matches`,
    );
    expect(rows[0]?.count).toBeGreaterThan(terms.length / 2);
  });
});
