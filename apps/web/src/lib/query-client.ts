import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Retry only what may succeed on a second try: not client errors. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}
