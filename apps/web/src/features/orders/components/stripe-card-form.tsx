import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { FormEvent } from 'react';
import { CardDeclinedError } from '../api/payments.ts';
import { PayButton } from './pay-button.tsx';

/**
 * The card form when the server uses Stripe: Stripe Elements, so card details go straight to
 * Stripe and never through Reloop. Loaded only on the payment page, and only with Stripe.
 */
export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** The buyer's name and email, sent with the card (the form does not ask for them again). */
  billingDetails: { name: string; email: string };
  disabled: boolean;
  processing: boolean;
  cardError: string | null;
  /** Hands the page a function that confirms the payment and returns its id. */
  onPay: (confirm: () => Promise<string>) => void;
}

let stripeLoading: Promise<Stripe | null> | undefined;
const loadStripeOnce = (publishableKey: string) => (stripeLoading ??= loadStripe(publishableKey));

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  ...form
}: StripeCardFormProps) {
  return (
    <Elements stripe={loadStripeOnce(publishableKey)} options={{ clientSecret }}>
      <PaymentForm {...form} />
    </Elements>
  );
}

function PaymentForm({
  billingDetails,
  disabled,
  processing,
  cardError,
  onPay,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();

  const confirm = async (): Promise<string> => {
    if (!stripe || !elements) throw new Error('The payment form is still loading');
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      // Cards complete here; a method that must leave the page comes back to My Orders, and
      // the webhook records the order.
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}/dashboard/orders`,
        payment_method_data: { billing_details: billingDetails },
      },
    });
    if (error) {
      if (error.type === 'card_error' || error.type === 'validation_error') {
        throw new CardDeclinedError(error.message ?? 'Your card was declined.');
      }
      throw new Error(error.message ?? 'The payment could not be completed');
    }
    if (paymentIntent.status !== 'succeeded') {
      throw new CardDeclinedError('The payment has not completed yet.');
    }
    return paymentIntent.id;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay(confirm);
  };
  return (
    <form className="grid gap-4" onSubmit={submit} aria-describedby="card-error">
      <PaymentElement options={{ fields: { billingDetails: { name: 'never', email: 'never' } } }} />
      <PayButton
        label="Pay"
        disabled={!stripe || !elements || disabled}
        processing={processing}
        error={cardError}
      />
    </form>
  );
}
