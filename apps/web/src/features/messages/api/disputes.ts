import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeResolutionBody } from '@reloop/shared';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { pagedListQueryOptions, usePagedList, type PageFetcher } from '../../../lib/paged-list.ts';
import { messageKeys } from './query-keys.ts';

/** Complaints, open ones first, newest first within each. */
const disputesPage: PageFetcher<ApiSchema<'Dispute'>> = (page) => api.GET('/api/disputes', page);

export const disputesQueryOptions = () => pagedListQueryOptions(messageKeys.disputes, disputesPage);

export const useDisputes = () => usePagedList(messageKeys.disputes, disputesPage);

/**
 * Decides a complaint. Whatever the answer (resolved; or refused, as when another admin decided
 * it first), the complaints are read again.
 */
export function useResolveDispute(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeResolutionBody) =>
      dataOf(
        api.POST('/api/disputes/{bookingId}/resolve', { params: { path: { bookingId } }, body }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.disputes }),
  });
}
