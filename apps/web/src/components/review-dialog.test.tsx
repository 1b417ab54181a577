import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_REVIEW_TEXT } from '@reloop/shared';
import { paidBooking } from '../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import ReviewDialog from './review-dialog.tsx';

const REVIEW = `POST /api/bookings/${paidBooking._id}/review`;
const written = { _id: '77777777-7777-4777-8777-777777777777', revealed: false };

function showDialog(answer: MockHandler) {
  const onClose = vi.fn();
  const api = mockApi({ ...signedInAs('buyer'), [REVIEW]: answer });
  renderApp('/', {
    routes: [
      {
        path: '/',
        element: <ReviewDialog booking={paidBooking} subject="seller" onClose={onClose} />,
      },
    ],
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Review the seller of ThinkPad T14' }));
  return { ...api, onClose, dialog };
}

/** The message tied to a control through aria-describedby (its first id). */
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
    ?.textContent;

function fillIn(dialog: ReturnType<typeof within>, stars: string, text: string) {
  fireEvent.click(dialog.getByRole('radio', { name: stars }));
  fireEvent.change(dialog.getByRole('textbox', { name: 'Your review' }), {
    target: { value: text },
  });
}

describe('the review dialog', () => {
  it('offers one to five stars as one group, and counts what is typed', () => {
    const { dialog } = showDialog({ status: 201, body: written });
    const stars = within(dialog.getByRole('group', { name: 'Rating' })).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    // One name, so the arrow keys move between them and Tab passes the group at once.
    expect(new Set(stars.map((star) => star.getAttribute('name')))).toEqual(new Set(['rating']));
    expect(
      dialog.getByText(/Nobody sees your review until the seller has reviewed you too/),
    ).toBeTruthy();

    const text = dialog.getByRole('textbox', { name: 'Your review' });
    expect(text.getAttribute('maxlength')).toBe(String(MAX_REVIEW_TEXT));
    expect(dialog.getByText(`0 / ${MAX_REVIEW_TEXT} characters`)).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Great' } });
    expect(dialog.getByText(`5 / ${MAX_REVIEW_TEXT} characters`)).toBeTruthy();
  });

  it('asks for stars and words before sending anything', async () => {
    const { dialog, calls, onClose } = showDialog({ status: 201, body: written });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Your review' }), {
      target: { value: '   ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send review' }));
    const star = dialog.getByRole('radio', { name: '1 star' });
    await waitFor(() => expect(messageOf(star)).toBe('Rating is required'));
    expect(star.getAttribute('aria-invalid')).toBe('true');
    const text = dialog.getByRole('textbox', { name: 'Your review' });
    expect(messageOf(text)).toBe('Your review is required');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the stars as a number and the trimmed words, then closes', async () => {
    const { dialog, calls, onClose } = showDialog({ status: 201, body: written });
    fillIn(dialog, '4 stars', '  Friendly, and the laptop is as described.  ');
    fireEvent.click(dialog.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { rating: 4, text: 'Friendly, and the laptop is as described.' },
    ]);
  });

  it("stays open with the server's refusal and what was typed", async () => {
    const { dialog, onClose } = showDialog({
      status: 409,
      body: { message: 'You already reviewed this sale' },
    });
    fillIn(dialog, '2 stars', 'Came late');
    fireEvent.click(dialog.getByRole('button', { name: 'Send review' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('You already reviewed this sale');
    expect(dialog.getByRole('textbox', { name: 'Your review' })).toHaveProperty(
      'value',
      'Came late',
    );
    expect(dialog.getByRole('radio', { name: '2 stars' })).toHaveProperty('checked', true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields", async () => {
    const { dialog } = showDialog({
      status: 400,
      body: {
        message: 'Invalid request',
        errors: [{ path: 'body.rating', message: 'must be from 1 to 5' }],
      },
    });
    fillIn(dialog, '5 stars', 'Great');
    fireEvent.click(dialog.getByRole('button', { name: 'Send review' }));
    await waitFor(() =>
      expect(messageOf(dialog.getByRole('radio', { name: '5 stars' }))).toBe(
        'Rating must be from 1 to 5',
      ),
    );
    expect(dialog.getByRole('alert').textContent).toBe('');
  });
});
