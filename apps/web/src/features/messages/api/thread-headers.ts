import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { messageKeys } from './query-keys.ts';

/**
 * What heads a conversation beyond the buyer's view of the booking (lib/bookings.ts): the
 * seller's view of the sale, and for an admin the conversations about a reported product.
 */
export const saleQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: messageKeys.sale(bookingId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/sales/{id}', { params: { path: { id: bookingId } }, signal })),
  });

export const useSale = (bookingId: string) => useQuery(saleQueryOptions(bookingId));

export const reportedThreadsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: messageKeys.reportedThreads(productId),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/reported/products/{id}/threads', {
          params: { path: { id: productId } },
          signal,
        }),
      ),
  });

export const useReportedThreads = (productId: string) =>
  useQuery(reportedThreadsQueryOptions(productId));
