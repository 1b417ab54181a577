import { eq, inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { products } from '../../src/db/schema.ts';
import { registerSeo } from '../../src/seo/routes.ts';
import { SITEMAP_SIZES } from '../../src/seo/sitemap.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { useWebDist } from '../helpers/web-dist.ts';

/**
 * What search engines see (DESIGN §18): /robots.txt, the sitemap index and its files, and each
 * listing page's JSON-LD. The XML is read back by PostgreSQL's XML parser, which refuses a
 * document that is not well formed and decodes its entities.
 */
const PUBLIC_URL = 'https://reloop.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
const webDist = useWebDist();

let t: TestApp;
let seller: Actor;
const start = async (env: Record<string, string> = { PUBLIC_URL }) => {
  t = await createTestApp({ webDistDir: webDist.dir, env });
  seller = await createActor(t.app, 'seller');
};
afterEach(() => t.close());

/** Each <loc> of a sitemap (`urlset`) or sitemap index (`sitemapindex`), as its text. */
async function locsOf(xml: string, root: 'urlset' | 'sitemapindex'): Promise<string[]> {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  const result = await t.db.execute<{ loc: string }>(sql`
    select loc from xmltable(
      xmlnamespaces(${sql.raw(`'${SITEMAP_NS}'`)} as s),
      ${sql.raw(`'/s:${root}/s:${entry}'`)}
      passing xmlparse(document ${xml}::text) columns loc text path 's:loc')`);
  return result.rows.map((row) => row.loc);
}

describe('GET /robots.txt', () => {
  it('lets crawlers into the public pages and the photos, not the API or accounts', async () => {
    await start();
    const response = await t.app.inject({ url: '/robots.txt', headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'User-agent: *',
      'Allow: /',
      'Allow: /api/images/',
      'Disallow: /api/',
    ]);
    for (const path of ['/dashboard', '/login', '/register', '/reset-password', '/search']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /product/');
    expect(lines).not.toContain('Disallow: /category/');
    expect(lines.at(-2)).toBe(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.body).not.toContain('evil.example');
  });

  it('names the sitemap where Reloop listens without PUBLIC_URL, never taking the Host', async () => {
    await start({ PORT: '4321' });
    const response = await t.app.inject({ url: '/robots.txt', headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('\nSitemap: http://localhost:4321/sitemap.xml\n');
    expect(response.body).not.toContain('evil.example');
  });
});

describe('the sitemap', () => {
  let small: FastifyInstance;
  let forSale: string[];
  let sold: string;
  let deleted: string;
  const SMALL_URL = 'https://reloop.example/shop?a=1&b=2';

  beforeEach(async () => {
    await start();
    const created: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      created.push(await createProductAs(t.app, seller, { name: `Laptop ${index}` }));
    }
    [sold = '', deleted = ''] = created;
    await t.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold));
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted));
    forSale = created.slice(2).sort();
    // Files of three listings read two at a time, and an origin with characters XML escapes.
    small = Fastify();
    await registerSeo(small, {
      db: t.db,
      categories: t.app.categories,
      siteUrl: () => SMALL_URL,
      sizes: { perFile: 3, batch: 2 },
    });
  });
  afterEach(() => small.close());

  it('holds 50,000 listings a file, the most the protocol allows, read 5,000 at a time', () => {
    expect(SITEMAP_SIZES).toEqual({ perFile: 50_000, batch: 5_000 });
  });

  it('pages the listings for sale by id into files, sold and deleted ones left out', async () => {
    const index = await small.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('https://reloop.example/shop?a=1&amp;b=2/sitemaps/pages.xml');
    const files = await locsOf(index.body, 'sitemapindex');
    // Seven listings for sale in files of three: from the 1st, the 4th and the 7th id on.
    expect(files).toEqual([
      `${SMALL_URL}/sitemaps/pages.xml`,
      ...[forSale[0], forSale[3], forSale[6]].map(
        (id) => `${SMALL_URL}/sitemaps/listings-${id}.xml`,
      ),
    ]);
    const named: string[][] = [];
    for (const file of files.slice(1)) {
      const response = await small.inject({ url: file.slice(SMALL_URL.length) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      named.push(await locsOf(response.body, 'urlset'));
    }
    expect(named.map((urls) => urls.length)).toEqual([3, 3, 1]);
    expect(named.flat()).toEqual(forSale.map((id) => `${SMALL_URL}/product/${id}`));
    expect(named.flat().join()).not.toContain(sold);
    expect(named.flat().join()).not.toContain(deleted);
  });

  it("keeps a file's listings when others come and go before it", async () => {
    const path = `/sitemaps/listings-${forSale[3]}.xml`;
    const before = await locsOf((await small.inject({ url: path })).body, 'urlset');
    await t.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(inArray(products.id, forSale.slice(0, 2)));
    expect(await locsOf((await small.inject({ url: path })).body, 'urlset')).toEqual(before);
  });

  it('lists the home page, the blog and every category in a file of their own', async () => {
    const response = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(response.statusCode).toBe(200);
    const categories = JSON.parse(await t.app.categories.json()) as { _id: string }[];
    expect(categories.length).toBeGreaterThan(0);
    expect(await locsOf(response.body, 'urlset')).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/blog`,
      ...categories.map((category) => `${PUBLIC_URL}/category/${category._id}`),
    ]);
  });

  it("gets a document's security headers and names PUBLIC_URL alone, whatever the Host", async () => {
    const response = await t.app.inject({ url: '/sitemap.xml', headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const files = await locsOf(response.body, 'sitemapindex');
    expect(files[0]).toBe(`${PUBLIC_URL}/sitemaps/pages.xml`);
    expect(files).toHaveLength(2);
    // HEAD, as some crawlers ask first: the same answer without its body.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/sitemaps/listings-${forSale[0]}.xml`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('answers an unknown or malformed file with a JSON 404, never the web app', async () => {
    for (const url of [
      '/sitemaps/listings-nope.xml',
      '/sitemaps/other.xml',
      `/sitemaps/listings-${forSale[0]}.txt`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
    }
  });
});

describe('the sitemap without PUBLIC_URL', () => {
  it('names where Reloop listens, as emails do, never the Host', async () => {
    await start({ PORT: '4321' });
    const productId = await createProductAs(t.app, seller);
    const index = await t.app.inject({ url: '/sitemap.xml', headers: FORGED });
    expect(index.statusCode).toBe(200);
    const files = await locsOf(index.body, 'sitemapindex');
    expect(files).toContain('http://localhost:4321/sitemaps/pages.xml');
    const listingsFile = files.find((file) => file.includes('/sitemaps/listings-')) ?? '';
    const listings = await t.app.inject({
      url: new URL(listingsFile).pathname,
      headers: FORGED,
    });
    expect(await locsOf(listings.body, 'urlset')).toEqual([
      `http://localhost:4321/product/${productId}`,
    ]);
    expect(index.body + listings.body).not.toContain('evil.example');
  });
});

describe("a listing page's JSON-LD", () => {
  const HOSTILE_NAME = '</script><script>alert(1)</script>';
  const HOSTILE_DESCRIPTION = 'Line\u2028separator\u2029paragraph <!-- <script> & "quotes" \\';

  /**
   * The page's one JSON-LD script, read as an HTML parser reads a script: its text runs to the
   * first `</script`. Text without `<` cannot end early nor open a comment inside it.
   */
  function jsonLdOf(html: string): unknown {
    const scripts = html.split('<script type="application/ld+json">');
    expect(scripts).toHaveLength(2);
    const text = (scripts[1] ?? '').split('</script')[0] ?? '';
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    return JSON.parse(text);
  }

  it('describes the listing as a Product with its Offer, the seller by name only', async () => {
    await start();
    const id = await createProductAs(t.app, seller, {
      name: HOSTILE_NAME,
      description: HOSTILE_DESCRIPTION,
      resalePrice: 549.5,
      condition: 'fair',
      batteryHealth: 70,
      imgUrl: undefined,
      photos: ['/api/images/cover.jpg', 'https://images.example/lid.jpg'],
    });
    const response = await t.app.inject({ url: `/product/${id}`, headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/<script/g)).toHaveLength(1);
    const url = `${PUBLIC_URL}/product/${id}`;
    expect(jsonLdOf(response.body)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: HOSTILE_NAME,
      description: HOSTILE_DESCRIPTION,
      image: [`${PUBLIC_URL}/api/images/cover.jpg`, 'https://images.example/lid.jpg'],
      url,
      model: 'ThinkPad T14 Gen 2',
      offers: {
        '@type': 'Offer',
        price: '549.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url,
        seller: { '@type': 'Person', name: 'A seller' },
      },
    });
    expect(response.body).not.toContain(seller.email);
    expect(response.body).not.toContain('5125550123');
  });

  it('says a sold listing is sold out, and leaves out what needs PUBLIC_URL without it', async () => {
    await start({});
    const id = await createProductAs(t.app, seller, { model: undefined });
    await t.db.update(products).set({ status: 'sold' }).where(eq(products.id, id));
    const response = await t.app.inject({ url: `/product/${id}`, headers: FORGED });
    const product = jsonLdOf(response.body) as Record<string, unknown>;
    expect(product).not.toHaveProperty('url');
    expect(product).not.toHaveProperty('image');
    expect(product).not.toHaveProperty('model');
    expect(product.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    expect(product.offers).not.toHaveProperty('url');
    expect(response.body).not.toContain('evil.example');
  });
});
