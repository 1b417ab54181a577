import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { useBooking } from '../api/bookings.ts';
import {
  CardDeclinedError,
  confirmTestPayment,
  createOrder,
  usePaymentIntent,
  type CardInput,
} from '../api/payments.ts';
import { TestCardForm } from '../components/test-card-form.tsx';

// Stripe.js and Elements are only needed when the server pays through Stripe.
const StripeCardForm = lazy(() => import('../components/stripe-card-form.tsx'));

/**
 * /dashboard/payment/:id — pay one booking by card. Pay stays disabled until the payment is
 * ready, while it runs, and after it succeeded; then the order is recorded.
 */
export function Component() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const booking = useBooking(id);
  const intent = usePaymentIntent(id, booking.data?.status === 'unpaid');
  const [processing, setProcessing] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  if (booking.isPending) return <Spinner label="Loading booking" />;
  if (!booking.data) {
    return <p className="text-error">{errorMessage(booking.error)}</p>;
  }
  const { productName, productPrice, productId } = booking.data;

  /** Confirms with the provider (through the card form), then records the order. */
  const pay = async (confirm: () => Promise<string>) => {
    setProcessing(true);
    setCardError(null);
    try {
      const paymentId = await confirm();
      setSucceeded(true);
      toast.success(uiMessages.paymentSucceeded);
      await createOrder({ paymentId, productId, bookingId: id });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
      await navigate('/dashboard/orders');
    } catch (error) {
      if (error instanceof CardDeclinedError) setCardError(error.message);
      else toast.error(errorMessage(error));
    } finally {
      setProcessing(false);
    }
  };

  const confirmWithTestCard = async (card: CardInput) => {
    const clientSecret = intent.data?.clientSecret ?? '';
    const payment = await confirmTestPayment({
      clientSecret,
      card,
      billingDetails: { name: user?.displayName ?? '', email: user?.email ?? '' },
    });
    return payment.id;
  };

  return (
    <section className="max-w-lg">
      <h1 className="mb-2 text-3xl font-bold">Payment for {productName}</h1>
      <p className="mb-6 text-lg">
        Please pay <strong>{formatPrice(productPrice)}</strong> for your order.
      </p>
      {booking.data.status !== 'unpaid' || intent.isError ? (
        <div role="alert" className="alert alert-info">
          <span>
            {booking.data.status === 'paid'
              ? 'This order is already paid.'
              : booking.data.status === 'closed'
                ? 'Another buyer paid for this product first.'
                : errorMessage(intent.error)}
          </span>
          <Link to="/dashboard/orders" className="btn btn-sm">
            Back to My Orders
          </Link>
        </div>
      ) : (
        <div className="card bg-base-200">
          <div className="card-body">
            {config.data?.paymentProvider === 'stripe' &&
            config.data.stripePublishableKey &&
            intent.data ? (
              <Suspense fallback={<Spinner label="Loading the card form" />}>
                <StripeCardForm
                  publishableKey={config.data.stripePublishableKey}
                  clientSecret={intent.data.clientSecret}
                  disabled={succeeded}
                  processing={processing}
                  cardError={cardError}
                  onPay={(confirm) => void pay(confirm)}
                />
              </Suspense>
            ) : (
              <TestCardForm
                payLabel="Pay"
                disabled={!intent.data || config.data?.paymentProvider !== 'test' || succeeded}
                processing={processing}
                cardError={cardError}
                onPay={(card: CardInput) => void pay(() => confirmWithTestCard(card))}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
