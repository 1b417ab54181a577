import { sharedKeys } from '../../../lib/query-keys.ts';

/** The catalog's product lists and listings, under the shared root every listing change refreshes. */
export const catalogKeys = {
  advertised: [...sharedKeys.products, 'advertised'] as const,
  category: (categoryId: string) => [...sharedKeys.products, 'category', categoryId] as const,
  search: (search: object) => [...sharedKeys.products, 'search', search] as const,
};
