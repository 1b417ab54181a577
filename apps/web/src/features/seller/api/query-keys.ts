import { sharedKeys } from '../../../lib/query-keys.ts';

/** The seller's own products, under the shared root every listing change refreshes. */
export const sellerKeys = {
  products: (email: string) => [...sharedKeys.products, 'seller', email] as const,
};
