import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

/** The five categories in their fixed order: home sidebar, category page, the add-product form. */
export const getCategories = (signal?: AbortSignal) =>
  dataOf(api.GET('/api/productcategory', { signal }));

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
