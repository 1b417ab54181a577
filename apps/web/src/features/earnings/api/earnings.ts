import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { earningsKeys } from './query-keys.ts';

/** The signed-in seller's money: held, available, paid out, fees, the latest payouts, by month. */
export const earningsQueryOptions = () =>
  queryOptions({
    queryKey: earningsKeys.earnings,
    queryFn: ({ signal }) => dataOf(api.GET('/api/earnings', { signal })),
  });

export const useEarnings = () => useQuery(earningsQueryOptions());

/** Whether the seller's payout account is set up: none, pending (details missing) or enabled. */
export const payoutAccountQueryOptions = () =>
  queryOptions({
    queryKey: earningsKeys.payoutAccount,
    queryFn: ({ signal }) => dataOf(api.GET('/api/payouts/account', { signal })),
  });

export const usePayoutAccount = () => useQuery(payoutAccountQueryOptions());

/**
 * Sets up payouts, or carries on setting them up. The answer says where to go next: the payment
 * provider's onboarding, where the browser goes; or back here, the account ready at once, so the
 * account and the earnings (payouts that waited for it go out) are read again.
 */
export function useSetUpPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/payouts/account')),
    onSuccess: async ({ url }) => {
      const next = new URL(url, window.location.origin);
      if (next.origin !== window.location.origin) {
        window.location.assign(next.href);
        return;
      }
      await Promise.all(
        [earningsKeys.payoutAccount, earningsKeys.earnings].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
