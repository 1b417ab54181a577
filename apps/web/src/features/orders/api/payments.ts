import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { paymentKeys } from './query-keys.ts';

/**
 * Paying a booking: the intent's client secret (the amount is decided by the server), the test
 * provider's card confirmation, and recording the order once the payment succeeded.
 */
export const createPaymentIntent = (bookingId: string) =>
  dataOf(api.POST('/api/create-payment-intent', { body: { bookingId } }));

export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(bookingId),
    queryFn: () => createPaymentIntent(bookingId),
    staleTime: Infinity,
    retry: false,
  });

export const usePaymentIntent = (bookingId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(bookingId), enabled });

export type CardInput = ApiSchema<'TestCardInput'>;

/** A declined card: Stripe's error shape, shown under the card form. */
export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError';
}

export async function confirmTestPayment(payment: ApiSchema<'TestPaymentInput'>) {
  const outcome = await api.POST('/api/payments/test/confirm', { body: payment });
  // Only a declined card answers with Stripe's `{error: {type: 'card_error', …}}`.
  if (outcome.error && 'error' in outcome.error) {
    throw new CardDeclinedError(outcome.error.error.message);
  }
  return (await dataOf(outcome)).paymentIntent;
}

export const createOrder = (order: ApiSchema<'NewOrderInput'>) =>
  dataOf(api.POST('/api/orders', { body: order }));
