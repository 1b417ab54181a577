import { sharedKeys } from '../../../lib/query-keys.ts';

/** The catalog's product lists, under the shared root every listing change refreshes. */
export const catalogKeys = {
  advertised: [...sharedKeys.products, 'advertised'] as const,
  category: (categoryId: string) => [...sharedKeys.products, 'category', categoryId] as const,
};
