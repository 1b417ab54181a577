import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { findInPagedList, usePagedList, type PageRequest } from '../../../lib/paged-list.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * The watchlist (DESIGN §17): listings a user follows, told when one's price drops or it sells.
 */
const watchlistPage = (page: PageRequest) => api.GET('/api/watchlist', page);

/**
 * Under the product lists' root, as a sale changes it. Here rather than in catalogKeys, which the
 * home page's first bundle carries.
 */
const watchlistKey = [...sharedKeys.products, 'watchlist'] as const;

/** The signed-in user's watched listings, most recently watched first. */
export const useWatchlist = () => usePagedList(watchlistKey, watchlistPage);

/** Whether the signed-in user watches `productId`: their watchlist, read until it is found. */
export const useIsWatched = (productId: string, signedIn: boolean) =>
  useQuery({
    queryKey: [...watchlistKey, 'has', productId],
    queryFn: async ({ signal }) =>
      (await findInPagedList(watchlistPage, (listing) => listing._id === productId, signal)) !==
      null,
    enabled: signedIn,
  });

/** Watches (`true`) or stops watching a listing; both are idempotent on the server. */
export function useSetWatched(productId: string) {
  const queryClient = useQueryClient();
  const path = { params: { path: { productId } } };
  return useMutation({
    mutationFn: (watch: boolean) =>
      dataOf(
        watch
          ? api.PUT('/api/watchlist/{productId}', path)
          : api.DELETE('/api/watchlist/{productId}', path),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistKey }),
  });
}
