import { and, asc, eq, sql } from 'drizzle-orm';
import { centsText } from '@reloop/shared';
import { notifications, products, savedSearches, savedSearchMatches, users } from '../db/schema.ts';
import { forSale } from '../products/products.ts';
import { noticeDraft, type Draft, type Resolved } from './drafts.ts';

/**
 * The emails of notices about a listing (DESIGN §17): a watched listing's price drop or sale, one
 * email each; and the digest of a user's saved-search matches, at most one a day
 * (saved-searches/digest.ts), in place of an email per match.
 */

/** The person a notice goes to, and whether they want it: only a live, verified address does. */
const recipient = {
  userId: users.id,
  email: users.email,
  reachable: sql<boolean>`${users.deletedAt} is null and ${users.emailVerifiedAt} is not null`,
};

/** A watched listing's price drop or sale, read when it is sent. */
export async function listingNotice(
  context: Resolved,
  notificationId: string,
): Promise<Draft | undefined> {
  const [row] = await context.db
    .select({
      ...recipient,
      wanted: users.notifyWatchlist,
      kind: notifications.kind,
      productId: products.id,
      productName: products.name,
      priceCents: products.resalePriceCents,
      forSale: sql<boolean>`coalesce(${forSale}, false)`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(products, eq(products.id, notifications.productId))
    .where(eq(notifications.id, notificationId));
  if (!row?.reachable || !row.wanted) return undefined;
  const url = `${context.baseUrl}/product/${row.productId}`;
  const product = row.productName;
  switch (row.kind) {
    // A drop is news only while the listing can still be bought.
    case 'price_dropped':
      return row.forSale
        ? noticeDraft(context, row, 'watchlist', {
            subject: `Price drop: ${product}`,
            paragraphs: [
              `${product}, on your watchlist, is now ${centsText(row.priceCents)}.`,
              'It is still for sale: book it before someone else does.',
            ],
            action: 'See the listing',
            url,
          })
        : undefined;
    case 'listing_sold':
      return noticeDraft(context, row, 'watchlist', {
        subject: `Sold: ${product}`,
        paragraphs: [
          `${product}, on your watchlist, was sold to another buyer.`,
          'Save a search for laptops like it, and Reloop tells you when one is listed.',
        ],
        action: 'See the listing',
        url,
      });
    default:
      return undefined;
  }
}

/** The most listings one digest names; the rest are on the saved searches' page. */
const DIGEST_LISTINGS = 20;

/**
 * The digest of the matches a user's digest took at `digestedAt`: each listing still for sale
 * once, with the saved searches it matched.
 */
export async function searchDigest(
  context: Resolved,
  userId: string,
  digestedAt: string,
): Promise<Draft | undefined> {
  const [user] = await context.db
    .select({ ...recipient, wanted: users.notifySavedSearches })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.reachable || !user.wanted) return undefined;
  const listings = await context.db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.resalePriceCents,
      location: products.location,
      searches: sql<string[]>`array_agg(${savedSearches.name} order by ${savedSearches.name})`,
    })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .innerJoin(products, eq(products.id, savedSearchMatches.productId))
    .where(
      and(
        eq(savedSearchMatches.userId, userId),
        eq(savedSearchMatches.digestedAt, sql`${digestedAt}::timestamptz`),
        forSale,
      ),
    )
    .groupBy(products.id)
    .orderBy(asc(sql`min(${savedSearchMatches.createdAt})`), asc(products.id));
  if (listings.length === 0) return undefined;
  const named = listings.slice(0, DIGEST_LISTINGS);
  const more = listings.length - named.length;
  const quoted = (names: string[]) => names.map((name) => `“${name}”`).join(', ');
  return noticeDraft(context, user, 'savedSearches', {
    subject:
      listings.length === 1
        ? `New for your saved search: ${named[0]?.name}`
        : `${listings.length} new listings for your saved searches`,
    paragraphs: [
      ...named.map(
        (listing) =>
          `${listing.name}, ${centsText(listing.priceCents)} in ${listing.location}, for ${quoted(listing.searches)}: ${context.baseUrl}/product/${listing.productId}`,
      ),
      ...(more > 0 ? [`And ${more} more: search again to see them all.`] : []),
    ],
    action: 'Open my saved searches',
    url: `${context.baseUrl}/dashboard/saved-searches`,
  });
}
