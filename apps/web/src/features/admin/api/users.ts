import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserQuery, BulkUserActionBody, SuspensionBody } from '@reloop/shared';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { adminKeys } from './query-keys.ts';

/** The admin's user lists and the changes made from them. */
export type ListedRole = 'buyer' | 'seller';

export const useUsers = (role: ListedRole) =>
  usePagedList(adminKeys.users(role), (page) =>
    api.GET(role === 'buyer' ? '/api/buyers' : '/api/sellers', page),
  );

/** What the Users page narrows by, as its form and the page's URL hold it. */
export type UserSearch = Pick<AdminUserQuery, 'q' | 'role' | 'status'>;

/** Users matching the search, newest first; fields left empty are not sent. */
export const useUserSearch = (search: UserSearch) =>
  usePagedList(adminKeys.userSearch(search), (page) =>
    api.GET('/api/admin/users', {
      ...page,
      params: {
        query: {
          ...(search.q ? { q: search.q } : {}),
          ...(search.role ? { role: search.role } : {}),
          ...(search.status ? { status: search.status } : {}),
        },
      },
    }),
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
export const suspendUser = ({ id, ...body }: SuspensionBody & { id: string }) =>
  dataOf(api.POST('/api/admin/users/{id}/suspend', { params: { path: { id } }, body }));
export const unsuspendUser = (id: string) =>
  dataOf(api.POST('/api/admin/users/{id}/unsuspend', { params: { path: { id } } }));
export const unverifySeller = (id: string) =>
  dataOf(api.POST('/api/admin/users/{id}/unverify', { params: { path: { id } } }));
/** Several users suspended or deleted at once: all of them, or (on any refusal) none. */
export const bulkUserAction = (body: BulkUserActionBody) =>
  dataOf(api.POST('/api/admin/users/bulk', { body }));

function useUserMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A deleted or suspended seller's products leave every list too, so everything is refetched.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useDeleteUser = () => useUserMutation(deleteUser);
export const useVerifySeller = () => useUserMutation(verifySeller);
export const useSuspendUser = () => useUserMutation(suspendUser);
export const useUnsuspendUser = () => useUserMutation(unsuspendUser);
export const useUnverifySeller = () => useUserMutation(unverifySeller);
export const useBulkUserAction = () => useUserMutation(bulkUserAction);
