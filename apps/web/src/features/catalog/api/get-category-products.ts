import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** Products for sale in one category, newest first. */
export const getCategoryProducts = (categoryId: string, signal?: AbortSignal) =>
  api.get<Product[]>(`/products/${encodeURIComponent(categoryId)}`, signal);

export const categoryProductsQueryOptions = (categoryId: string) =>
  queryOptions({
    queryKey: ['products', 'category', categoryId],
    queryFn: ({ signal }) => getCategoryProducts(categoryId, signal),
  });

export const useCategoryProducts = (categoryId: string) =>
  useQuery(categoryProductsQueryOptions(categoryId));
