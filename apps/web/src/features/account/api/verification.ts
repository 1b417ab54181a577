import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';

/** The signed-in seller's verification: verified or not, and their latest request. */
const ownVerificationKey = ['verification-requests', 'mine'] as const;

export const ownVerificationQueryOptions = () =>
  queryOptions({
    queryKey: ownVerificationKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/verification-requests/mine', { signal })),
  });

export const useOwnVerification = () => useQuery(ownVerificationQueryOptions());

/** Asks the admins to verify the seller; the page then shows the request waiting. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiSchema<'NewVerificationRequestInput'>) =>
      dataOf(api.POST('/api/verification-requests', { body })),
    onSuccess: (request) =>
      queryClient.setQueryData(ownVerificationKey, { verified: false, request }),
  });
}
