import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPathOf, apiRequest } from './api-client.ts';
import { nextPageUrl } from './link-header.ts';

/**
 * The API pages its lists by keyset: the first page is asked with `?limit`, and every page
 * with more rows after it links to the next one (`Link: <…>; rel="next"`, cursor included).
 * A paged list loads the first page and then follows one link each time the user asks, so
 * nothing is ever cut off silently at the page size.
 */
const PAGE_SIZE = 24;

interface Page<T> {
  items: T[];
  /** The next page's `apiRequest` path, exactly as the API linked it; undefined on the last. */
  nextPath: string | undefined;
}

async function getPage<T>(path: string, signal: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>(path, { signal });
  const nextUrl = nextPageUrl(headers.get('link'));
  return { items: data, nextPath: nextUrl === undefined ? undefined : apiPathOf(nextUrl) };
}

const firstPagePath = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}limit=${PAGE_SIZE}`;

const pagedListQueryOptions = <T>(queryKey: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage<T>(pageParam, signal),
    initialPageParam: firstPagePath(path),
    getNextPageParam: (last: Page<T>) => last.nextPath,
  });

/** What a screen needs of a paged list: the rows so far, and a way to ask for more. */
export interface PagedList<T> {
  /** Undefined until the first page is in. */
  items: T[] | undefined;
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export function usePagedList<T>(
  queryKey: readonly unknown[],
  path: string,
  enabled = true,
): PagedList<T> {
  const query = useInfiniteQuery({ ...pagedListQueryOptions<T>(queryKey, path), enabled });
  return {
    items: query.data?.pages.flatMap((page) => page.items),
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
