import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@reloop/shared';
import { listedProductDetail } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const listing: ProductDetail = { ...listedProductDetail, batteryHealth: null, sellerRating: null };
const REPORT = `/api/product/report/${listing._id}`;

/** The listing's page for a buyer, with `report` answering the report. */
function openListing(report: MockHandler = { body: { acknowledged: true } }) {
  const api = mockApi({
    ...signedInAs('buyer'),
    [`GET /api/product/${listing._id}`]: { body: listing },
    [`GET /api/search?sellerId=${listing.sellerId}&limit=5`]: { body: [] },
    'GET /api/bookings': { body: [] },
    'GET /api/watchlist/ids': { body: [] },
    'GET /api/product/reports/mine': { body: { productIds: [] } },
    'GET /api/notifications': { body: { unread: 0, unreadMessages: 0, notifications: [] } },
    [`PUT ${REPORT}`]: report,
  });
  renderApp(`/product/${listing._id}`);
  return api;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
  return within(await screen.findByRole('dialog', { name: `Report ${listing.name}` }));
}

const reports = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === REPORT).map((call) => call.body);

describe('reporting a listing', () => {
  it('sends the reason and the words, then toasts the spec’s text and closes', async () => {
    const { calls } = openListing();
    const dialog = await openDialog();
    expect(
      dialog.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Looks like a scam',
      'Prohibited item',
      'Wrong category',
      'Misleading description or photos',
      'Something else',
    ]);
    fireEvent.click(dialog.getByRole('radio', { name: 'Looks like a scam' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '  Asks to pay outside the site  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('product report successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reports(calls)).toEqual([{ reason: 'scam', text: 'Asks to pay outside the site' }]);
    expect(screen.getByRole('button', { name: 'reported' })).toHaveProperty('disabled', true);
  });

  it('leaves out words that are only spaces', async () => {
    const { calls } = openListing();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('radio', { name: 'Wrong category' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '   ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('product report successfully')).toBeTruthy();
    expect(reports(calls)).toEqual([{ reason: 'wrong_category' }]);
  });

  it('asks for a reason and sends nothing without one', async () => {
    const { calls } = openListing();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Choose a reason')).toBeTruthy();
    expect(reports(calls)).toEqual([]);
  });

  it.each([
    [409, 'You have already reported this listing'],
    [403, 'You cannot report your own listing'],
  ])('shows the server’s message on a %i and stays open', async (status, message) => {
    openListing({ status, body: { message } });
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('radio', { name: 'Prohibited item' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('product report successfully')).toBeNull();
    // Reported already: the button says so once the dialog is closed; one's own listing: not.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('button', { name: status === 409 ? 'reported' : 'Report' }),
    ).toBeTruthy();
  });

  it('sends nothing when cancelled', async () => {
    const { calls } = openListing();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('radio', { name: 'Something else' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reports(calls)).toEqual([]);
  });
});
