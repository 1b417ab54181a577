import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** The buyer's bookings (My Orders) and one booking (the payment page). */
export const useBookings = (email: string) =>
  usePagedList<Booking>(
    ['bookings', email],
    `/bookings?email=${encodeURIComponent(email)}`,
    email !== '',
  );

export const getBooking = (id: string, signal?: AbortSignal) =>
  api.get<Booking>(`/booking/${encodeURIComponent(id)}`, signal);

export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'one', id],
    queryFn: ({ signal }) => getBooking(id, signal),
  });

export const useBooking = (id: string) => useQuery(bookingQueryOptions(id));
