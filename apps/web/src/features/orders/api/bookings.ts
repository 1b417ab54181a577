import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { bookingKeys } from './query-keys.ts';

/** The buyer's bookings (My Orders), and confirming a paid one's handover (the buyer's alone). */
export const useBookings = (email: string) =>
  usePagedList(
    bookingKeys.list(email),
    (page) => api.GET('/api/bookings', { params: { query: { email } }, ...page }),
    email !== '',
  );

export const completeBooking = (bookingId: string) =>
  dataOf(api.POST('/api/bookings/{id}/complete', { params: { path: { id: bookingId } } }));
