import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** Which sign-in options the server offers (Google only when OIDC is configured). */
export const getConfig = (signal?: AbortSignal) => api.get<PublicConfig>('/config', signal);

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });

export const useConfig = () => useQuery(configQueryOptions());
