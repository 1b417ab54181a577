import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedSqlStatement } from '../db/prepared.ts';
import { products, savedSearchMatches, savedSearches, users } from '../db/schema.ts';
import { notify } from '../bookings/notifications.ts';
import { forSale } from '../products/products.ts';
import { userAverageRating } from '../reviews/fields.ts';
import { queueDigest, type Digests } from './digest.ts';

/**
 * Which saved searches a listing matches (DESIGN §17), by the rules `GET /api/search` finds
 * listings by (search.ts, `matching`), read the other way round: one listing against every saved
 * search, in one statement, off the request path (the `listing` job).
 *
 * Words: a search's word matches a listing as a prefix of one of its words (`think:*`). So the
 * listing's words are cut into every prefix they have ("thinkpad" → t, th, …, thinkpad), and the
 * searches whose longest word is one of them are looked up in the btree index on anchor_word, a
 * probe per prefix: a search can match only if all its words are prefixes of the listing's, its
 * longest among them, and the longest word is the one least likely to be in many listings. The
 * search's own tsquery then checks each candidate with search's exact semantics
 * (`search_document @@ words_query`). A search without words has none to look up: those are read
 * through the same index (anchor_word null) and checked by their filters alone. (A GIN index on
 * all the words, `words <@ prefixes`, reads every search that shares any word with the listing:
 * at 100,000 searches twice the candidates, found in 2–3 ms against 0.6–0.9 ms, and 444 ms where
 * searches share a few hundred common words; decision 023.)
 *
 * Filters are properties of the one listing and its seller, each a comparison per candidate. The
 * seller's rating is the one when the listing is listed or repriced, as a search at that moment
 * would see it. What matching does not do that the search page does: correct a word that starts
 * no listed word (a saved typo matches nothing rather than whatever is most like it), and sort,
 * which does not change what matches.
 *
 * Each match is recorded once (saved_search_matches' key), so a listing repriced again, or a job
 * that runs twice, tells nobody twice. The seller's own searches and deleted users' are skipped.
 */

/** Every prefix of every word of a listing's search document: what a search's words may be. */
export const prefixesOf = (document: unknown) =>
  sql`array(select distinct left(word, n) from unnest(tsvector_to_array(${document})) word, generate_series(1, length(word)) n)`;

const search = savedSearches;

/** Each of a saved search's filters that is set must hold for `listing`, as search.ts filters. */
const filtersHold = sql`(${search.categoryId} is null or ${search.categoryId} = listing.category_id)
    and (${search.sellerId} is null or ${search.sellerId} = listing.seller_id)
    and (${search.minPriceCents} is null or listing.price_cents >= ${search.minPriceCents})
    and (${search.maxPriceCents} is null or listing.price_cents <= ${search.maxPriceCents})
    and (${search.minRamGb} is null or listing.ram_gb >= ${search.minRamGb})
    and (${search.minStorageGb} is null or listing.storage_gb >= ${search.minStorageGb})
    and (${search.condition} is null or ${search.condition} = listing.condition)
    and (not ${search.verifiedOnly} or listing.seller_verified)
    and (${search.location} is null or strpos(lower(listing.location), lower(${search.location})) > 0)
    and (${search.minRating} is null or listing.seller_rating >= ${search.minRating})`;

/**
 * The statement: the listing (if it is for sale) with its prefixes, computed once (a CTE the
 * planner may not fold in, or it recomputes them for every candidate), the searches it matches,
 * and their matches recorded, returning the new ones. The location filter is search's
 * `ILIKE '%text%'` said as what it is, a case-insensitive substring (ILIKE lowers both sides as
 * lower() does), so no pattern has to be escaped.
 */
const matchListing = preparedSqlStatement<{ savedSearchId: string; userId: string }>(
  'saved_search_matches_of_listing',
  sql`with listing as materialized (
    select ${products.id} as id, ${products.sellerId} as seller_id,
      ${products.categoryId} as category_id, ${products.resalePriceCents} as price_cents,
      ${products.ramGb} as ram_gb, ${products.storageGb} as storage_gb,
      ${products.condition} as condition, ${products.sellerVerified} as seller_verified,
      ${products.location} as location, ${products.searchDocument} as search_document,
      ${userAverageRating} as seller_rating, ${prefixesOf(products.searchDocument)} as prefixes
    from ${products} join ${users} on ${users.id} = ${products.sellerId}
    where ${products.id} = ${sql.placeholder('productId')} and ${forSale}
  ), matched as (
    insert into ${savedSearchMatches} (saved_search_id, product_id, user_id)
    select ${search.id}, listing.id, ${search.userId}
    from listing join ${search}
      on ${search.anchorWord} = any(listing.prefixes) or ${search.anchorWord} is null
    where (${search.wordsQuery} is null or listing.search_document @@ ${search.wordsQuery})
      and ${filtersHold}
      and ${search.userId} <> listing.seller_id
      and exists (select from ${users} owner where owner.id = ${search.userId} and owner.deleted_at is null)
    on conflict do nothing
    returning saved_search_id, user_id
  )
  select saved_search_id as "savedSearchId", user_id as "userId" from matched`,
);

/** Records the saved searches `productId` matches that it had not matched before; returns them. */
export const recordMatches = (tx: Database, productId: string) => matchListing(tx, { productId });

/**
 * Tells the owner of each saved search that `productId` matches for the first time, in `tx`: a
 * notice in the bell at once, and the match in their next digest email.
 */
export async function tellSavedSearches(
  tx: Database,
  digests: Digests,
  productId: string,
): Promise<void> {
  const matches = await recordMatches(tx, productId);
  for (const { savedSearchId, userId } of matches) {
    await notify(tx, digests.jobs, { userId }, { productId, savedSearchId }, 'search_match');
  }
  for (const userId of new Set(matches.map((match) => match.userId))) {
    await queueDigest(tx, digests, userId);
  }
}
