import { Readable } from 'node:stream';
import { and, asc, gt, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { products } from '../db/schema.ts';
import { forSale } from '../products/products.ts';

/** How many listings a file names, and how many ids its stream reads at a time. */
export interface SitemapSizes {
  perFile: number;
  batch: number;
}

/**
 * The sitemaps.org protocol's most URLs in one file; a file's stream holds one batch of them in
 * memory at a time, whatever the file's length.
 */
export const SITEMAP_SIZES: SitemapSizes = { perFile: 50_000, batch: 5_000 };

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => xmlEntities[char] ?? char);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const locs = (tag: 'url' | 'sitemap', urls: string[]) =>
  urls.map((url) => `<${tag}><loc>${escapeXml(url)}</loc></${tag}>\n`).join('');

/**
 * Listings for sale in id order, read from their partial index (products_for_sale_id_idx)
 * alone: from an id on (a file's first batch) or strictly after one (the next batches).
 */
const listingIds = preparedPerDatabase((db) => {
  const ids = (name: string, from: typeof gte | typeof gt) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(forSale, from(products.id, sql.placeholder('from'))))
      .orderBy(asc(products.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  return { from: ids('sitemap_listings_from', gte), after: ids('sitemap_listings_after', gt) };
});

/**
 * The first id of each file: every `perFile`-th listing for sale in id order. One statement
 * walks the index from one file's first id to the next's, skipping `perFile` entries with
 * OFFSET (which counts index entries and builds nothing) rather than numbering every listing
 * with a window function (docs/scaling.md has both plans).
 */
export const fileFirstsQuery = (perFile: number) => sql`
  with recursive firsts(id) as (
    (select id from ${products} where ${forSale} order by id limit 1)
    union all
    select (
      select id from ${products} where ${forSale} and ${products.id} > firsts.id
      order by id offset ${sql.raw(String(perFile - 1))} limit 1
    )
    from firsts where firsts.id is not null
  )
  select id from firsts where id is not null`;

async function listingFileFirsts(db: Database, perFile: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(fileFirstsQuery(perFile));
  return result.rows.map((row) => row.id);
}

/** The sitemap index: the static pages' file, then one file per `perFile` listings for sale. */
export async function sitemapIndex(
  db: Database,
  publicUrl: string,
  perFile: number,
): Promise<string> {
  const firsts = await listingFileFirsts(db, perFile);
  const files = [
    `${publicUrl}/sitemaps/pages.xml`,
    ...firsts.map((id) => `${publicUrl}/sitemaps/listings-${id}.xml`),
  ];
  return `${XML_DECLARATION}<sitemapindex ${NAMESPACE}>\n${locs('sitemap', files)}</sitemapindex>\n`;
}

/** The pages anyone may open that are not listings: home, the blog, each category. */
export function pagesSitemap(publicUrl: string, categoryIds: string[]): string {
  const paths = ['/', '/blog', ...categoryIds.map((id) => `/category/${id}`)];
  const urls = paths.map((path) => `${publicUrl}${path}`);
  return `${XML_DECLARATION}<urlset ${NAMESPACE}>\n${locs('url', urls)}</urlset>\n`;
}

/**
 * The file of `perFile` listings for sale from `firstId` on, written as each batch of ids
 * arrives: a file of 50,000 holds at most one batch in memory. The first batch is read before
 * anything is sent, so a database that cannot answer gets the error handler's 5xx, not a cut
 * file. Listings carry no <lastmod>: a product row keeps no time of its last change, and its
 * creation time would claim that an edited listing never changed.
 */
export async function listingsSitemap(
  db: Database,
  publicUrl: string,
  firstId: string,
  { perFile, batch }: SitemapSizes,
): Promise<Readable> {
  const statements = listingIds(db);
  const urls = (rows: { id: string }[]) =>
    locs(
      'url',
      rows.map((row) => `${publicUrl}/product/${row.id}`),
    );
  let limit = Math.min(batch, perFile);
  let rows = await statements.from.execute({ from: firstId, limit });
  async function* write() {
    yield `${XML_DECLARATION}<urlset ${NAMESPACE}>\n${urls(rows)}`;
    let left = perFile - rows.length;
    // A batch shorter than asked for was the last of the listings.
    while (left > 0 && rows.length === limit) {
      const last = rows.at(-1)?.id ?? firstId;
      limit = Math.min(batch, left);
      rows = await statements.after.execute({ from: last, limit });
      left -= rows.length;
      yield urls(rows);
    }
    yield '</urlset>\n';
  }
  return Readable.from(write());
}
