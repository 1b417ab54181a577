import { and, eq, inArray } from 'drizzle-orm';
import { bookings, products } from '../db/schema.ts';
import type { ListingChange } from '../products/listing-changes.ts';
import type { Digests } from '../saved-searches/digest.ts';
import { tellSavedSearches } from '../saved-searches/matching.ts';
import { tellWatchers } from './watchlist.ts';

/**
 * The `listing` job (products/listing-changes.ts): a listing's change told to whom it concerns,
 * in one transaction, off the request path. A new or repriced listing to the owners of the saved
 * searches it matches; a price drop and a sale to its watchers. What no longer holds when the job
 * runs (the listing deleted, its sale undone, sold before its repricing was told) is not told.
 */
async function tellListingNews(
  digests: Digests,
  { productId, change }: { productId: string; change: ListingChange },
): Promise<void> {
  await digests.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ status: products.status, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!listing || listing.deletedAt) return;
    if (change === 'sold') {
      if (listing.status !== 'sold') return;
      const [sale] = await tx
        .select({ buyerId: bookings.buyerId })
        .from(bookings)
        .where(
          and(eq(bookings.productId, productId), inArray(bookings.status, ['paid', 'completed'])),
        );
      await tellWatchers(tx, digests.jobs, productId, 'listing_sold', sale?.buyerId);
      return;
    }
    if (listing.status !== 'unsold') return;
    await tellSavedSearches(tx, digests, productId);
    if (change === 'price_dropped') {
      await tellWatchers(tx, digests.jobs, productId, 'price_dropped', undefined);
    }
  });
}

/** Listing jobs at once in this process (jobs/queue.ts). */
const LISTING_WORKERS = 1;

export function startListingNews(digests: Digests): void {
  digests.jobs.work('listing', LISTING_WORKERS, (job) => tellListingNews(digests, job.data));
}
