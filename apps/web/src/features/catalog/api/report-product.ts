import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductReportBody } from '@reloop/shared';
import { api, ApiError, dataOf } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

// Apart from the product lists, whose refresh after a report would ask for them again.
const ownReportsKey = ['reported-by-me'] as const;

/**
 * The listings the signed-in user reported: one set for every report button on a page, asked
 * once. A listing's own `report` says whether anyone reported it; each person reports once.
 */
export const useReportedIds = (signedIn: boolean) =>
  useQuery({
    queryKey: ownReportsKey,
    queryFn: async ({ signal }) =>
      new Set((await dataOf(api.GET('/api/product/reports/mine', { signal }))).productIds),
    enabled: signedIn,
  });

/**
 * Flags a product for the admins, with the reason chosen and the reporter's words, if any; every
 * product list shows the new state afterwards. A second report is 409, one's own listing 403.
 */
export const reportProduct = ({ productId, ...body }: ProductReportBody & { productId: string }) =>
  dataOf(api.PUT('/api/product/report/{id}', { params: { path: { id: productId } }, body }));

export function useReportProduct() {
  const queryClient = useQueryClient();
  const reported = (productId: string) =>
    queryClient.setQueryData<Set<string>>(ownReportsKey, (ids) => new Set(ids).add(productId));
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: (_, { productId }) => {
      reported(productId);
      return queryClient.invalidateQueries({ queryKey: sharedKeys.products });
    },
    // Reported already (from another tab or device): the button says so from now on.
    onError: (error, { productId }) => {
      if (error instanceof ApiError && error.status === 409) reported(productId);
    },
  });
}
