import { useQuery } from '@tanstack/react-query';
import type { BookingStatus } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { findInPagedList } from '../../../lib/paged-list.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/** A cancelled or closed booking is off: the buyer may book the laptop again. */
const standing: readonly BookingStatus[] = ['unpaid', 'paid', 'completed'];

/**
 * Under the bookings' root, so booking, paying and cancelling refresh it; kept here rather than
 * with the catalog's other keys, which are in the home page's first bundle.
 */
const buyerBookingKey = (email: string, productId: string) =>
  [...sharedKeys.bookings, 'of-product', email, productId] as const;

/**
 * The buyer's standing booking of a listing, or null: the newest of their bookings of this
 * product that still stands (older ones were cancelled or closed). Not asked for without a
 * buyer's `email`.
 */
export const useBuyerBooking = (email: string, productId: string) =>
  useQuery({
    queryKey: buyerBookingKey(email, productId),
    queryFn: ({ signal }) =>
      findInPagedList(
        (page) => api.GET('/api/bookings', { params: { query: { email, productId } }, ...page }),
        (booking) => standing.includes(booking.status),
        signal,
      ),
    enabled: email !== '',
  });
