import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { unpaidBooking } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

// Stripe.js comes from Stripe's servers, which tests never reach: Elements is replaced by a
// stand-in whose confirmPayment answers as Stripe would.
const confirmPayment = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe: () => Promise.resolve({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div>Stripe card fields</div>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

const bookingId = unpaidBooking._id;

function renderStripePayment() {
  const api = mockApi({
    ...signedInAs('buyer'),
    'GET /api/config': {
      body: { paymentProvider: 'stripe', stripePublishableKey: 'pk_test_x', oidc: false },
    },
    [`GET /api/booking/${bookingId}`]: { body: unpaidBooking },
    'GET /api/bookings?email=buyer%40example.com': { body: [] },
    'POST /api/create-payment-intent': { body: { clientSecret: 'pi_1_secret_x' } },
    'POST /api/orders': { body: { acknowledged: true, bookingId, paymentId: 'pi_1' } },
  });
  renderApp(`/dashboard/payment/${bookingId}`);
  return api;
}

const pay = async () => {
  await screen.findByText('Stripe card fields');
  const button = await screen.findByRole('button', { name: 'Pay' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
};

describe('payment page with Stripe', () => {
  beforeEach(() => confirmPayment.mockReset());

  it('confirms with Stripe Elements, then records the order', async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { calls } = renderStripePayment();
    await pay();
    expect(await screen.findByText('payment successful')).toBeTruthy();
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        redirect: 'if_required',
        confirmParams: expect.objectContaining({
          payment_method_data: {
            billing_details: { name: 'Test buyer', email: 'buyer@example.com' },
          },
        }) as unknown,
      }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/orders')?.body).toMatchObject({
        paymentId: 'pi_1',
        bookingId,
      }),
    );
  });

  it("shows Stripe's card error in red and records nothing", async () => {
    confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { calls } = renderStripePayment();
    await pay();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your card has insufficient funds.'),
    );
    expect(calls.some((call) => call.path === '/api/orders')).toBe(false);
  });
});
