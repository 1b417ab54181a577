import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { refreshBookingViews } from '../../../lib/bookings.ts';
import { useLiveEventsOpen } from '../../../lib/live-status.ts';
import { messageKeys } from './query-keys.ts';

type Message = ApiSchema<'Message'>;

/** How often an open conversation asks for new messages, while the page is visible. */
const POLL_MS = 4_000;

/**
 * A booking's messages, oldest first. The server marks them read for whoever reads them, so
 * whenever the thread grows, the unread counts shown elsewhere (the navbar, the lists) are
 * refetched too.
 */
export const threadQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: messageKeys.thread(bookingId),
    queryFn: async ({ client, queryKey, signal }) => {
      const known = client.getQueryData<Message[]>(queryKey)?.length;
      const thread = await dataOf(
        api.GET('/api/bookings/{id}/messages', { params: { path: { id: bookingId } }, signal }),
      );
      if (thread.length !== known) void refreshBookingViews(client);
      return thread;
    },
  });

/**
 * How a conversation still going on (`live`) stays current: refetched as its messages arrive on
 * the live event stream, or polled while the page is visible when the stream is not open.
 */
export function useLiveRefetch(live: boolean): {
  refetchInterval: number | false;
  refetchIntervalInBackground: boolean;
} {
  const streamed = useLiveEventsOpen();
  return {
    refetchInterval: live && !streamed ? POLL_MS : false,
    refetchIntervalInBackground: false,
  };
}

export const useThread = (bookingId: string, live: boolean) =>
  useQuery({ ...threadQueryOptions(bookingId), ...useLiveRefetch(live) });

export const sendMessage = (bookingId: string, text: string) =>
  dataOf(
    api.POST('/api/bookings/{id}/messages', {
      params: { path: { id: bookingId } },
      body: { text },
    }),
  );

/** Sends, then resolves once the thread is refetched with the message in it. */
export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(bookingId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(bookingId) }),
  });
}
