import type { AdminBookingQuery } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** What the orders lookup narrows by, as its form and the page's URL hold it. */
export type BookingLookup = Pick<AdminBookingQuery, 'q' | 'status' | 'funds'>;

export const bookingLookupKeys = {
  all: ['admin-bookings'] as const,
  lookup: (lookup: BookingLookup) => ['admin-bookings', lookup] as const,
};

/** Every booking matching the lookup, newest first; fields left empty are not sent. */
export const useBookingLookup = (lookup: BookingLookup) =>
  usePagedList(bookingLookupKeys.lookup(lookup), (page) =>
    api.GET('/api/admin/bookings', {
      ...page,
      params: {
        query: {
          ...(lookup.q ? { q: lookup.q } : {}),
          ...(lookup.status ? { status: lookup.status } : {}),
          ...(lookup.funds ? { funds: lookup.funds } : {}),
        },
      },
    }),
  );
