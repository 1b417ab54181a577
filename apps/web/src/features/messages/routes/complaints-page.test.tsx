import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const open: Dispute = {
  bookingId: '33333333-3333-4333-8333-333333333333',
  productName: 'ThinkPad T14',
  priceCents: 50000,
  buyerName: 'Bea Buyer',
  sellerName: 'Sam Seller',
  reason: 'missing_parts',
  text: 'The charger was not in the bag.',
  openedAt: new Date(2026, 10, 22, 9, 5).toISOString(),
  outcome: null,
  refundCents: null,
  resolvedAt: null,
  funds: 'disputed',
  refundId: null,
};
const resolved: Dispute = {
  ...open,
  bookingId: '44444444-4444-4444-8444-444444444444',
  productName: 'MacBook Air M1',
  reason: 'not_working',
  text: 'It does not start.',
  outcome: 'split',
  refundCents: 12000,
  resolvedAt: new Date(2026, 10, 23, 10, 0).toISOString(),
  funds: 'split',
  refundId: 're_test_1',
};

const messagesOf = (dispute: Dispute) => `/api/bookings/${dispute.bookingId}/messages`;

/** The complaints page with `path` chosen; the thread of each complaint is empty. */
function openComplaints(path: string, routes: Record<string, MockHandler> = {}) {
  const api = mockApi({
    ...signedInAs('admin'),
    'GET /api/disputes?limit=24': { body: [open, resolved] },
    [`GET ${messagesOf(open)}`]: { body: [] },
    [`GET ${messagesOf(resolved)}`]: { body: [] },
    ...routes,
  });
  renderApp(path);
  return api;
}

const panel = async () =>
  within(await screen.findByRole('region', { name: open.productName }, { timeout: 10_000 }));
const decide = async (outcome: string, refund?: string) => {
  const form = within(await screen.findByRole('form', { name: 'Resolve the complaint' }));
  fireEvent.click(form.getByRole('radio', { name: outcome }));
  if (refund !== undefined) {
    fireEvent.change(await form.findByLabelText('Refund in dollars'), {
      target: { value: refund },
    });
  }
  fireEvent.click(form.getByRole('button', { name: 'Resolve' }));
  return form;
};

