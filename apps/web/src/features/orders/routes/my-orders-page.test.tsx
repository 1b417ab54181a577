import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { unpaidBooking } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';

const ALL = 30;
const bookings = Array.from({ length: ALL }, (_, index) => ({
  ...unpaidBooking,
  _id: `33333333-3333-4333-8333-${String(index).padStart(12, '0')}`,
  productName: `Laptop ${index + 1}`,
}));

describe('My Orders', () => {
  it('shows the first page, then follows the next link when asked, until there is none', async () => {
    // The server's cursor is opaque, and its link orders the query its own way: the client
    // can only follow it, never rebuild it.
    const secondPage = '/api/bookings?cursor=YWZ0ZXI6MjQ&limit=24&email=buyer%40example.com';
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      'GET /api/bookings?email=buyer%40example.com&limit=24': {
        body: bookings.slice(0, 24),
        headers: { link: `<${secondPage}>; rel="next"` },
      },
      [`GET ${secondPage}`]: { body: bookings.slice(24) },
    });
    renderApp('/dashboard/orders');
    expect(await screen.findByText('Laptop 24')).toBeTruthy();
    expect(screen.queryByText('Laptop 25')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Laptop 30')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(ALL + 1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
    const bookingCalls = calls.filter((call) => call.path.startsWith('/api/bookings'));
    expect(bookingCalls.map((call) => call.path)).toEqual([
      '/api/bookings?email=buyer%40example.com&limit=24',
      secondPage,
    ]);
    expect(bookingCalls[1]?.headers.get('authorization')).toBe('Bearer token-of-buyer');
  });

  it('shows the error when the list cannot be loaded', async () => {
    mockApi({
      ...signedInAs('buyer'),
      'GET /api/bookings': { status: 500, body: { message: 'The database is not answering' } },
    });
    renderApp('/dashboard/orders');
    expect(await screen.findByText('The database is not answering')).toBeTruthy();
    expect(screen.queryByText('No Orders found')).toBeNull();
  });
});
