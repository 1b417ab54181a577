import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { BookingStatus } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { refreshBookingViews, useBooking } from '../../../lib/bookings.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useConfig } from '../../../lib/public-config.ts';
import {
  CardDeclinedError,
  confirmTestPayment,
  createOrder,
  usePaymentIntent,
  type CardInput,
} from '../api/payments.ts';
import { TestCardForm } from '../components/test-card-form.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

// Stripe.js and Elements are only needed when the server pays through Stripe.
const StripeCardForm = lazy(() => import('../components/stripe-card-form.tsx'));

/** Why a booking in this state cannot be paid. */
const notPayable: Partial<Record<BookingStatus, string>> = {
  paid: 'This order is already paid.',
  completed: 'This order is paid and handed over.',
  cancelled: 'This booking was cancelled.',
  closed: 'Another buyer paid for this product first.',
};

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
  const intent = usePaymentIntent(
    id,
    booking.data?.status === 'unpaid' && booking.data.refundId === null,
  );
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  // Set once the provider has taken the money, so Pay stays off even if recording fails.
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  usePageTitle(booking.data ? `Payment for ${booking.data.productName}` : 'Payment');
  // A 409 here can mean the server just settled a payment made before a reload (recorded the
  // order or refunded it): reload the booking so the page shows where it stands.
  const settled = intent.error instanceof ApiError && intent.error.status === 409;
  useEffect(() => {
    if (settled) void refreshBookingViews(queryClient);
  }, [settled, queryClient]);

  if (booking.isPending) return <Spinner label="Loading booking" />;
  if (!booking.data) {
    return <p className="text-error">{errorMessage(booking.error)}</p>;
  }
  const { productName, productPrice, productId } = booking.data;
  const billingDetails = { name: user?.displayName ?? '', email: user?.email ?? '' };

  /** Records the order for a payment the provider confirmed; safe to repeat. */
  const recordOrder = async (confirmedPaymentId: string) => {
    setProcessing(true);
    setOrderError(null);
    try {
      await createOrder({ paymentId: confirmedPaymentId, productId, bookingId: id });
      await refreshBookingViews(queryClient);
      await navigate('/dashboard/orders');
    } catch (error) {
      setOrderError(errorMessage(error));
    } finally {
      setProcessing(false);
    }
  };

  /** Confirms with the provider (through the card form), then records the order. */
  const pay = async (confirm: () => Promise<string>) => {
    setProcessing(true);
    setCardError(null);
    let confirmedPaymentId: string;
    try {
      confirmedPaymentId = await confirm();
    } catch (error) {
      if (error instanceof CardDeclinedError) setCardError(error.message);
      else toast.error(errorMessage(error));
      setProcessing(false);
      return;
    }
    setPaymentId(confirmedPaymentId);
    toast.success(uiMessages.paymentSucceeded);
    await recordOrder(confirmedPaymentId);
  };

  const confirmWithTestCard = async (card: CardInput) => {
    const payment = await confirmTestPayment({
      clientSecret: intent.data?.clientSecret ?? '',
      card,
      billingDetails,
    });
    return payment.id;
  };

  const blocked = booking.data.refundId
    ? 'Your payment for this booking has been refunded.'
    : (notPayable[booking.data.status] ??
      (intent.isError
        ? errorMessage(intent.error)
        : config.isError
          ? errorMessage(config.error)
          : null));

  let form: ReactNode;
  if (config.data?.paymentProvider === 'stripe' && config.data.stripePublishableKey) {
    form = intent.data ? (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm
          publishableKey={config.data.stripePublishableKey}
          clientSecret={intent.data.clientSecret}
          billingDetails={billingDetails}
          disabled={paymentId !== null}
          processing={processing}
          cardError={cardError}
          onPay={(confirm) => void pay(confirm)}
        />
      </Suspense>
    ) : (
      <Spinner label="Preparing the payment" />
    );
  } else if (config.data) {
    form = (
      <TestCardForm
        payLabel="Pay"
        disabled={!intent.data || paymentId !== null}
        processing={processing}
        cardError={cardError}
        onPay={(card: CardInput) => void pay(() => confirmWithTestCard(card))}
      />
    );
  } else {
    form = <Spinner label="Preparing the payment" />;
  }

  return (
    <section className="max-w-lg">
      <h1 className="mb-2 text-3xl font-bold">Payment for {productName}</h1>
      <p className="mb-6 text-lg">
        Please pay <strong>{formatPrice(productPrice)}</strong> for your order.
      </p>
      {blocked ? (
        <div role="alert" className="alert alert-info">
          <span>{blocked}</span>
          <Link to="/dashboard/orders" className="btn btn-sm">
            Back to My Orders
          </Link>
        </div>
      ) : (
        <div className="card bg-base-200">
          <div className="card-body">{form}</div>
        </div>
      )}
      {paymentId && orderError && (
        <div role="alert" className="alert alert-warning mt-4 flex flex-wrap">
          <span>Your payment went through, but the order could not be recorded: {orderError}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={processing}
            onClick={() => void recordOrder(paymentId)}
          >
            Try again
          </button>
          <Link to="/dashboard/orders" className="btn btn-sm">
            Back to My Orders
          </Link>
        </div>
      )}
    </section>
  );
}
