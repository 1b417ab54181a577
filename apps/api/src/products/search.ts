import { and, asc, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { SearchQuery, SearchSort } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { products, searchPriceBounds } from '../db/schema.ts';
import { afterCursorRow, readRows, type Page } from '../pagination.ts';
import { userAverageRating } from '../reviews/fields.ts';
import { forSale, listings, publicListingJson, toCents, type PublicListing } from './products.ts';

/**
 * Search (DESIGN §11): words, filters and a sort over the listings for sale. Each sort reads
 * its own index in order (products_for_sale_newest_idx, products_for_sale_price_idx) and pages
 * by keyset like every list; words go through the GIN index on the generated search_document.
 * Not prepared: which filters are set changes the best plan, so each search is planned with
 * its own values.
 */

/** Each sort's ORDER BY, and the rows after a cursor row in that order. */
const sorts: Record<SearchSort, { orderBy: SQL[]; after: (cursor: string) => SQL }> = {
  newest: {
    orderBy: [desc(products.createdAt), desc(products.id)],
    after: (cursor) => afterCursorRow(products, [products.createdAt, products.id], 'desc', cursor),
  },
  price_asc: {
    orderBy: [asc(products.resalePriceCents), asc(products.id)],
    after: (cursor) =>
      afterCursorRow(products, [products.resalePriceCents, products.id], 'asc', cursor),
  },
  price_desc: {
    orderBy: [desc(products.resalePriceCents), desc(products.id)],
    after: (cursor) =>
      afterCursorRow(products, [products.resalePriceCents, products.id], 'desc', cursor),
  },
};

const MAX_WORDS = 8;

/**
 * The words of a search as a tsquery in which every word must match as a prefix ("think i7"
 * → `think:* & i7:*`). Only letters and digits reach the query, so nothing a user types can
 * be tsquery syntax; text without any word searches nothing by words.
 */
export const prefixQuery = (text: string): string | undefined => prefixQueryOf(searchWords(text));

const prefixQueryOf = (words: string[]): string | undefined =>
  words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;

const searchWords = (text: string): string[] =>
  text
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS) ?? [];

/**
 * The known words `word` is a prefix of: search_price_bounds (schema.ts) keeps each word ever
 * listed, with its price bounds. Words are letters and digits only, so they are plain LIKE
 * prefixes; the "C" collation makes each an index range.
 */
const knownWordsStartingWith = (word: string): SQL =>
  sql`${searchPriceBounds} where ${searchPriceBounds.lexeme} like ${`${word}%`}`;

/**
 * The price range every listing matching all the words lies in: for each word, the bounds of
 * the known words it is a prefix of, narrowed word by word. A sort by price then reads its
 * index from where matches can be; a word no listing has gives no bounds, so nothing is read.
 */
function priceRangeOfWords(words: string[]): SQL[] {
  return words.map((word) => {
    const bound = (aggregate: SQL) =>
      sql`(select ${aggregate} from ${knownWordsStartingWith(word)})`;
    return sql`${products.resalePriceCents} between ${bound(sql`min(${searchPriceBounds.minPriceCents})`)} and ${bound(sql`max(${searchPriceBounds.maxPriceCents})`)}`;
  });
}

/**
 * For the newest-first sort, which has no price bounds to stop it: every word must be a prefix
 * of a known word. Uncorrelated, each EXISTS is a one-time filter, so a word no listing has (a
 * typo, a made-up name) ends the search before any listing is read, where the sort would
 * otherwise walk every listing for sale looking for a match (4.2 s at 1,000,000 listings).
 */
function knownWords(words: string[]): SQL[] {
  return words.map((word) => sql`exists (select from ${knownWordsStartingWith(word)})`);
}

/** `%`, `_` and `\` stand for themselves in the location filter. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filters(query: SearchQuery): SQL | undefined {
  const words = searchWords(query.q ?? '');
  const tsquery = prefixQueryOf(words);
  return and(
    forSale,
    tsquery === undefined
      ? undefined
      : sql`${products.searchDocument} @@ to_tsquery('simple', ${tsquery})`,
    ...(query.sort === 'newest' ? knownWords(words) : priceRangeOfWords(words)),
    query.categoryId !== undefined ? eq(products.categoryId, query.categoryId) : undefined,
    query.sellerId !== undefined ? eq(products.sellerId, query.sellerId) : undefined,
    query.minPrice !== undefined
      ? gte(products.resalePriceCents, toCents(query.minPrice))
      : undefined,
    query.maxPrice !== undefined
      ? lte(products.resalePriceCents, toCents(query.maxPrice))
      : undefined,
    query.minRamGb !== undefined ? gte(products.ramGb, query.minRamGb) : undefined,
    query.minStorageGb !== undefined ? gte(products.storageGb, query.minStorageGb) : undefined,
    query.condition !== undefined ? eq(products.condition, query.condition) : undefined,
    query.verified ? eq(products.sellerVerified, true) : undefined,
    query.location ? ilike(products.location, containing(query.location)) : undefined,
    // The average as cards show it, so "4 stars and up" keeps a seller shown with ★ 4.0.
    query.minRating !== undefined ? gte(userAverageRating, query.minRating) : undefined,
  );
}

export function searchProducts(db: Database, query: SearchQuery): Promise<Page<PublicListing>> {
  const sort = sorts[query.sort];
  const where = filters(query);
  return readRows(
    ({ limit, cursor }) =>
      listings(db, publicListingJson)
        .where(cursor ? and(where, sort.after(cursor)) : where)
        .orderBy(...sort.orderBy)
        .limit(limit),
    query,
  );
}
