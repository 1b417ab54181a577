import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { profileKeys } from '../../../lib/profiles.ts';
import { adminKeys } from './query-keys.ts';

/** Reported reviews no admin has hidden yet, newest first. */
export const useReportedReviews = () =>
  usePagedList(adminKeys.reportedReviews, (page) => api.GET('/api/reviews/reported', page));

/** Hides a review: it leaves this list, its subject's profile and their rating. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) =>
      dataOf(api.DELETE('/api/reviews/{id}', { params: { path: { id: reviewId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
