import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { adminKeys } from './query-keys.ts';

/** The admin's user lists and the changes made from them. */
export type ListedRole = 'buyer' | 'seller';

export const useUsers = (role: ListedRole) =>
  usePagedList(adminKeys.users(role), (page) =>
    api.GET(role === 'buyer' ? '/api/buyers' : '/api/sellers', page),
  );

/**
 * What deleting the user would cancel (their unpaid bookings) and refund (their paid ones), as
 * buyer and as seller; asked while the delete dialog is open for them.
 */
export const useOpenBookings = (userId: string | undefined) =>
  useQuery({
    queryKey: adminKeys.openBookings(userId ?? ''),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/user/open-bookings/{id}', {
          params: { path: { id: userId ?? '' } },
          signal,
        }),
      ),
    enabled: userId !== undefined,
  });

export const deleteUser = (id: string) =>
  dataOf(api.DELETE('/api/user/delete/{id}', { params: { path: { id } } }));
export const verifySeller = (email: string) =>
  dataOf(api.PUT('/api/user/seller/update/{email}', { params: { path: { email } } }));

function useUserMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A deleted seller's products leave every list too, so everything is refetched.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useDeleteUser = () => useUserMutation(deleteUser);
export const useVerifySeller = () => useUserMutation(verifySeller);
