import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** Reported listings (deleting one is lib/product-mutations.ts). */
export const getReportedProducts = (signal?: AbortSignal) =>
  api.get<Product[]>('/reported/products', signal);

export const reportedProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'reported'],
    queryFn: ({ signal }) => getReportedProducts(signal),
  });

export const useReportedProducts = () => useQuery(reportedProductsQueryOptions());
