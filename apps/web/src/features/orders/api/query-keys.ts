import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * The orders feature's query keys; bookings sit under the shared root the catalog refreshes (one
 * booking is lib/bookings.ts, which the payment page and the buyer's conversation share).
 */
export const bookingKeys = {
  list: (email: string) => [...sharedKeys.bookings, 'list', email] as const,
};

export const paymentKeys = {
  intent: (bookingId: string) => ['payment-intent', bookingId] as const,
};
