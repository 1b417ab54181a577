import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { pagedListQueryOptions, usePagedList, type PageRequest } from '../../../lib/paged-list.ts';
import { profileKeys } from '../../../lib/profiles.ts';
import { reviewKeys } from './query-keys.ts';

/** The reviews shown on someone's profile, newest first, a page at a time. */
const reviewsOf = (userId: string) => (page: PageRequest) =>
  api.GET('/api/users/{id}/reviews', { params: { path: { id: userId } }, ...page });

export const reviewsQueryOptions = (userId: string) =>
  pagedListQueryOptions(reviewKeys.of(userId), reviewsOf(userId));

export const useReviews = (userId: string) =>
  usePagedList(reviewKeys.of(userId), reviewsOf(userId));

/** The reviewed person's one public answer; their profile shows it once sent. */
export function useReplyToReview(subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      dataOf(
        api.POST('/api/reviews/{id}/reply', { params: { path: { id: reviewId } }, body: { text } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile(subjectId) }),
  });
}

/** Flags a review for the admins; nothing on the profile changes until one hides it. */
export const useReportReview = () =>
  useMutation({
    mutationFn: (reviewId: string) =>
      dataOf(api.POST('/api/reviews/{id}/report', { params: { path: { id: reviewId } } })),
  });
