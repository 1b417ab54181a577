import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductReportBody } from '@reloop/shared';
import { api, dataOf } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * Flags a product for the admins, with the reason chosen and the reporter's words, if any; every
 * product list shows the new state afterwards. A second report is 409, one's own listing 403.
 */
export const reportProduct = ({ productId, ...body }: ProductReportBody & { productId: string }) =>
  dataOf(api.PUT('/api/product/report/{id}', { params: { path: { id: productId } }, body }));

export function useReportProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.products }),
  });
}