describe('Complaints', () => {
  it('is in the admin’s dashboard menu', async () => {
    openComplaints('/dashboard/complaints');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(await menu.findByRole('link', { name: 'Complaints' })).toHaveProperty(
      'pathname',
      '/dashboard/complaints',
    );
  });

  it('lists complaints, open first, each with what it is about', async () => {
    openComplaints('/dashboard/complaints');
    const card = async (name: string) => {
      const found = (await screen.findByRole('heading', { name })).closest('li');
      if (!found) throw new Error(`No card for ${name}`);
      return found;
    };
    const [first, second] = [await card('ThinkPad T14'), await card('MacBook Air M1')];
    // Open first: the API's order, kept.
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const openCard = within(first);
    expect(openCard.getByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(openCard.getByText('Open')).toBeTruthy();
    expect(openCard.getByText('$500.00')).toBeTruthy();
    expect(openCard.getByText('Bea Buyer')).toBeTruthy();
    expect(openCard.getByText('Sam Seller')).toBeTruthy();
    expect(openCard.getByText('Parts missing')).toBeTruthy();
    expect(openCard.getByText('Nov 22, 2026, 09:05')).toBeTruthy();
    expect(openCard.getByText('The charger was not in the bag.')).toBeTruthy();
    expect(
      openCard.getByRole('link', { name: 'Read and decide the complaint about ThinkPad T14' }),
    ).toHaveProperty('pathname', `/dashboard/complaints/${open.bookingId}`);

    const resolvedCard = within(second);
    expect(resolvedCard.getByRole('heading', { name: 'MacBook Air M1' })).toBeTruthy();
    expect(resolvedCard.getByText('Split')).toBeTruthy();
    expect(resolvedCard.getByText('Does not work')).toBeTruthy();
  });

  it('says when there are none', async () => {
    openComplaints('/dashboard/complaints', { 'GET /api/disputes?limit=24': { body: [] } });
    expect(await screen.findByText('No complaints')).toBeTruthy();
  });

  it('shows the chosen complaint’s conversation, where the admin writes while it is open', async () => {
    const { calls } = openComplaints(`/dashboard/complaints/${open.bookingId}`, {
      [`POST ${messagesOf(open)}`]: {
        status: 201,
        body: { _id: 'm1', from: 'admin', text: 'Please send a photo', createdAt: open.openedAt },
      },
    });
    const complaint = await panel();
    fireEvent.change(await complaint.findByLabelText('Message'), {
      target: { value: 'Please send a photo' },
    });
    fireEvent.click(complaint.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        text: 'Please send a photo',
      }),
    );
  });

  it('shows a resolved complaint’s outcome, with nothing left to write or decide', async () => {
    openComplaints(`/dashboard/complaints/${resolved.bookingId}`);
    const complaint = within(await screen.findByRole('region', { name: resolved.productName }));
    expect(
      await complaint.findByText(
        'Resolved on Nov 23, 2026, 10:00: $120.00 back to the buyer, $380.00 to the seller.',
      ),
    ).toBeTruthy();
    expect(complaint.queryByLabelText('Message')).toBeNull();
    expect(complaint.queryByRole('form')).toBeNull();
  });

  it('asks for a decision', async () => {
    openComplaints(`/dashboard/complaints/${open.bookingId}`);
    await panel();
    const form = within(await screen.findByRole('form', { name: 'Resolve the complaint' }));
    fireEvent.click(form.getByRole('button', { name: 'Resolve' }));
    expect(await form.findByText('Decision is required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['', 'Refund in dollars is required'],
    ['abc', 'Refund in dollars must be a number'],
    ['0', 'Refund in dollars must be more than 0'],
    ['12.345', 'Refund in dollars must have at most two decimals'],
    ['500', 'Refund in dollars must be less than the price, $500.00'],
    ['612', 'Refund in dollars must be less than the price, $500.00'],
  ])('refuses a split refund of "%s" dollars', async (refund, error) => {
    const { calls } = openComplaints(`/dashboard/complaints/${open.bookingId}`);
    await panel();
    const form = await decide('Split', refund);
    expect(await form.findByText(error)).toBeTruthy();
    expect(form.getByLabelText('Refund in dollars').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/resolve'))).toBe(false);
  });

  it('confirms where the money of a split goes, then sends the refund in cents', async () => {
    const { calls } = openComplaints(`/dashboard/complaints/${open.bookingId}`, {
      [`POST /api/disputes/${open.bookingId}/resolve`]: {
        body: { ...open, outcome: 'split', refundCents: 12000, funds: 'split' },
      },
    });
    await panel();
    await decide('Split', '120');
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        '$120.00 back to the buyer, $380.00 to the seller. This cannot be changed afterwards.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/resolve'))).toBe(false);

    fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/resolve'))?.body).toEqual({
        outcome: 'split',
        refundCents: 12000,
      }),
    );
    expect(await screen.findByText('Complaint resolved')).toBeTruthy();
  });

  it.each([
    ['Refund the buyer', '$500.00 back to the buyer, $0.00 to the seller.', { outcome: 'refund' }],
    [
      'Release to the seller',
      '$0.00 back to the buyer, $500.00 to the seller.',
      { outcome: 'release' },
    ],
  ])('confirms “%s” with where the money goes', async (outcome, sentence, body) => {
    const { calls } = openComplaints(`/dashboard/complaints/${open.bookingId}`, {
      [`POST /api/disputes/${open.bookingId}/resolve`]: { body: { ...open, ...body } },
    });
    await panel();
    await decide(outcome);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(`${sentence} This cannot be changed afterwards.`)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/resolve'))?.body).toEqual(body),
    );
  });

  it('says so when another admin decided first, and reads the complaints again', async () => {
    const { calls } = openComplaints(`/dashboard/complaints/${open.bookingId}`, {
      [`POST /api/disputes/${open.bookingId}/resolve`]: {
        status: 409,
        body: { message: 'This complaint was already resolved another way' },
      },
    });
    await panel();
    await decide('Refund the buyer');
    const listCalls = () => calls.filter((call) => call.path === '/api/disputes?limit=24');
    const before = listCalls().length;
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve' }),
    );
    expect(
      await screen.findByText('This complaint was already resolved another way', {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });
});
