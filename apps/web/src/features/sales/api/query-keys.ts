import { sharedKeys } from '../../../lib/query-keys.ts';

/** The seller's sales, under the shared root every booking change refreshes. */
export const salesKeys = {
  list: [...sharedKeys.sales, 'list'] as const,
};
