import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@reloop/shared';
import { api } from './api-client.ts';

/** The five categories in their fixed order: home sidebar, category page, the add-product form. */
export const getCategories = (signal?: AbortSignal) =>
  api.get<Category[]>('/productcategory', signal);

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
