import type { Product } from '@reloop/shared';
import { usePagedList } from '../../../lib/paged-list.ts';

/** Products for sale in one category, newest first, a page at a time. */
export const useCategoryProducts = (categoryId: string) =>
  usePagedList<Product>(
    ['products', 'category', categoryId],
    `/products/${encodeURIComponent(categoryId)}`,
  );
