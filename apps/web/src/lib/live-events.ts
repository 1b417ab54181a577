import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import type { LiveEventData } from '@reloop/shared';
import { sharedKeys } from './query-keys.ts';
import { questionKeys } from './questions.ts';
import { storedToken } from './token.ts';

/** How long to wait before opening a stream again after it was lost. */
const RETRY_MS = 2_000;

/**
 * The server refused the stream (signed out, say): polling carries on, and nothing retries. A
 * server that failed (5xx: a proxy's answer while an instance restarts) is tried again.
 */
class StreamRefused extends Error {}

/** The server ended the stream (an instance closing): it is opened again, from where it was. */
class StreamEnded extends Error {}

/** Refetches what a live event says has changed, where it is shown. */
function applyEvent(queryClient: QueryClient, type: string, data: string): void {
  const refresh = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  if (type === 'message') {
    const { bookingId, questionId } = JSON.parse(data) as LiveEventData['message'];
    // A conversation before booking (DESIGN §17) is in its own list; a booking's thread is not.
    if (questionId) refresh(questionKeys.all);
    if (bookingId) refresh(sharedKeys.thread(bookingId));
    // The bell counts unread messages too, and a thread's next one brings no new notification.
    refresh(sharedKeys.notifications);
  } else if (type === 'notification') {
    refresh(sharedKeys.notifications);
  } else if (type === 'booking') {
    refresh(sharedKeys.bookings);
    refresh(sharedKeys.sales);
  }
}

/**
 * One stream of the signed-in user's live events per tab (DESIGN §17): `GET /api/events` read
 * with fetch, so the token goes in the Authorization header. Each event refetches what it
 * changed; while the stream is open nothing polls (lib/live-status.ts). A stream that is lost
 * is opened again with `Last-Event-ID`, and everything shown is refetched then, in case it was
 * away too long to catch up. A hidden tab closes its stream and opens it when shown again.
 */
export function useLiveEvents(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = storedToken();
    if (!userId || !token) return;
    const controller = new AbortController();
    const setOpen = (open: boolean) => queryClient.setQueryData(sharedKeys.liveEvents, open);
    let opened = false;
    fetchEventSource('/api/events', {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
      onopen: async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (response.status >= 500) throw new Error(`the event stream failed: ${response.status}`);
        if (!response.ok || !type.startsWith(EventStreamContentType)) throw new StreamRefused();
        if (opened) void queryClient.invalidateQueries();
        opened = true;
        setOpen(true);
      },
      onmessage: (event) => applyEvent(queryClient, event.event, event.data),
      onclose: () => {
        throw new StreamEnded();
      },
      onerror: (error: unknown) => {
        setOpen(false);
        if (error instanceof StreamRefused) throw error;
        return RETRY_MS;
      },
    }).catch(() => setOpen(false));
    return () => {
      controller.abort();
      setOpen(false);
    };
  }, [queryClient, userId]);
}
