import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { unpaidBooking } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const booking = unpaidBooking;
const bookingId = booking._id;

function renderPayment(routes: Record<string, MockHandler>) {
  const api = mockApi({
    ...signedInAs('buyer'),
    'GET /api/config': { body: { paymentProvider: 'test', oidc: false } },
    [`GET /api/booking/${bookingId}`]: { body: booking },
    'GET /api/bookings?email=buyer%40example.com': { body: [] },
    ...routes,
  });
  renderApp(`/dashboard/payment/${bookingId}`);
  return api;
}

const payButton = () => screen.findByRole('button', { name: 'Pay' });

function enterCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/34' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('payment page', () => {
  it('keeps Pay disabled until the payment is ready', async () => {
    renderPayment({ 'POST /api/create-payment-intent': () => new Promise(() => undefined) });
    expect(await screen.findByText('Payment for ThinkPad T14')).toBeTruthy();
    expect(screen.getByText('$549.50')).toBeTruthy();
    expect(document.title).toBe('Payment for ThinkPad T14 · Reloop');
    expect((await payButton()).hasAttribute('disabled')).toBe(true);
  });

  it('shows a declined card in red under the form and records no order', async () => {
    const { calls } = renderPayment({
      'POST /api/create-payment-intent': { body: { clientSecret: 'pi_test_1_secret_x' } },
      'POST /api/payments/test/confirm': {
        status: 402,
        body: {
          message: 'Your card was declined.',
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        },
      },
    });
    await waitFor(async () => expect((await payButton()).hasAttribute('disabled')).toBe(false));
    enterCard('4000000000000002');
    // The alert region is always there (so screen readers hear it fill); wait for its text.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your card was declined.'),
    );
    expect(calls.some((call) => call.path === '/api/orders')).toBe(false);
    expect(screen.queryByText('payment successful')).toBeNull();
  });

  it('pays, records the order and goes to My Orders', async () => {
    const { calls } = renderPayment({
      'POST /api/create-payment-intent': { body: { clientSecret: 'pi_test_1_secret_x' } },
      'POST /api/payments/test/confirm': {
        body: {
          paymentIntent: { id: 'pi_test_1', status: 'succeeded', amount: 54950, currency: 'usd' },
        },
      },
      'POST /api/orders': { body: { acknowledged: true, bookingId, paymentId: 'pi_test_1' } },
    });
    await waitFor(async () => expect((await payButton()).hasAttribute('disabled')).toBe(false));
    enterCard('4242 4242 4242 4242');
    expect(await screen.findByText('payment successful')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    const confirm = calls.find((call) => call.path === '/api/payments/test/confirm');
    expect(confirm?.body).toMatchObject({
      clientSecret: 'pi_test_1_secret_x',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(calls.find((call) => call.path === '/api/orders')?.body).toEqual({
      paymentId: 'pi_test_1',
      productId: booking.productId,
      bookingId,
    });
  });

  it('keeps a paid buyer informed when the order cannot be recorded, and retries it', async () => {
    let orderAttempts = 0;
    const { calls } = renderPayment({
      'POST /api/create-payment-intent': { body: { clientSecret: 'pi_test_1_secret_x' } },
      'POST /api/payments/test/confirm': {
        body: {
          paymentIntent: { id: 'pi_test_1', status: 'succeeded', amount: 54950, currency: 'usd' },
        },
      },
      'POST /api/orders': () =>
        (orderAttempts += 1) === 1
          ? { status: 503, body: { message: 'Service unavailable' } }
          : { body: { acknowledged: true, bookingId, paymentId: 'pi_test_1' } },
    });
    await waitFor(async () => expect((await payButton()).hasAttribute('disabled')).toBe(false));
    enterCard('4242 4242 4242 4242');
    expect(
      await screen.findByText(/Your payment went through, but the order could not be recorded/),
    ).toBeTruthy();
    expect((await payButton()).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    const orders = calls.filter((call) => call.path === '/api/orders');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body).toEqual(orders[0]?.body);
  });

  it('after a reload, shows a payment the server settled as paid instead of asking again', async () => {
    let bookingReads = 0;
    renderPayment({
      // The first read is from before the server recorded the order the closed tab left.
      [`GET /api/booking/${bookingId}`]: () =>
        (bookingReads += 1) === 1 ? { body: booking } : { body: { ...booking, status: 'paid' } },
      'POST /api/create-payment-intent': {
        status: 409,
        body: { message: 'This booking is already paid' },
      },
    });
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('tells the buyer a refunded payment came back, and offers no Pay', async () => {
    const { calls } = renderPayment({
      [`GET /api/booking/${bookingId}`]: {
        body: { ...booking, status: 'closed', refundId: 're_test_1' },
      },
    });
    expect(
      await screen.findByText('Your payment for this booking has been refunded.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/create-payment-intent')).toBe(false);
  });
});
