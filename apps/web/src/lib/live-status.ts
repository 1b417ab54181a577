import { skipToken, useQuery } from '@tanstack/react-query';
import { sharedKeys } from './query-keys.ts';

/**
 * Whether this tab's live event stream is open (lib/live-events.ts). It lives in the query cache,
 * where the stream writes it: whatever polls for news stops while it is true, and starts again
 * the moment the stream is lost. Never fetched, so refetching everything (as a reopened stream
 * does) leaves it as the stream wrote it.
 */
export const useLiveEventsOpen = (): boolean =>
  useQuery<boolean>({ queryKey: sharedKeys.liveEvents, queryFn: skipToken }).data ?? false;
