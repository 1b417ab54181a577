import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** The admin's user lists and the changes made from them. */
export type ListedRole = 'buyer' | 'seller';

export const useUsers = (role: ListedRole) => usePagedList<User>(['users', role], `/${role}s`);

export const deleteUser = (id: string) => api.delete(`/user/delete/${encodeURIComponent(id)}`);
export const verifySeller = (email: string) =>
  api.put(`/user/seller/update/${encodeURIComponent(email)}`);

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
