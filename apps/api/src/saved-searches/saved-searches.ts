import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  MAX_SAVED_SEARCHES,
  messages,
  type Pagination,
  type SavedSearch,
  type savedSearchBodySchema,
  type SearchTerms,
} from '@reloop/shared';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject } from '../db/json.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { savedSearches } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { lockUserRow, type UserRow } from '../identity/accounts.ts';
import { keysetStatements, readPage, type JsonRow, type Page } from '../pagination.ts';
import { toCents } from '../products/products.ts';
import { prefixQuery } from '../products/search.ts';

/**
 * Saved searches (DESIGN §17): a user keeps up to MAX_SAVED_SEARCHES searches, each the terms of
 * `GET /api/search` under a name. Each is stored twice over: its terms as text, which the web
 * app opens again as a search; and as the columns that matching a new listing filters on
 * (matching.ts), with the words as search's own tsquery and that tsquery's longest lexeme.
 */
type SavedSearchBody = z.output<typeof savedSearchBodySchema>;

/** The terms that are set, as text, the way the search's URL carries them. */
function termsText(terms: SearchTerms): Record<string, string> {
  return Object.fromEntries(
    Object.entries(terms).flatMap(([term, value]) =>
      value === undefined || value === '' ? [] : [[term, String(value)]],
    ),
  );
}

/**
 * The longest lexeme of a tsquery (`'think':* & 'i7':*` → think), the first in byte order of
 * those as long, read from its text form: each lexeme is quoted there, and search's words are
 * letters and digits only, never a quote.
 */
const longestLexemeOf = (tsquery: SQL): SQL =>
  sql`(select found[1] from regexp_matches(${tsquery}::text, ${"'([^']*)'"}, 'g') found
    order by length(found[1]) desc, found[1] collate "C" limit 1)`;

/** The columns matching reads, from the terms as `GET /api/search` takes them. */
function matchedColumns(terms: SearchTerms) {
  const words = prefixQuery(terms.q ?? '');
  const wordsQuery = words === undefined ? null : sql`to_tsquery('simple', ${words})`;
  return {
    wordsQuery,
    anchorWord: wordsQuery === null ? null : longestLexemeOf(wordsQuery),
    categoryId: terms.categoryId ?? null,
    sellerId: terms.sellerId ?? null,
    minPriceCents: terms.minPrice === undefined ? null : toCents(terms.minPrice),
    maxPriceCents: terms.maxPrice === undefined ? null : toCents(terms.maxPrice),
    minRamGb: terms.minRamGb ?? null,
    minStorageGb: terms.minStorageGb ?? null,
    condition: terms.condition ?? null,
    verifiedOnly: terms.verified === 'true',
    location: terms.location || null,
    minRating: terms.minRating ?? null,
  };
}

/** A saved search as its owner reads it (the SavedSearch schema), written by PostgreSQL. */
const savedSearchJson = jsonObject<SavedSearch>('saved_search', {
  _id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  createdAt: isoTime(savedSearches.createdAt),
});

/** `POST /api/saved-searches`: 409 once the user has MAX_SAVED_SEARCHES. */
export async function saveSearch(
  db: Database,
  user: UserRow,
  body: SavedSearchBody,
): Promise<SavedSearch> {
  const { name, ...terms } = body;
  return db.transaction(async (tx) => {
    // Two saves at once cannot both be the one past the limit.
    await lockUserRow(tx, user.id);
    const [kept] = await tx
      .select({ count: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id));
    if ((kept?.count ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new HttpError(409, messages.savedSearchesFull);
    }
    const [saved] = await tx
      .insert(savedSearches)
      .values({ userId: user.id, name, query: termsText(terms), ...matchedColumns(terms) })
      .returning();
    if (!saved) throw new Error('insert returned no row');
    return {
      _id: saved.id,
      name: saved.name,
      query: saved.query,
      createdAt: saved.createdAt.toISOString(),
    };
  });
}

const savedSearchLists = preparedPerDatabase((db) =>
  keysetStatements('saved_searches_user_listing', savedSearches, savedSearches, (position, limit) =>
    db
      .select({ id: savedSearches.id, json: savedSearchJson.text })
      .from(savedSearches)
      .crossJoinLateral(savedSearchJson.lateral)
      .where(and(eq(savedSearches.userId, sql.placeholder('userId')), position))
      .orderBy(sql`${savedSearches.createdAt} desc, ${savedSearches.id} desc`)
      .limit(limit),
  ),
);

/** `GET /api/saved-searches`: the user's saved searches, newest first. */
export const listSavedSearches = (
  db: Database,
  user: UserRow,
  page: Pagination,
): Promise<Page<JsonRow<SavedSearch>>> => readPage(savedSearchLists(db), { userId: user.id }, page);

/** `DELETE /api/saved-searches/:id`: only its owner's; anyone else's is not found. */
export async function deleteSavedSearch(db: Database, user: UserRow, id: string): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new HttpError(404, messages.savedSearchNotFound);
}
