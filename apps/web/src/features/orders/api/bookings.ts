import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { bookingKeys } from './query-keys.ts';

/** The buyer's bookings (My Orders) and one booking (the payment page). */
export const useBookings = (email: string) =>
  usePagedList(
    bookingKeys.list(email),
    (page) => api.GET('/api/bookings', { params: { query: { email } }, ...page }),
    email !== '',
  );

export const getBooking = (id: string, signal?: AbortSignal) =>
  dataOf(api.GET('/api/booking/{id}', { params: { path: { id } }, signal }));

export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.one(id),
    queryFn: ({ signal }) => getBooking(id, signal),
  });

export const useBooking = (id: string) => useQuery(bookingQueryOptions(id));
