import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The API pages its lists (`?limit`, `?offset`, the total in `X-Total-Count`). A paged list
 * loads the first page and then one more each time the user asks, so nothing is ever cut off
 * silently at the page size.
 */
const PAGE_SIZE = 24;

interface Page<T> {
  items: T[];
  total: number;
}

async function getPage<T>(path: string, offset: number, signal: AbortSignal): Promise<Page<T>> {
  const separator = path.includes('?') ? '&' : '?';
  const { data, headers } = await apiRequest<T[]>(
    `${path}${separator}limit=${PAGE_SIZE}&offset=${offset}`,
    { signal },
  );
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

const pagedListQueryOptions = <T>(queryKey: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage<T>(path, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
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
