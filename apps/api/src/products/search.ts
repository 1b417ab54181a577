import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SearchQuery, SearchSort } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { products, searchPriceBounds, users } from '../db/schema.ts';
import { afterCursorRow, readRows, type Page } from '../pagination.ts';
import { userAverageRating } from '../reviews/fields.ts';
import { containing } from '../db/like.ts';
import { forSale, listings, publicListingJson, toCents, type PublicListing } from './products.ts';

/**
 * Search (DESIGN §11): words, filters and a sort over the listings for sale. Each sort reads
 * its own index in order (products_for_sale_newest_idx, products_for_sale_price_idx) and pages
 * by keyset like every list; words go through the GIN index on the generated search_document.
 * Not prepared: which filters are set changes the best plan, so each search is planned with
 * its own values. A search that finds nothing because a word starts no listed word is tried
 * again with the listed word most like it (DESIGN §17), and the first page says how many match.
 */

/** A page of a search, and what the results page says above it. */
export interface SearchResults extends Page<PublicListing> {
  /** The words searched instead of the query's, when some of them started no known word. */
  correctedWords?: string[];
  /** How many listings match; on the first page only. */
  count?: ResultCount;
}

export interface ResultCount {
  listings: number;
  /**
   * `listings` is PostgreSQL's estimate, rounded: it expects ESTIMATE_TAKEN_FROM or more, or more
   * than COUNTED_UP_TO were found.
   */
  approximate: boolean;
}

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
 * Words shorter than this are not corrected: a word of one or two letters has too few trigrams
 * to be like any other, and looking them up reads a large part of the trigram index.
 */
const MIN_CORRECTED_LENGTH = 3;

/**
 * The known word most like `word` by trigram similarity, at least pg_trgm's threshold (0.3, the
 * `%` operator, which the GIN index on lexeme answers), or NULL. Only letters and digits: a
 * lexeme like "usb-c" or "a@b.com" would not be a word of a search.
 */
const closestKnownWord = (word: string): SQL =>
  word.length < MIN_CORRECTED_LENGTH
    ? sql`null`
    : sql`(select ${searchPriceBounds.lexeme} from ${searchPriceBounds}
        where ${searchPriceBounds.lexeme} % ${word} and ${searchPriceBounds.lexeme} !~ '[[:punct:]]'
        order by similarity(${searchPriceBounds.lexeme}, ${word}) desc, ${searchPriceBounds.lexeme}
        limit 1)`;

/**
 * The words with each one that starts no known word replaced by the known word most like it
 * ("thinkpd" → "thinkpad"), in one statement; undefined when every word is known already (the
 * words exist, only not together) or one has no word like it.
 */
async function correctedWords(db: Database, words: string[]): Promise<string[] | undefined> {
  const lookups = words.map(
    (word) =>
      sql`case when exists (select from ${knownWordsStartingWith(word)}) then ${word}::text
        else ${closestKnownWord(word)} end`,
  );
  const { rows } = await db.execute<{ words: (string | null)[] }>(
    sql`select array[${sql.join(lookups, sql`, `)}] as words`,
  );
  const found = rows[0]?.words ?? [];
  const isWord = (word: string | null): word is string => word !== null;
  return found.every(isWord) && found.some((word, i) => word !== words[i]) ? found : undefined;
}

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

