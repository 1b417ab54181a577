import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const booking = (index: number, changes: Partial<AdminBooking> = {}): AdminBooking => ({
  _id: `33333333-3333-4333-8333-00000000000${index}`,
  product: {
    _id: '22222222-2222-4222-8222-000000000001',
    name: `ThinkPad T14 no. ${index}`,
    image: 'https://img.example.com/t14.jpg',
  },
  price: 450,
  buyer: {
    _id: '11111111-1111-4111-8111-000000000001',
    name: 'Bea Buyer',
    email: 'bea@example.com',
  },
  seller: {
    _id: '11111111-1111-4111-8111-000000000002',
    name: 'Sam Sellers',
    email: 'sam@example.com',
  },
  status: 'paid',
  funds: 'held',
  paidAt: '2026-11-21T10:00:00.000Z',
  cancelledAt: null,
  cancelledBy: null,
  refund: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...changes,
});

const FIRST_PAGE = 'GET /api/admin/bookings?limit=24';

function showOrders(routes: Record<string, MockHandler>, path = '/dashboard/bookings') {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  return { ...api, ...renderApp(path) };
}

const bookingCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/admin/bookings')).map((call) => call.path);

describe('orders lookup', () => {
  it('lists every booking with its product, price, buyer, seller, status, funds and dates', async () => {
    showOrders({ [FIRST_PAGE]: { body: [booking(1)] } });
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    await screen.findByText('ThinkPad T14 no. 1');
    const row = rowWith('ThinkPad T14 no. 1');
    expect(row.getByText('$450.00')).toBeTruthy();
    expect(row.getByText(booking(1)._id)).toBeTruthy();
    expect(row.getByText('Bea Buyer')).toBeTruthy();
    expect(row.getByText('bea@example.com')).toBeTruthy();
    expect(row.getByText('Sam Sellers')).toBeTruthy();
    expect(row.getByText('sam@example.com')).toBeTruthy();
    expect(row.getByText('Paid')).toBeTruthy();
    expect(row.getByText('Funds: Held')).toBeTruthy();
    expect(row.getByText('No refund')).toBeTruthy();
    expect(row.getByText('Booked Nov 20, 2026')).toBeTruthy();
    expect(row.getByText('Paid Nov 21, 2026')).toBeTruthy();
    expect(document.title).toBe('Orders · Reloop');
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/dashboard/bookings',
    );
  });

  it('shows a refund with its amount, and who cancelled', async () => {
    showOrders({
      [FIRST_PAGE]: {
        body: [
          booking(1, {
            status: 'cancelled',
            funds: 'refunded',
            cancelledBy: 'seller',
            cancelledAt: '2026-11-22T10:00:00.000Z',
            refund: { status: 'refunded', amount: 450 },
          }),
          booking(2, { funds: 'split', refund: { status: 'refunding', amount: null } }),
        ],
      },
    });
    await screen.findByText('ThinkPad T14 no. 1');
    const cancelled = rowWith('ThinkPad T14 no. 1');
    expect(cancelled.getByText('Cancelled by the seller')).toBeTruthy();
    expect(cancelled.getByText('Funds: Refunded')).toBeTruthy();
    expect(cancelled.getByText('Refunded')).toBeTruthy();
    expect(cancelled.getAllByText('$450.00')).toHaveLength(2);
    expect(cancelled.getByText('Cancelled Nov 22, 2026')).toBeTruthy();
    const refunding = rowWith('ThinkPad T14 no. 2');
    expect(refunding.getByText('Refunding')).toBeTruthy();
    expect(refunding.getByText('Funds: Split')).toBeTruthy();
  });

  it('searches by words, status and funds, keeping them in the URL', async () => {
    const { calls, router } = showOrders({
      [FIRST_PAGE]: { body: [booking(1)] },
      'GET /api/admin/bookings?q=bea%40example.com&status=paid&funds=held&limit=24': {
        body: [booking(2)],
      },
    });
    await screen.findByText('ThinkPad T14 no. 1');
    const form = within(screen.getByRole('search', { name: 'Find bookings' }));
    fireEvent.change(form.getByLabelText('Booking id, name or email'), {
      target: { value: '  bea@example.com ' },
    });
    fireEvent.change(form.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.change(form.getByLabelText('Funds'), { target: { value: 'held' } });
    fireEvent.click(form.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('ThinkPad T14 no. 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=bea%40example.com&status=paid&funds=held');
    expect(bookingCalls(calls)).toEqual([
      '/api/admin/bookings?limit=24',
      '/api/admin/bookings?q=bea%40example.com&status=paid&funds=held&limit=24',
    ]);
  });

  it('opens with the lookup the URL holds, ignoring values it does not know', async () => {
    const { calls } = showOrders(
      { 'GET /api/admin/bookings?status=cancelled&limit=24': { body: [booking(3)] } },
      '/dashboard/bookings?status=cancelled&funds=lost',
    );
    expect(await screen.findByText('ThinkPad T14 no. 3')).toBeTruthy();
    const form = within(screen.getByRole('search', { name: 'Find bookings' }));
    expect((form.getByLabelText('Status') as HTMLSelectElement).value).toBe('cancelled');
    expect((form.getByLabelText('Funds') as HTMLSelectElement).value).toBe('');
    expect(bookingCalls(calls)).toEqual(['/api/admin/bookings?status=cancelled&limit=24']);
  });

  it('loads more, following the link the server gave, until there is no more', async () => {
    const secondPage = '/api/admin/bookings?limit=24&cursor=abc';
    showOrders({
      [FIRST_PAGE]: { body: [booking(1)], headers: { link: `<${secondPage}>; rel="next"` } },
      [`GET ${secondPage}`]: { body: [booking(2)] },
    });
    await screen.findByText('ThinkPad T14 no. 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('ThinkPad T14 no. 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('says when no booking matches', async () => {
    showOrders({ [FIRST_PAGE]: { body: [] } });
    expect(await screen.findByText('No bookings match')).toBeTruthy();
  });

  it("shows the server's message when the lookup is refused", async () => {
    showOrders({ [FIRST_PAGE]: { status: 400, body: { message: 'querystring/q is too long' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('querystring/q is too long');
  });
});
