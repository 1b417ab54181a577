import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@reloop/shared';
import { api } from './api-client.ts';

/** What the server offers: the payment provider (and Stripe's key), and Google sign-in. */
export const getConfig = (signal?: AbortSignal) => api.get<PublicConfig>('/config', signal);

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });

export const useConfig = () => useQuery(configQueryOptions());
