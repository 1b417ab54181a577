import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

/** What the server offers: the payment provider (and Stripe's key), and Google sign-in. */
export const getConfig = (signal?: AbortSignal) => dataOf(api.GET('/api/config', { signal }));

export const configQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.config,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });

export const useConfig = () => useQuery(configQueryOptions());
