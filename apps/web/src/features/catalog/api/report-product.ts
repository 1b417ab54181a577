import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/** Flags a product for the admins; every product list shows the new state afterwards. */
export const reportProduct = (productId: string) =>
  dataOf(api.PUT('/api/product/report/{id}', { params: { path: { id: productId } } }));

export function useReportProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.products }),
  });
}
