import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * A change to a listing, after which every product list is refetched: any change can move a
 * product in or out of any list. Deleting is shared by sellers (their own) and admins (any).
 */
export function useProductMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.products }),
  });
}

export const deleteProduct = (id: string) =>
  dataOf(api.DELETE('/api/delete/product/{id}', { params: { path: { id } } }));

export const useDeleteProduct = () => useProductMutation(deleteProduct);
