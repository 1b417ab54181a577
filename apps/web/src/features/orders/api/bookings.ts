import type { DisputeBody } from '@reloop/shared';
import { api, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { bookingKeys } from './query-keys.ts';

/**
 * The buyer's bookings (My Orders), and what only the buyer does with one: confirm a paid one's
 * handover, and while its money is held after the handover, report a problem or release it.
 */
export const useBookings = (email: string) =>
  usePagedList(
    bookingKeys.list(email),
    (page) => api.GET('/api/bookings', { params: { query: { email } }, ...page }),
    email !== '',
  );

export const completeBooking = (bookingId: string) =>
  dataOf(api.POST('/api/bookings/{id}/complete', { params: { path: { id: bookingId } } }));

export const openDispute = (bookingId: string, complaint: DisputeBody) =>
  dataOf(
    api.POST('/api/bookings/{id}/dispute', {
      params: { path: { id: bookingId } },
      body: complaint,
    }),
  );

export const releaseFunds = (bookingId: string) =>
  dataOf(api.POST('/api/bookings/{id}/release', { params: { path: { id: bookingId } } }));
