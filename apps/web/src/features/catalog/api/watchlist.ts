import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { nextPageUrl } from '../../../lib/link-header.ts';
import { usePagedList, type PageRequest } from '../../../lib/paged-list.ts';
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

/** The API's largest page: a whole watchlist (500 at most) in five requests. */
const ID_PAGE_SIZE = 100;

/** The ids of every listing the user watches, following the pages' links to the end. */
async function watchedIds(signal: AbortSignal): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const outcome = await api.GET('/api/watchlist', {
      params: { query: { limit: String(ID_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    for (const listing of await dataOf(outcome)) ids.add(listing._id);
    const next = nextPageUrl(outcome.response.headers.get('link'));
    cursor =
      next && (new URL(next, window.location.origin).searchParams.get('cursor') ?? undefined);
  } while (cursor);
  return ids;
}

/**
 * Which listings the signed-in user watches: one set for every heart on a page (a grid of cards
 * asks once, not once a card), refreshed with the watchlist.
 */
export const useWatchedIds = (signedIn: boolean) =>
  useQuery({
    queryKey: [...watchlistKey, 'ids'],
    queryFn: ({ signal }) => watchedIds(signal),
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
