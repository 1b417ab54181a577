import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * The conversations' query keys, and the complaints' that are decided beside them; a seller's view
 * of one sale sits under the shared sales root.
 */
export const messageKeys = {
  thread: sharedKeys.thread,
  /** One booking as its product's seller sees it: the header of the seller's conversation. */
  sale: (bookingId: string) => [...sharedKeys.sales, 'one', bookingId] as const,
  /** The conversations about a reported product, for an admin. */
  reportedThreads: (productId: string) => ['reported-threads', productId] as const,
  /** The buyers' complaints, for the admins. */
  disputes: ['disputes'] as const,
};
