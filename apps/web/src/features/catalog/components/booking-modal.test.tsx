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

function renderModal(booking: MockHandler, phone = '') {
  const api = mockApi({ ...signedInAs('buyer', { phone }), 'POST /api/booking': booking });
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
    // The email arrives with the session check, after the dialog first shows.
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('value')).toBe('buyer@example.com'),
    );
    expect(screen.getByLabelText('Product')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Price')).toHaveProperty('value', '$549.50');
  });

  it('checks the phone and meeting place by the rules the server uses', async () => {
    const { calls } = renderModal({ status: 201, body: {} });
    submit();
    expect(await screen.findByText('Phone must have 6 to 15 digits')).toBeTruthy();
    expect(screen.getByText('Meeting location is required')).toBeTruthy();
    fill('Phone', '512-abc');
    submit();
    expect(await screen.findByText('Phone must have 6 to 15 digits')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/booking')).toBe(false);
  });

  /** Books with `note` in the "Anything else?" box; what was sent, once the dialog said it was. */
  async function bookWithNote(note: string) {
    const modal = renderModal({
      status: 201,
      body: { success: true, message: 'booking successfully', _id: 'b1' },
    });
    fill('Phone', '+1 (512) 555-0199');
    fill('Meeting location', 'Central Library');
    fill('Anything else? (optional)', note);
    submit();
    expect(await screen.findByText('ThinkPad T14 booking successfully')).toBeTruthy();
    return { ...modal, sent: modal.calls.find((call) => call.path === '/api/booking')?.body };
  }

  it('sends the booking with its note, trimmed, toasts success and closes', async () => {
    const { sent, onClose } = await bookWithNote('  Please bring the charger\n');
    expect(sent).toEqual({
      productId: product._id,
      buyerPhone: '15125550199',
      buyerMeetingLocation: 'Central Library',
      note: 'Please bring the charger',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends no note when the box is left blank', async () => {
    const { sent } = await bookWithNote('   ');
    expect(sent).not.toHaveProperty('note');
  });

  it("shows the server's refusal in the dialog and stays open with what was typed", async () => {
    const { onClose } = renderModal({
      status: 409,
      body: { message: 'you have already booked this product' },
    });
    fill('Phone', '5125550199');
    fill('Meeting location', 'Central Library');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('you have already booked this product'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Meeting location')).toHaveProperty('value', 'Central Library');
  });

  it("starts the phone with the one in the user's settings, once the user is known", async () => {
    renderModal({ status: 201, body: {} }, '5125550123');
    await waitFor(() =>
      expect(screen.getByLabelText('Phone')).toHaveProperty('value', '5125550123'),
    );
  });

  it('keeps a phone typed before the user was known', async () => {
    renderModal({ status: 201, body: {} }, '5125550123');
    fill('Phone', '5125550199');
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('value')).toBe('buyer@example.com'),
    );
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '5125550199');
  });

  it("puts a 400's field message on its field, focused, and keeps the dialog open", async () => {
    const { onClose } = renderModal({
      status: 400,
      body: {
        message: 'Invalid request',
        errors: [{ path: 'body.buyerPhone', message: 'is not a number we can call' }],
      },
    });
    fill('Phone', '5125550199');
    fill('Meeting location', 'Central Library');
    submit();
    expect(await screen.findByText('Phone is not a number we can call')).toBeTruthy();
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(phone).toHaveProperty('value', '5125550199');
    expect(onClose).not.toHaveBeenCalled();
  });
});
