import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

/**
 * Paying a booking: the intent's client secret (the amount is decided by the server), the test
 * provider's card confirmation, and recording the order once the payment succeeded.
 */
export const createPaymentIntent = (bookingId: string) =>
  api.post<{ clientSecret: string }>('/create-payment-intent', { bookingId });

export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['payment-intent', bookingId],
    queryFn: () => createPaymentIntent(bookingId),
    staleTime: Infinity,
    retry: false,
  });

export const usePaymentIntent = (bookingId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(bookingId), enabled });

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ConfirmedPayment {
  id: string;
  status: 'succeeded';
  amount: number;
  currency: string;
}

/** A declined card: Stripe's error shape, shown under the card form. */
export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError';
}

export async function confirmTestPayment(input: {
  clientSecret: string;
  card: CardInput;
  billingDetails: { name: string; email: string };
}): Promise<ConfirmedPayment> {
  try {
    return (await api.post<{ paymentIntent: ConfirmedPayment }>('/payments/test/confirm', input))
      .paymentIntent;
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      const body = error.body as { error?: { message?: string } } | null;
      throw new CardDeclinedError(body?.error?.message ?? error.message);
    }
    throw error;
  }
}

export const createOrder = (order: { paymentId: string; productId: string; bookingId: string }) =>
  api.post<{ acknowledged: true }>('/orders', order);
