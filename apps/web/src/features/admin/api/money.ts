import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** The marketplace's money: held now, released, refunded, fees, and the last days'. */
export const moneyOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.money,
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/money', { signal })),
  });

export const useMoneyOverview = () => useQuery(moneyOverviewQueryOptions());
