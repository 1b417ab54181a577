import { useQuery } from '@tanstack/react-query';
import { sharedKeys } from './query-keys.ts';

/**
 * Whether this tab's live event stream is open (lib/live-events.ts). It lives in the query cache,
 * where the stream writes it: whatever polls for news stops while it is true, and starts again
 * the moment the stream is lost.
 */
export const useLiveEventsOpen = (): boolean =>
  useQuery({
    queryKey: sharedKeys.liveEvents,
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
  }).data;
