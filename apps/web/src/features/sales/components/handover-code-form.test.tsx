import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paidSale } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import HandoverCodeForm from './handover-code-form.tsx';

const HANDOVER = `POST /api/sales/${paidSale._id}/handover`;

function showForm(answer: MockHandler) {
  const api = mockApi({ ...signedInAs('seller'), [HANDOVER]: answer });
  renderApp('/', { routes: [{ path: '/', element: <HandoverCodeForm sale={paidSale} /> }] });
  const form = within(
    screen.getByRole('form', { name: 'Enter the buyer’s code for ThinkPad T14' }),
  );
  const enter = (code: string) => {
    fireEvent.change(form.getByRole('textbox', { name: 'Buyer’s code' }), {
      target: { value: code },
    });
    fireEvent.click(form.getByRole('button', { name: 'Confirm handover' }));
  };
  return { ...api, form, enter };
}

const wrongCode = (attemptsLeft: number): MockHandler => ({
  status: 422,
  body: {
    message: 'That is not the buyer’s code: check the six digits in their My Orders',
    attemptsLeft,
  },
});

describe('entering the buyer’s code', () => {
  it('is a numeric field, and sends the six digits typed as the buyer shows them', async () => {
    const { form, enter, calls } = showForm({
      body: {
        _id: paidSale._id,
        status: 'completed',
        refundId: null,
        funds: 'held',
        releaseAt: '2026-11-29T13:00:00.000Z',
      },
    });
    expect(form.getByRole('textbox', { name: 'Buyer’s code' }).getAttribute('inputmode')).toBe(
      'numeric',
    );
    enter(' 123 456 ');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { code: '123456' },
      ]),
    );
    expect(form.getByRole('alert').textContent).toBe('');
  });

  it('checks the code before sending it', async () => {
    const { form, enter, calls } = showForm(wrongCode(4));
    enter('12 345');
    const input = form.getByRole('textbox', { name: 'Buyer’s code' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Buyer’s code must be the six digits the buyer shows',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says a wrong code is wrong, and how many tries are left', async () => {
    const { form, enter } = showForm(wrongCode(3));
    enter('654321');
    expect(await form.findByText(/3 tries left/)).toBeTruthy();
    expect(form.getByRole('alert').textContent).toBe(
      'That is not the buyer’s code: check the six digits in their My Orders. 3 tries left.',
    );
  });

  it('counts the last try as one', async () => {
    const { form, enter } = showForm(wrongCode(1));
    enter('654321');
    expect(await form.findByText(/1 try left\.$/)).toBeTruthy();
  });

  it('says the code is locked once the last try was wrong', async () => {
    const { form, enter } = showForm(wrongCode(0));
    enter('654321');
    expect(await form.findByText(/No tries left: you can try again in 15 minutes\.$/)).toBeTruthy();
  });

  it('says for how long entering codes is locked (429)', async () => {
    const { form, enter } = showForm({
      status: 429,
      headers: { 'retry-after': '540' },
      body: {
        message:
          'Too many wrong codes: try again later, or ask the buyer to confirm the handover in My Orders',
      },
    });
    enter('111111');
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe(
        'Too many wrong codes: try again later, or ask the buyer to confirm the handover in My Orders. You can try again in 9 minutes.',
      ),
    );
  });
});
