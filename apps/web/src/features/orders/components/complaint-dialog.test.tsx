import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_DISPUTE_TEXT } from '@reloop/shared';
import { paidBooking } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import ComplaintDialog from './complaint-dialog.tsx';

const DISPUTE = `POST /api/bookings/${paidBooking._id}/dispute`;

function showDialog(answer: MockHandler) {
  const onClose = vi.fn();
  const api = mockApi({ ...signedInAs('buyer'), [DISPUTE]: answer });
  renderApp('/', {
    routes: [{ path: '/', element: <ComplaintDialog booking={paidBooking} onClose={onClose} /> }],
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Report a problem with ThinkPad T14' }));
  return { ...api, onClose, dialog };
}

const transition = {
  _id: paidBooking._id,
  status: 'completed',
  refundId: null,
  funds: 'disputed',
  releaseAt: '2026-11-29T13:00:00.000Z',
};

/** The message tied to a control through aria-describedby. */
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the complaint form', () => {
  it('offers the reasons in words, and says what a complaint does', () => {
    const { dialog } = showDialog({ status: 201, body: transition });
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason',
      'Not as described',
      'Does not work',
      'Parts missing',
      'Something else',
    ]);
    expect(
      dialog.getByText(/Your payment stays held until Reloop’s team has decided/),
    ).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'What happened' }).getAttribute('maxlength')).toBe(
      String(MAX_DISPUTE_TEXT),
    );
  });

  it('asks for a reason and the story before sending anything', async () => {
    const { dialog, calls, onClose } = showDialog({ status: 201, body: transition });
    fireEvent.change(dialog.getByRole('textbox', { name: 'What happened' }), {
      target: { value: '   ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    await waitFor(() => expect(messageOf(reason)).toBe('Reason is required'));
    const text = dialog.getByRole('textbox', { name: 'What happened' });
    expect(messageOf(text)).toBe('What happened is required');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a story longer than the server takes', async () => {
    const { dialog, calls } = showDialog({ status: 201, body: transition });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason' }), {
      target: { value: 'other' },
    });
    const text = dialog.getByRole('textbox', { name: 'What happened' });
    fireEvent.change(text, { target: { value: 'x'.repeat(MAX_DISPUTE_TEXT + 1) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));
    await waitFor(() =>
      expect(messageOf(text)).toBe(`What happened must be at most ${MAX_DISPUTE_TEXT} characters`),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the reason and the trimmed story, then closes', async () => {
    const { dialog, calls, onClose } = showDialog({ status: 201, body: transition });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason' }), {
      target: { value: 'not_working' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'What happened' }), {
      target: { value: '  It does not boot  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { reason: 'not_working', text: 'It does not boot' },
    ]);
  });

  it("stays open with the server's refusal and what was typed", async () => {
    const { dialog, onClose } = showDialog({
      status: 409,
      body: { message: 'The time to report a problem with this sale is over' },
    });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason' }), {
      target: { value: 'not_as_described' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'What happened' }), {
      target: { value: 'The battery is at 40%, not 88%' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The time to report a problem with this sale is over',
    );
    expect(dialog.getByRole('textbox', { name: 'What happened' })).toHaveProperty(
      'value',
      'The battery is at 40%, not 88%',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields", async () => {
    const { dialog } = showDialog({
      status: 400,
      body: {
        message: 'Invalid request',
        errors: [{ path: 'body.text', message: 'is required' }],
      },
    });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason' }), {
      target: { value: 'other' },
    });
    const text = dialog.getByRole('textbox', { name: 'What happened' });
    fireEvent.change(text, { target: { value: 'Something' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));
    await waitFor(() => expect(messageOf(text)).toBe('What happened is required'));
    expect(dialog.getByRole('alert').textContent).toBe('');
  });
});
