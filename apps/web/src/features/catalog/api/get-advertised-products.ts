import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

/** Advertised products for sale, shown on the home page. */
export const getAdvertisedProducts = (signal?: AbortSignal) =>
  dataOf(api.GET('/api/advertise/products', { signal }));

export const advertisedProductsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.advertised,
    queryFn: ({ signal }) => getAdvertisedProducts(signal),
  });

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());
