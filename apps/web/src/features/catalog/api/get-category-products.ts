import { api } from '../../../lib/api-client.ts';
import { pagedListQueryOptions, usePagedList, type PageRequest } from '../../../lib/paged-list.ts';
import { catalogKeys } from './query-keys.ts';

/** Products for sale in one category, newest first, a page at a time. */
const productsIn = (categoryId: string) => (page: PageRequest) =>
  api.GET('/api/products/{categoryId}', { params: { path: { categoryId } }, ...page });

export const categoryProductsQueryOptions = (categoryId: string) =>
  pagedListQueryOptions(catalogKeys.category(categoryId), productsIn(categoryId));

export const useCategoryProducts = (categoryId: string) =>
  usePagedList(catalogKeys.category(categoryId), productsIn(categoryId));
