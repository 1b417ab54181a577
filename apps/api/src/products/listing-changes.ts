import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';

/**
 * What happened to a listing that people other than its seller may want to hear (DESIGN §17):
 * it was listed, its price went up or down, or it was sold. Saved searches are matched against
 * a listed or repriced listing; a price drop and a sale are news to the listing's watchers.
 */
export type ListingChange = 'listed' | 'repriced' | 'price_dropped' | 'sold';

/**
 * Queues the news of `change` in `tx`, the transaction of the change itself, so the news exists
 * exactly when the change does; the `listing` job tells whom it concerns (watchlist/
 * listing-news.ts), off the request path.
 */
export const listingChanged = (
  tx: Database,
  jobs: JobQueue,
  productId: string,
  change: ListingChange,
): Promise<void> => jobs.enqueue(tx, 'listing', { productId, change });

/** The change a new price makes, if any. */
export const repricing = (fromCents: number, toCents: number): ListingChange | undefined =>
  toCents < fromCents ? 'price_dropped' : toCents > fromCents ? 'repriced' : undefined;
