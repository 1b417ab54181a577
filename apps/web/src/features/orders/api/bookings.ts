import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** The buyer's bookings (My Orders) and one booking (the payment page). */
export const getBookings = (email: string, signal?: AbortSignal) =>
  api.get<Booking[]>(`/bookings?email=${encodeURIComponent(email)}`, signal);

export const bookingsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['bookings', email],
    queryFn: ({ signal }) => getBookings(email, signal),
  });

export const useBookings = (email: string) => useQuery(bookingsQueryOptions(email));

export const getBooking = (id: string, signal?: AbortSignal) =>
  api.get<Booking>(`/booking/${encodeURIComponent(id)}`, signal);

export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'one', id],
    queryFn: ({ signal }) => getBooking(id, signal),
  });

export const useBooking = (id: string) => useQuery(bookingQueryOptions(id));
