import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchResultHeaders, type Product } from '@reloop/shared';
import { categories, products } from '../../src/db/schema.ts';
import { COUNTED_UP_TO, prefixQuery } from '../../src/products/search.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { call, errorPaths, idsOf, nextLink, pagesOf, sellProduct } from '../helpers/behaviour.ts';

/**
 * GET /api/search (DESIGN §11): words matched by prefix, every filter, each sort with its
 * keyset pages, only listings for sale, and a 400 naming any bad parameter; words that match
 * nothing corrected to similar ones, and the first page's count (DESIGN §17).
 */
let t: TestApp;
let seller: Actor;
let verifiedSeller: Actor;
let admin: Actor;
const ids: Record<string, string> = {};

/** Five laptops of two sellers, listed in this order (so newest first is the reverse). */
const laptops = {
  thinkpad: {
    name: 'Lenovo ThinkPad T14 Gen 2',
    model: 'ThinkPad T14 Gen 2',
    cpu: 'Intel Core i5-1135G7',
    ramGb: 16,
    storageGb: 512,
    resalePrice: 549,
    condition: 'good',
    location: 'Austin, TX',
    description: 'Keyboard like new.',
  },
  carbon: {
    name: 'ThinkPad X1 Carbon',
    model: 'X1 Carbon Gen 9',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 32,
    storageGb: 1024,
    resalePrice: 899,
    condition: 'excellent',
    batteryHealth: 92,
    location: 'Dallas',
    description: 'LTE model.',
  },
  macbook: {
    name: 'MacBook Air M1',
    model: 'MacBook Air (M1, 2020)',
    cpu: 'Apple M1',
    ramGb: 8,
    storageGb: 256,
    resalePrice: 549,
    condition: 'excellent',
    batteryHealth: 90,
    location: 'Austin',
    description: 'Comes with a sleeve and a 100% cotton cloth.',
  },
  xps: {
    name: 'Dell XPS 13',
    model: 'XPS 13 9310',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    resalePrice: 749.99,
    condition: 'fair',
    batteryHealth: 70,
    location: 'Seattle',
    description: 'Scratched lid, runs great.',
  },
  zenbook: {
    name: 'ASUS ZenBook 14',
    model: 'UX425EA',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    resalePrice: 1099,
    condition: 'good',
    location: 'Portland',
    description: 'Has a ThinkPad-style nub? No: a NumberPad.',
  },
} as const;
type Laptop = keyof typeof laptops;

/** A fresh app with the five laptops; the read-only tests share one, the others get their own. */
async function listLaptops(): Promise<void> {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  verifiedSeller = await createActor(t.app, 'seller');
  admin = await createActor(t.app, 'admin');
  const verified = await call(t.app, 'PUT', `/api/user/seller/update/${verifiedSeller.email}`, {
    actor: admin,
  });
  expect(verified.statusCode).toBe(200);
  for (const [key, laptop] of Object.entries(laptops)) {
    const owner = key === 'carbon' || key === 'xps' ? verifiedSeller : seller;
    ids[key] = await createProductAs(t.app, owner, laptop);
  }
}

const search = (query: string) => call(t.app, 'GET', `/api/search?${query}`);
function idOf(key: Laptop): string {
  const id = ids[key];
  if (!id) throw new Error(`${key} is not listed`);
  return id;
}
const idsFor = (...keys: Laptop[]) => keys.map(idOf);

async function found(query: string): Promise<string[]> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return idsOf(response);
}

/** What a search said beside its listings: the corrected words and the count, as sent. */
async function summaryOf(query: string) {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  const header = (name: string) => response.headers[name.toLowerCase()];
  return {
    ids: idsOf(response),
    correctedQuery: header(searchResultHeaders.correctedQuery),
    count: header(searchResultHeaders.resultCount),
    approximate: header(searchResultHeaders.resultCountApproximate),
  };
}

