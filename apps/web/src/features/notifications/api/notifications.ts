import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { useLiveEventsOpen } from '../../../lib/live-status.ts';
import { notificationKeys } from './query-keys.ts';

/** How often the navbar asks for news, while the page is visible (and whenever it is back). */
const POLL_MS = 30_000;

/** The unread counts and the latest notifications, newest first. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => dataOf(api.GET('/api/notifications', { signal })),
  });

/** Refetched on each live notification, or polled while the live stream is not open. */
export function useNotifications() {
  const streamed = useLiveEventsOpen();
  return useQuery({
    ...notificationsQueryOptions(),
    refetchInterval: streamed ? false : POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** Marks them read (the server keeps message ones until their conversation is read). */
export const markNotificationsRead = () => dataOf(api.POST('/api/notifications/read'));

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
