import type { Product } from '@reloop/shared';
import { usePagedList } from '../../../lib/paged-list.ts';

/** Reported listings (deleting one is lib/product-mutations.ts). */
export const useReportedProducts = () =>
  usePagedList<Product>(['products', 'reported'], '/reported/products');