describe('GET /api/search', () => {
  beforeAll(listLaptops);
  afterAll(() => t.close());

  it('lists every listing for sale, newest first, without words or filters', async () => {
    expect(await found('')).toEqual(idsFor('zenbook', 'xps', 'macbook', 'carbon', 'thinkpad'));
  });

  it('matches each word as a prefix of a word in the name, model, CPU or description', async () => {
    expect(await found('q=think')).toEqual(idsFor('zenbook', 'carbon', 'thinkpad'));
    expect(await found('q=ThinkPad%20carb')).toEqual(idsFor('carbon'));
    expect(await found('q=i7')).toEqual(idsFor('zenbook', 'xps', 'carbon'));
    expect(await found('q=1165g7')).toEqual(idsFor('zenbook', 'xps', 'carbon'));
    expect(await found('q=sleeve')).toEqual(idsFor('macbook'));
    expect(await found('q=macbook%20lenovo')).toEqual([]);
  });

  it('finds nothing, in every sort, for a word no listing has', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      expect(await found(`q=zzzqx&sort=${sort}`)).toEqual([]);
      expect(await found(`q=think%20zzzqx&sort=${sort}`)).toEqual([]);
    }
  });

  it('treats tsquery syntax as plain words', async () => {
    expect(await found(`q=${encodeURIComponent("think & !carbon | ')")}`)).toEqual(
      idsFor('carbon'),
    );
    expect(await found(`q=${encodeURIComponent('!!! ???')}`)).toHaveLength(5);
    expect(prefixQuery("O'Neil's i7-1165G7")).toBe('o:* & neil:* & s:* & i7:* & 1165g7:*');
  });

  it.each([
    ['minPrice=549.01', ['zenbook', 'xps', 'carbon']],
    ['maxPrice=549', ['macbook', 'thinkpad']],
    ['minPrice=700&maxPrice=900', ['xps', 'carbon']],
    ['minRamGb=32', ['carbon']],
    ['minRamGb=16', ['zenbook', 'xps', 'carbon', 'thinkpad']],
    ['minStorageGb=1000', ['carbon']],
    ['condition=excellent', ['macbook', 'carbon']],
    ['verified=true', ['xps', 'carbon']],
    ['location=austin', ['macbook', 'thinkpad']],
    ['location=%25', []],
    ['q=thinkpad&minRamGb=16&maxPrice=800', ['thinkpad']],
    ['q=thinkpad&minRamGb=16&maxPrice=1100', ['zenbook', 'carbon', 'thinkpad']],
  ] as const)('filters by %s', async (query, expected) => {
    expect(await found(query)).toEqual(idsFor(...expected));
  });

  it('sorts by price both ways, ties broken by id the same way on every page', async () => {
    const [cheapA, cheapB] = [idOf('thinkpad'), idOf('macbook')].sort();
    const [cheapHigh, cheapLow] = [idOf('thinkpad'), idOf('macbook')].sort().reverse();
    expect(await found('sort=price_asc')).toEqual([
      cheapA,
      cheapB,
      ...idsFor('xps', 'carbon', 'zenbook'),
    ]);
    expect(await found('sort=price_desc')).toEqual([
      ...idsFor('zenbook', 'carbon', 'xps'),
      cheapHigh,
      cheapLow,
    ]);
    const prices = (await search('sort=price_asc')).json<Product[]>().map((p) => p.resalePrice);
    expect(prices).toEqual([549, 549, 749.99, 899, 1099]);
  });

  it.each(['newest', 'price_asc', 'price_desc'])(
    'pages through the %s sort with the Link cursor, every row once, filters kept',
    async (sort) => {
      const all = await found(`sort=${sort}`);
      expect(await pagesOf(t.app, `/api/search?sort=${sort}&limit=2`)).toEqual([
        all.slice(0, 2),
        all.slice(2, 4),
        all.slice(4),
      ]);
      const filtered = await found(`sort=${sort}&minRamGb=16`);
      const pages = await pagesOf(t.app, `/api/search?sort=${sort}&minRamGb=16&limit=3`);
      expect(pages.flat()).toEqual(filtered);
      expect(pages).toHaveLength(2);
    },
  );

  it('searches the listed word most like a word that matches nothing, and says which', async () => {
    expect(await summaryOf('q=thinkpd')).toEqual({
      ids: idsFor('zenbook', 'carbon', 'thinkpad'),
      correctedQuery: 'thinkpad',
      count: '3',
      approximate: undefined,
    });
    // Only the unknown word changes; each sort searches the corrected words.
    expect(await summaryOf('q=Thinkpd%20carbn&sort=price_asc')).toMatchObject({
      ids: idsFor('carbon'),
      correctedQuery: 'thinkpad%20carbon',
    });
    expect(await summaryOf('q=macbok&sort=price_desc')).toMatchObject({
      ids: idsFor('macbook'),
      correctedQuery: 'macbook',
    });
    expect(await summaryOf('q=zenbok&minRamGb=16')).toMatchObject({
      ids: idsFor('zenbook'),
      correctedQuery: 'zenbook',
    });
  });

  it('corrects nothing for a word with no listed word like it, and finds nothing', async () => {
    for (const query of [
      'q=zzzqx',
      'q=thinkpd%20zzzqx',
      'q=xq',
      'q=thinkpd&sort=price_asc&minPrice=2000',
    ]) {
      expect(await summaryOf(query)).toEqual({
        ids: [],
        correctedQuery: undefined,
        count: '0',
        approximate: undefined,
      });
    }
  });

  it('keeps what matches as it is: a prefix, and known words that only miss together', async () => {
    // "thinkp" starts a listed word, so it is searched as typed, not as a similar word.
    expect(await summaryOf('q=thinkp')).toMatchObject({
      ids: idsFor('zenbook', 'carbon', 'thinkpad'),
      correctedQuery: undefined,
    });
    expect(await summaryOf('q=macbook%20lenovo')).toMatchObject({
      ids: [],
      correctedQuery: undefined,
    });
  });

  it('counts the matches exactly on the first page, and on no other', async () => {
    expect(await summaryOf('q=i7')).toMatchObject({ count: '3', approximate: undefined });
    // A first page with more after it: counted, not taken from the page.
    const first = await summaryOf('q=i7&limit=2');
    expect(first).toMatchObject({ count: '3', approximate: undefined });
    expect(first.ids).toHaveLength(2);
    const next = nextLink(await search('q=i7&limit=2'));
    expect(next).toContain('cursor=');
    expect(await summaryOf(next?.replace('/api/search?', '') ?? '')).toMatchObject({
      ids: idsFor('carbon'),
      count: undefined,
    });
    expect(await summaryOf('minRamGb=16&limit=1')).toMatchObject({ count: '4' });
    expect(await summaryOf('q=thinkpd&limit=1')).toMatchObject({ count: '3' });
  });

  it.each([
    ['minPrice=cheap', 'querystring.minPrice'],
    ['minPrice=-5', 'querystring.minPrice'],
    ['maxPrice=1.234', 'querystring.maxPrice'],
    ['minPrice=900&maxPrice=100', 'querystring.maxPrice'],
    ['minRamGb=0', 'querystring.minRamGb'],
    ['minRamGb=16.5', 'querystring.minRamGb'],
    ['minStorageGb=lots', 'querystring.minStorageGb'],
    ['condition=mint', 'querystring.condition'],
    ['verified=yes', 'querystring.verified'],
    ['sort=cheapest', 'querystring.sort'],
    ['categoryId=42', 'querystring.categoryId'],
    ['sellerId=me', 'querystring.sellerId'],
    ['cursor=abc', 'querystring.cursor'],
    ['limit=101', 'querystring.limit'],
    ['offset=24', 'querystring.offset'],
    [`q=${'a'.repeat(201)}`, 'querystring.q'],
    ['q=thinkpd&minRamGb=lots', 'querystring.minRamGb'],
  ])('answers 400 naming the parameter for %s', async (query, path) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(errorPaths(response)).toEqual([path]);
  });
});

