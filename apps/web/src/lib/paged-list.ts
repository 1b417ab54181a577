import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { createQuerySerializer } from 'openapi-fetch';
import { DEFAULT_PAGE_SIZE } from '@reloop/shared';
import { dataOf, type Outcome } from './api-client.ts';
import { nextPageUrl } from './link-header.ts';

/**
 * The API pages its lists by keyset: the first page is asked with `?limit`, and every page
 * with more rows after it links to the next one (`Link: <…>; rel="next"`, cursor included).
 * A paged list loads the first page and then follows one link each time the user asks, so
 * nothing is ever cut off silently at the page size. Lists ask for the API's default page
 * size, the one its list statements keep a plan for.
 */

/** Options a list's call takes for one page (spread into `api.GET`'s options). */
export type PageRequest = {
  signal: AbortSignal;
  querySerializer: (query: Record<string, unknown>) => string;
};

/** One page of a list, e.g. `(page) => api.GET('/api/buyers', page)`. */
export type PageFetcher<T> = (page: PageRequest) => Promise<Outcome<T[]>>;

interface Page<T> {
  items: T[];
  /** The next page's query string, exactly as the API linked it; undefined on the last. */
  nextQuery: string | undefined;
  /** What the API said beside the rows, such as a search's count. */
  headers: Headers;
}

const serializeQuery = createQuerySerializer();
/** The first page is asked without a link to follow. */
const FIRST_PAGE: string | null = null;

/**
 * The first page adds `limit` to the call's own query. A later one is asked of the same list
 * with the query its link carries, as it is: the cursor is opaque and the order the server's.
 * Only the query is taken from the link, so the token never goes anywhere but this list.
 */
async function getPage<T>(
  fetchPage: PageFetcher<T>,
  linkedQuery: string | null,
  signal: AbortSignal,
): Promise<Page<T>> {
  const outcome = await fetchPage({
    signal,
    querySerializer: (query) =>
      linkedQuery ?? serializeQuery({ ...query, limit: DEFAULT_PAGE_SIZE }),
  });
  const items = await dataOf(outcome);
  const next = nextPageUrl(outcome.response.headers.get('link'));
  return {
    items,
    nextQuery:
      next === undefined ? undefined : new URL(next, window.location.origin).search.slice(1),
    headers: outcome.response.headers,
  };
}

/**
 * The first row of a paged list that `pick` accepts, or null: pages are asked one after another,
 * following the links, until one has it or the list ends. For a screen that needs one row of a
 * list the API cannot filter for it.
 */
export async function findInPagedList<T>(
  fetchPage: PageFetcher<T>,
  pick: (row: T) => boolean,
  signal: AbortSignal,
): Promise<T | null> {
  let linkedQuery = FIRST_PAGE;
  for (;;) {
    const { items, nextQuery } = await getPage(fetchPage, linkedQuery, signal);
    const found = items.find(pick);
    if (found || nextQuery === undefined) return found ?? null;
    linkedQuery = nextQuery;
  }
}

/** A paged list's query, for `usePagedList` and for prefetching its first page. */
export const pagedListQueryOptions = <T>(queryKey: readonly unknown[], fetchPage: PageFetcher<T>) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage(fetchPage, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: Page<T>) => last.nextQuery,
  });

/** What a screen needs of a paged list: the rows so far, and a way to ask for more. */
export interface PagedList<T> {
  /** Undefined until the first page is in. */
  items: T[] | undefined;
  /** The first page's response headers, once it is in. */
  firstPageHeaders: Headers | undefined;
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export function usePagedList<T>(
  queryKey: readonly unknown[],
  fetchPage: PageFetcher<T>,
  enabled = true,
): PagedList<T> {
  const query = useInfiniteQuery({ ...pagedListQueryOptions(queryKey, fetchPage), enabled });
  return {
    items: query.data?.pages.flatMap((page) => page.items),
    firstPageHeaders: query.data?.pages[0]?.headers,
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
