import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** The sellers' verification requests an admin has still to answer, newest first. */
export const verificationRequestKeys = { waiting: ['verification-requests', 'waiting'] as const };

export const useVerificationRequests = () =>
  usePagedList(verificationRequestKeys.waiting, (page) =>
    api.GET('/api/verification-requests', page),
  );

export type VerificationDecision = 'approve' | 'decline';

/**
 * Approves or declines a request: it leaves the waiting list, and an approved seller is verified
 * in the sellers' list and on their listings, so everything is refetched (the audit log too).
 */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      dataOf(
        decision === 'approve'
          ? api.POST('/api/verification-requests/{id}/approve', { params: { path: { id } } })
          : api.POST('/api/verification-requests/{id}/decline', { params: { path: { id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