describe('GET /api/search after listings change', () => {
  beforeEach(listLaptops);
  afterEach(() => t.close());

  it('filters by category and by seller', async () => {
    const [other = { id: '' }] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, 'Dell'));
    await t.db
      .update(products)
      .set({ categoryId: other.id })
      .where(eq(products.id, idOf('xps')));
    expect(await found(`categoryId=${other.id}`)).toEqual(idsFor('xps'));
    expect(await found(`sellerId=${verifiedSeller.uid}`)).toEqual(idsFor('xps', 'carbon'));
  });

  it('finds listings by words in price order after their price or words change', async () => {
    const edit = (key: Laptop, payload: object) =>
      call(t.app, 'PATCH', `/api/product/${idOf(key)}`, { actor: seller, payload });
    expect((await edit('thinkpad', { resalePrice: 2500 })).statusCode).toBe(200);
    expect(
      (await edit('macbook', { name: 'MacBook Air M1 Zeta', resalePrice: 10 })).statusCode,
    ).toBe(200);
    expect(await found('q=think&sort=price_desc')).toEqual(idsFor('thinkpad', 'zenbook', 'carbon'));
    expect(await found('q=think&sort=price_asc')).toEqual(idsFor('carbon', 'zenbook', 'thinkpad'));
    expect(await found('q=zeta&sort=price_asc')).toEqual(idsFor('macbook'));
    expect(await found('q=zeta%20air&sort=price_desc')).toEqual(idsFor('macbook'));
    expect(await found('q=nowhere&sort=price_desc')).toEqual([]);
  });

  it('never shows a sold or deleted listing, nor one of a deleted seller', async () => {
    await sellProduct(t.app, idOf('thinkpad'));
    const deleted = await call(t.app, 'DELETE', `/api/delete/product/${ids.macbook}`, {
      actor: seller,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await found('')).toEqual(idsFor('zenbook', 'xps', 'carbon'));
    const gone = await call(t.app, 'DELETE', `/api/user/delete/${verifiedSeller.uid}`, {
      actor: admin,
    });
    expect(gone.statusCode).toBe(200);
    expect(await found('')).toEqual(idsFor('zenbook'));
    expect(await found('q=thinkpad')).toEqual(idsFor('zenbook'));
  });

  it(`estimates the count past ${COUNTED_UP_TO} matches, rounded, and says it is an estimate`, async () => {
    // 1,200 more copies of the ThinkPad T14, as many listings would be.
    await t.db.execute(sql`
      insert into products (seller_id, name, image, resale_price_cents, original_price_cents,
                            location, phone, year_of_purchase, condition, category_id,
                            description, photos, model, cpu, ram_gb, storage_gb)
      select seller_id, name, image, resale_price_cents, original_price_cents, location, phone,
             year_of_purchase, condition, category_id, description, photos, model, cpu, ram_gb,
             storage_gb
      from products, generate_series(1, 1200)
      where id = ${idOf('thinkpad')}`);
    await t.db.execute(sql`analyze products`);
    expect(await summaryOf('')).toMatchObject({ count: '1200', approximate: 'true' });
    const words = await summaryOf('q=thinkpad&sort=price_asc');
    expect(words.approximate).toBe('true');
    expect(Number(words.count)).toBeGreaterThanOrEqual(COUNTED_UP_TO);
    expect(Number(words.count) % 10).toBe(0);
    // A typo is counted the same way, by its corrected words.
    expect(await summaryOf('q=thinkpd')).toMatchObject({
      correctedQuery: 'thinkpad',
      count: words.count,
      approximate: 'true',
    });
    // Under the cap, exact again.
    expect(await summaryOf('q=macbook')).toMatchObject({ count: '1', approximate: undefined });
  });

  it('marks a seller verified later in their listings', async () => {
    expect(await found('verified=true')).toEqual(idsFor('xps', 'carbon'));
    await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, { actor: admin });
    expect(await found('verified=true')).toHaveLength(5);
  });
});
