import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth.tsx';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import BookingModal from './booking-modal.tsx';

const product = listedProduct;

function renderModal(booking: MockHandler) {
  const api = mockApi({ ...signedInAs('buyer'), 'POST /api/booking': booking });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Routes>
          <Route
            path="*"
            element={
              <AuthProvider>
                <BookingModal product={product} onClose={onClose} />
                <Toaster />
              </AuthProvider>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...api, onClose };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('BookingModal', () => {
  it('shows who books what for how much, read-only', async () => {
    renderModal({ status: 201, body: {} });
    expect((await screen.findByLabelText('Email')).getAttribute('value')).toBe('buyer@example.com');
    expect(screen.getByLabelText('Product')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Price')).toHaveProperty('value', '$549.50');
  });

  it('requires a numeric phone and a meeting location', async () => {
    const { calls } = renderModal({ status: 201, body: {} });
    submit();
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    expect(screen.getByText('Meeting location is required')).toBeTruthy();
    fill('Phone', '512-abc');
    submit();
    expect(await screen.findByText('Phone must contain digits only')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/booking')).toBe(false);
  });

  it('sends only the booking fields, toasts success and closes', async () => {
    const { calls, onClose } = renderModal({
      status: 201,
      body: { success: true, message: 'booking successfully', _id: 'b1' },
    });
    fill('Phone', '5125550199');
    fill('Meeting location', 'Central Library');
    fill('Anything else? (optional)', 'Please bring the charger');
    submit();
    expect(await screen.findByText('ThinkPad T14 booking successfully')).toBeTruthy();
    const booking = calls.find((call) => call.path === '/api/booking');
    expect(booking?.body).toEqual({
      productId: product._id,
      buyerPhone: '5125550199',
      buyerMeetingLocation: 'Central Library',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("toasts the server's message when the booking is refused, and still closes", async () => {
    const { onClose } = renderModal({
      status: 409,
      body: { message: 'you have already booked this product' },
    });
    fill('Phone', '5125550199');
    fill('Meeting location', 'Central Library');
    submit();
    expect(await screen.findByText('you have already booked this product')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
