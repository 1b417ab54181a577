import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Flags a product for the admins; every product list shows the new state afterwards. */
export const reportProduct = (productId: string) =>
  api.put<{ acknowledged: true }>(`/product/report/${encodeURIComponent(productId)}`);

export function useReportProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
