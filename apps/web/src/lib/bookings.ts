import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReviewBody } from '@reloop/shared';
import { api, dataOf } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * A booking as more than one feature reads and changes it. One booking as its buyer sees it (the
 * seller's name and phone once paid): paid for on the payment page (orders) and heading the
 * buyer's conversation (messages), so one query serves both.
 */
export const bookingQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: sharedKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/booking/{id}', { params: { path: { id: bookingId } }, signal })),
  });

export const useBooking = (bookingId: string) => useQuery(bookingQueryOptions(bookingId));

/**
 * A booking changed (paid, cancelled, handed over, its conversation read): the buyer's orders,
 * the seller's sales and the notifications all show it, so all of them are refetched.
 */
export const refreshBookingViews = (queryClient: QueryClient) =>
  Promise.all(
    [sharedKeys.bookings, sharedKeys.sales, sharedKeys.notifications].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function useBookingMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshBookingViews(queryClient) });
}

/**
 * Cancelling is shared by the buyer (My Orders) and the seller (My Sales); the server decides
 * who may in which state, and refunds a paid booking.
 */
export const cancelBooking = (bookingId: string) =>
  dataOf(api.POST('/api/bookings/{id}/cancel', { params: { path: { id: bookingId } } }));

/**
 * Reviewing the other side once the laptop is handed over (DESIGN §16), by the buyer (My Orders)
 * and the seller (My Sales) alike: the server knows which side the user is.
 */
export const reviewBooking = (bookingId: string, review: ReviewBody) =>
  dataOf(
    api.POST('/api/bookings/{id}/review', { params: { path: { id: bookingId } }, body: review }),
  );
