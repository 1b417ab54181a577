import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { adminKeys } from './query-keys.ts';

/** Reported listings with their open reports (deleting one is lib/product-mutations.ts). */
export const useReportedProducts = () =>
  usePagedList(adminKeys.reportedProducts, (page) => api.GET('/api/reported/products', page));

/** Closes a listing's reports: it stays for sale and leaves the reported list. */
export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      dataOf(
        api.POST('/api/reported/products/{id}/dismiss', { params: { path: { id: productId } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.reportedProducts }),
  });
}
