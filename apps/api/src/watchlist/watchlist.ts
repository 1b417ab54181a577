import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MAX_WATCHED_LISTINGS, messages, type Pagination } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { products, users, watches } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { lockUserRow, type UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { keysetStatements, readPage, type Page } from '../pagination.ts';
import {
  findExistingProduct,
  listingExists,
  publicListingJson,
  type PublicListing,
} from '../products/products.ts';
import { notify } from '../bookings/notifications.ts';

/**
 * The watchlist (DESIGN §17): listings a signed-in user follows, up to MAX_WATCHED_LISTINGS, to
 * hear when one gets cheaper or is sold. A seller cannot watch their own listing (409): they
 * make its price and its sale themselves. Deleted listings drop out of the list and the count.
 */

/** A listing that still exists, for a change to the user's watchlist; 404 otherwise. */
async function watchableListing(db: Database, productId: string) {
  const product = await findExistingProduct(db, productId);
  if (!product) throw new HttpError(404, messages.productNotFound);
  return product;
}

/** `PUT /api/watchlist/:productId`: watched, also when it already was. */
export async function watch(db: Database, user: UserRow, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Two watches at once cannot both be the one past the limit.
    await lockUserRow(tx, user.id);
    const product = await watchableListing(tx, productId);
    if (product.sellerId === user.id) throw new HttpError(409, messages.ownListingWatched);
    const [watched] = await tx
      .select({ one: sql`1` })
      .from(watches)
      .where(and(eq(watches.userId, user.id), eq(watches.productId, productId)));
    if (watched) return;
    const [kept] = await tx
      .select({ count: count() })
      .from(watches)
      .innerJoin(products, eq(products.id, watches.productId))
      .where(and(eq(watches.userId, user.id), listingExists));
    if ((kept?.count ?? 0) >= MAX_WATCHED_LISTINGS) {
      throw new HttpError(409, messages.watchlistFull);
    }
    await tx.insert(watches).values({ userId: user.id, productId });
  });
}

/** `DELETE /api/watchlist/:productId`: not watched, also when it was not. */
export async function unwatch(db: Database, user: UserRow, productId: string): Promise<void> {
  await watchableListing(db, productId);
  await db
    .delete(watches)
    .where(and(eq(watches.userId, user.id), eq(watches.productId, productId)));
}

const watchlist = preparedPerDatabase((db) =>
  keysetStatements('watches_user_listing', watches, watches, (position, limit) =>
    db
      .select({ id: watches.id, json: publicListingJson })
      .from(watches)
      .innerJoin(products, eq(products.id, watches.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(watches.userId, sql.placeholder('userId')), listingExists, position))
      .orderBy(desc(watches.createdAt), desc(watches.id))
      .limit(limit),
  ),
);

/**
 * `GET /api/watchlist`: the watched listings as anyone may see them (no contact details), sold
 * ones too, most recently watched first. A page's cursor is its last watch.
 */
export const listWatched = (
  db: Database,
  user: UserRow,
  page: Pagination,
): Promise<Page<PublicListing>> => readPage(watchlist(db), { userId: user.id }, page);

/** Whether anyone watches `productId`: a sale queues its news only then. */
export async function isWatched(tx: Database, productId: string): Promise<boolean> {
  const [watched] = await tx
    .select({ one: sql`1` })
    .from(watches)
    .where(eq(watches.productId, productId))
    .limit(1);
  return watched !== undefined;
}

/**
 * Tells each of the listing's watchers, in `tx`, that its price dropped or that it was sold:
 * not its seller, nor (of a sale) the buyer, who watched it until they bought it.
 */
export async function tellWatchers(
  tx: Database,
  jobs: JobQueue,
  productId: string,
  kind: 'price_dropped' | 'listing_sold',
  buyerId: string | undefined,
): Promise<void> {
  const watchers = await tx
    .select({ userId: watches.userId })
    .from(watches)
    .innerJoin(users, eq(users.id, watches.userId))
    .where(
      and(
        eq(watches.productId, productId),
        sql`${users.deletedAt} is null`,
        buyerId === undefined ? undefined : ne(watches.userId, buyerId),
      ),
    );
  for (const { userId } of watchers) await notify(tx, jobs, { userId }, { productId }, kind);
}