/** What a listing must be to match: for sale, with every word, within every filter. */
function matching(query: SearchQuery, words: string[]): SQL | undefined {
  const tsquery = prefixQueryOf(words);
  return and(
    forSale,
    tsquery === undefined
      ? undefined
      : sql`${products.searchDocument} @@ to_tsquery('simple', ${tsquery})`,
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

/**
 * The conditions of a search's page: the matches, and conditions that select nothing away but
 * let each sort stop early (see their comments).
 */
const pageConditions = (query: SearchQuery, words: string[]): SQL | undefined =>
  and(
    matching(query, words),
    ...(query.sort === 'newest' ? knownWords(words) : priceRangeOfWords(words)),
  );

/** A page of the listings matching `words` and the query's filters, in the query's sort. */
function searchPage(
  db: Database,
  query: SearchQuery,
  words: string[],
): Promise<Page<PublicListing>> {
  const sort = sorts[query.sort];
  const where = pageConditions(query, words);
  return readRows(
    ({ limit, cursor }) =>
      listings(db, publicListingJson)
        .where(cursor ? and(where, sort.after(cursor)) : where)
        .orderBy(...sort.orderBy)
        .limit(limit),
    query,
  );
}

export async function searchProducts(db: Database, query: SearchQuery): Promise<SearchResults> {
  const words = searchWords(query.q ?? '');
  const found = await searchPage(db, query, words);
  // Only a search that found nothing is corrected: one that matches keeps its results.
  const corrected =
    found.rows.length === 0 && words.length > 0
      ? await correctedSearch(db, query, words)
      : undefined;
  const [searched, page] = corrected ? [corrected.words, corrected.page] : [words, found];
  return {
    ...page,
    ...(corrected && { correctedWords: corrected.words }),
    ...(query.cursor === undefined && { count: await countMatches(db, query, searched, page) }),
  };
}

/** The search with its unknown words corrected, when that finds something. */
async function correctedSearch(
  db: Database,
  query: SearchQuery,
  words: string[],
): Promise<{ words: string[]; page: Page<PublicListing> } | undefined> {
  const corrected = await correctedWords(db, words);
  if (!corrected) return undefined;
  // A known word may have left with every listing that had it: no results, no correction.
  const page = await searchPage(db, query, corrected);
  return page.rows.length > 0 ? { words: corrected, page } : undefined;
}

/** Listings past this many are not counted: their number is PostgreSQL's estimate. */
export const COUNTED_UP_TO = 100;
/**
 * An estimate this high is given without counting: the planner would have to be ten times too
 * high for fewer than COUNTED_UP_TO to match.
 */
const ESTIMATE_TAKEN_FROM = 10 * COUNTED_UP_TO;

/**
 * How many listings match, for little more than a plan: a first page without a next one has
 * them all. Else the planner's estimate of the matches (EXPLAIN, nothing run), without the
 * sort's conditions, which it cannot estimate, is given when it is ESTIMATE_TAKEN_FROM or more,
 * rounded to two significant figures, since that is all it is good for. Below that they are
 * counted up to COUNTED_UP_TO + 1, read as the page is, in its sort's index order, which costs
 * about what reading four more pages does: counted without an order, PostgreSQL reads the table
 * from its start and stops at the last match it needs, expecting matches to be spread evenly,
 * which they are not (747,328 rows read for 1,001 ThinkPads at 1,000,000 listings, 1.1 s).
 */
async function countMatches(
  db: Database,
  query: SearchQuery,
  words: string[],
  page: Page<unknown>,
): Promise<ResultCount> {
  if (page.nextCursor === undefined) return { listings: page.rows.length, approximate: false };
  // A left join, which PostgreSQL leaves out unless a filter reads the seller's row (minRating).
  const listingsWhere = (where: SQL | undefined) =>
    db
      .select({ id: products.id })
      .from(products)
      .leftJoin(users, eq(users.id, products.sellerId))
      .where(where);
  const estimate = await plannedRows(db, listingsWhere(matching(query, words)));
  const approximately = (atLeast: number) => ({
    listings: twoSignificantFigures(Math.max(estimate, atLeast)),
    approximate: true,
  });
  if (estimate >= ESTIMATE_TAKEN_FROM) return approximately(estimate);
  const firstMatches = listingsWhere(pageConditions(query, words))
    .orderBy(...sorts[query.sort].orderBy)
    .limit(COUNTED_UP_TO + 1);
  const [counted] = await db.select({ listings: count() }).from(firstMatches.as('matches'));
  const listings = counted?.listings ?? 0;
  return listings <= COUNTED_UP_TO ? { listings, approximate: false } : approximately(listings);
}

/** The rows PostgreSQL expects `query` to return, from its plan; nothing is run. */
async function plannedRows(db: Database, query: SQLWrapper): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) ${query}`,
  );
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/** 1,234 → 1,200; 92,345 → 92,000. */
function twoSignificantFigures(value: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}
