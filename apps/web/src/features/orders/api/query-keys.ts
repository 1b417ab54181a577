import { sharedKeys } from '../../../lib/query-keys.ts';

/** The orders feature's query keys; bookings sit under the shared root the catalog refreshes. */
export const bookingKeys = {
  all: sharedKeys.bookings,
  list: (email: string) => [...sharedKeys.bookings, 'list', email] as const,
  one: (id: string) => [...sharedKeys.bookings, 'one', id] as const,
};

export const paymentKeys = {
  intent: (bookingId: string) => ['payment-intent', bookingId] as const,
};
