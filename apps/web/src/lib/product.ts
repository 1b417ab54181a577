import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * One listing, sold or not, with its seller's card (a 404 once deleted): shown by the listing
 * page (catalog) and edited by its seller (seller), so one query serves both.
 */
export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: sharedKeys.product(productId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/product/{id}', { params: { path: { id: productId } }, signal })),
  });

export const useProduct = (productId: string) => useQuery(productQueryOptions(productId));
