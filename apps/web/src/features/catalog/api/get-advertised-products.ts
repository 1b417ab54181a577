import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** Advertised products for sale, shown on the home page. */
export const getAdvertisedProducts = (signal?: AbortSignal) =>
  api.get<Product[]>('/advertise/products', signal);

export const advertisedProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'advertised'],
    queryFn: ({ signal }) => getAdvertisedProducts(signal),
  });

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());
