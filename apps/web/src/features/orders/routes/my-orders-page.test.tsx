import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { paidBooking, unpaidBooking } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

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

/** One booking of each state, each its own laptop. */
const order = (index: number, productName: string, state: Partial<Booking>): Booking => ({
  ...unpaidBooking,
  _id: `66666666-6666-4666-8666-${String(index).padStart(12, '0')}`,
  productName,
  ...state,
});
const unpaid = order(1, 'Unpaid Dell', {});
const paid = order(2, 'Paid ThinkPad', {
  ...paidBooking,
  _id: '66666666-6666-4666-8666-000000000002',
  productName: 'Paid ThinkPad',
  note: 'Please bring the charger',
  unreadMessages: 2,
});
const handedOver = order(3, 'Handed over HP', {
  status: 'completed',
  sellerName: 'Sam Sellers',
  sellerPhone: '5125550123',
  paidAt: '2026-11-21T10:00:00.000Z',
  completedAt: '2026-11-22T10:00:00.000Z',
  funds: 'released',
  releaseAt: '2026-11-24T10:00:00.000Z',
});
const cancelledBySeller = order(4, 'Cancelled Asus', {
  status: 'cancelled',
  cancelledBy: 'seller',
  cancelledAt: '2026-11-22T10:00:00.000Z',
  refundId: 're_test_1',
  funds: 'refunded',
});
const cancelledByMe = order(5, 'Dropped Acer', { status: 'cancelled', cancelledBy: 'buyer' });
const soldToOther = order(6, 'Gone MacBook', { status: 'closed' });

const ORDERS = 'GET /api/bookings?email=buyer%40example.com&limit=24';

function showOrders(routes: Record<string, MockHandler> = {}) {
  const api = mockApi({
    ...signedInAs('buyer'),
    [ORDERS]: { body: [unpaid, paid, handedOver, cancelledBySeller, cancelledByMe, soldToOther] },
    ...routes,
  });
  renderApp('/dashboard/orders');
  return api;
}

describe('My Orders, by state', () => {
  it('shows where each booking stands and offers only what its state allows', async () => {
    showOrders();
    await screen.findByText('Paid ThinkPad');

    const unpaidRow = rowWith('Unpaid Dell');
    expect(unpaidRow.getByText('Unpaid', { selector: '.badge' })).toBeTruthy();
    expect(unpaidRow.getByRole('link', { name: 'Pay' }).getAttribute('href')).toBe(
      `/dashboard/payment/${unpaid._id}`,
    );
    expect(unpaidRow.getByRole('button', { name: 'Cancel booking of Unpaid Dell' })).toBeTruthy();
    expect(unpaidRow.queryByRole('button', { name: /Confirm handover/ })).toBeNull();
    expect(unpaidRow.getByText('Seller’s contact once paid')).toBeTruthy();
    expect(unpaidRow.queryByText(/Show this code/)).toBeNull();

    const paidRow = rowWith('Paid ThinkPad');
    expect(paidRow.getByText('Paid', { selector: '.badge' })).toBeTruthy();
    expect(paidRow.getByText('Payment held', { selector: '.badge' })).toBeTruthy();
    expect(paidRow.getByText('Paid', { selector: 'li' }).textContent).toMatch(
      /^Paid Nov 2\d, 2026$/,
    );
    expect(paidRow.queryByRole('link', { name: 'Pay' })).toBeNull();
    // The code to show at the meetup, in two groups of three; the buyer may still confirm.
    expect(paidRow.getByText(/^Show this code to the seller/).textContent).toBe(
      'Show this code to the seller at the meetup: 123 456',
    );
    expect(paidRow.getByText('123 456', { selector: 'strong' })).toBeTruthy();
    expect(paidRow.getByRole('button', { name: 'Confirm handover of Paid ThinkPad' })).toBeTruthy();
    expect(paidRow.getByRole('button', { name: 'Cancel booking of Paid ThinkPad' })).toBeTruthy();
    expect(paidRow.getByText('Sam Sellers')).toBeTruthy();
    expect(paidRow.getByRole('link', { name: '5125550123' }).getAttribute('href')).toBe(
      'tel:5125550123',
    );
    expect(paidRow.getByText('Note: Please bring the charger')).toBeTruthy();
    const messages = paidRow.getByRole('link', { name: 'Messages about Paid ThinkPad 2 unread' });
    expect(messages.getAttribute('href')).toBe(`/dashboard/orders/${paid._id}/messages`);

    // Handed over: nothing to cancel any more, and its money has gone to the seller.
    const doneRow = rowWith('Handed over HP');
    expect(doneRow.getByText('Handed over', { selector: '.badge' })).toBeTruthy();
    expect(doneRow.getByText('Paid to seller', { selector: '.badge' })).toBeTruthy();
    expect(doneRow.queryAllByRole('button')).toHaveLength(0);
    expect(doneRow.getByRole('link', { name: 'Messages about Handed over HP' })).toBeTruthy();

    const refundedRow = rowWith('Cancelled Asus');
    expect(refundedRow.getByText('Cancelled by the seller')).toBeTruthy();
    expect(refundedRow.getByText('Refunded').getAttribute('title')).toBe('Refund re_test_1');
    expect(refundedRow.queryAllByRole('button')).toHaveLength(0);

    // Never paid: no money to speak of.
    const droppedRow = rowWith('Dropped Acer');
    expect(droppedRow.getByText('Cancelled by you')).toBeTruthy();
    expect(droppedRow.getAllByText(/./, { selector: '.badge' })).toHaveLength(1);
    const goneRow = rowWith('Gone MacBook');
    expect(goneRow.getByText('Sold to another buyer')).toBeTruthy();
    expect(goneRow.queryByRole('link', { name: 'Pay' })).toBeNull();
  });

  it('cancels a paid booking once the buyer agrees to the refund, then reloads the orders', async () => {
    let cancelled = false;
    const { calls } = showOrders({
      [ORDERS]: () => ({
        body: [{ ...paid, ...(cancelled && { status: 'cancelled', cancelledBy: 'buyer' }) }],
      }),
      [`POST /api/bookings/${paid._id}/cancel`]: () => {
        cancelled = true;
        return { body: { _id: paid._id, status: 'cancelled', refundId: 're_test_2' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Paid ThinkPad' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/Your payment of \$549\.50 will be refunded/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel booking' }));

    expect(
      await screen.findByText('Booking cancelled; your payment will be refunded'),
    ).toBeTruthy();
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/bookings?'))).toHaveLength(2);
  });

  it('keeps a booking when the buyer backs out of cancelling it', async () => {
    const { calls } = showOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Unpaid Dell' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/stays on sale for other buyers/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
  });

  it('confirms the handover, with the buttons off while the server answers', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = showOrders({
      [`POST /api/bookings/${paid._id}/complete`]: () =>
        answered.then(() => ({ body: { _id: paid._id, status: 'completed', refundId: null } })),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Confirm handover of Paid ThinkPad' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm handover' }));
    await waitFor(() =>
      expect(
        rowWith('Unpaid Dell')
          .getByRole('button', { name: 'Cancel booking of Unpaid Dell' })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(dialog.getByRole('button', { name: 'Confirm handover' }).hasAttribute('disabled')).toBe(
      true,
    );
    answer();
    expect(await screen.findByText('Handover confirmed')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/complete'))).toHaveLength(1);
  });

  it('offers no handover to confirm once a paid booking is cancelled (its seller deleted)', async () => {
    // Paid, then cancelled when an admin deleted the seller: refunded, nobody to meet.
    showOrders({
      [ORDERS]: {
        body: [
          {
            ...paid,
            status: 'cancelled',
            cancelledBy: 'seller',
            cancelledAt: '2026-11-23T10:00:00.000Z',
            refundId: 're_test_5',
            funds: 'refunded',
            handoverCode: null,
            sellerName: null,
            sellerPhone: null,
          },
        ],
      },
    });
    await screen.findByText('Paid ThinkPad');
    const row = rowWith('Paid ThinkPad');
    expect(row.getByText('Cancelled by the seller')).toBeTruthy();
    expect(row.getByText('Refunded').getAttribute('title')).toBe('Refund re_test_5');
    expect(row.queryByRole('button', { name: /Confirm handover/ })).toBeNull();
    expect(row.queryAllByRole('button')).toHaveLength(0);
    expect(row.queryByRole('link', { name: 'Pay' })).toBeNull();
  });

  it("toasts the server's refusal", async () => {
    showOrders({
      [`POST /api/bookings/${paid._id}/cancel`]: {
        status: 409,
        body: { message: 'The handover is done; this booking can no longer be changed' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Paid ThinkPad' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }),
    );
    expect(
      await screen.findByText('The handover is done; this booking can no longer be changed'),
    ).toBeTruthy();
  });
});

/** Friday Nov 27, 2026, 09:00 where the test runs: the window's end is worded from here. */
const NOW = new Date(2026, 10, 27, 9, 0);
/** Handed over, its payment held until Sunday 14:00. */
const held = order(7, 'Held Lenovo', {
  ...paidBooking,
  _id: '66666666-6666-4666-8666-000000000007',
  productName: 'Held Lenovo',
  status: 'completed',
  completedAt: new Date(2026, 10, 27, 8, 0).toISOString(),
  handoverCode: null,
  funds: 'held',
  releaseAt: new Date(2026, 10, 29, 14, 0).toISOString(),
});

describe('My Orders, while the payment is held after the handover', () => {
  beforeEach(() => {
    // Only the clock: the queries' and the dialogs' timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says until when a problem can be reported, and offers no cancel', async () => {
    showOrders({ [ORDERS]: { body: [held] } });
    await screen.findByText('Held Lenovo');
    const row = rowWith('Held Lenovo');
    expect(row.getByText(/You can report a problem until/).textContent).toMatch(
      /You can report a problem until Sunday 14:00\.$/,
    );
    expect(row.getByText('Payment held', { selector: '.badge' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Report a problem with Held Lenovo' })).toBeTruthy();
    expect(
      row.getByRole('button', { name: 'Release the payment for Held Lenovo now' }),
    ).toBeTruthy();
    expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(row.queryByText(/Show this code/)).toBeNull();
  });

  it('gives the date too when the window ends more than six days away', async () => {
    showOrders({
      [ORDERS]: { body: [{ ...held, releaseAt: new Date(2026, 11, 6, 14, 0).toISOString() }] },
    });
    await screen.findByText('Held Lenovo');
    expect(rowWith('Held Lenovo').getByText('Sunday, Dec 6, 2026, 14:00')).toBeTruthy();
  });

  it('offers neither once the window is over, though the payment is not released yet', async () => {
    showOrders({
      [ORDERS]: { body: [{ ...held, releaseAt: new Date(2026, 10, 27, 8, 59).toISOString() }] },
    });
    await screen.findByText('Held Lenovo');
    const row = rowWith('Held Lenovo');
    expect(row.getByText('Your payment is on its way to the seller.')).toBeTruthy();
    expect(row.queryByText(/report a problem/i)).toBeNull();
    expect(row.queryAllByRole('button')).toHaveLength(0);
  });

  it('reports a problem, then shows the complaint open', async () => {
    let reported = false;
    const { calls } = showOrders({
      [ORDERS]: () => ({ body: [reported ? { ...held, funds: 'disputed' } : held] }),
      [`POST /api/bookings/${held._id}/dispute`]: () => {
        reported = true;
        return {
          status: 201,
          body: {
            _id: held._id,
            status: 'completed',
            refundId: null,
            funds: 'disputed',
            releaseAt: held.releaseAt,
          },
        };
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Report a problem with Held Lenovo' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Report a problem with Held Lenovo' }),
    );
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason' }), {
      target: { value: 'missing_parts' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'What happened' }), {
      target: { value: '  The charger was not in the box  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Report the problem' }));

    expect(
      await screen.findByText('Problem reported: Reloop’s team will look into it'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/dispute'))?.body).toEqual({
      reason: 'missing_parts',
      text: 'The charger was not in the box',
    });
    const row = rowWith('Held Lenovo');
    expect(await row.findByText('Complaint open', { selector: '.badge' })).toBeTruthy();
    expect(row.getByText(/Reloop’s team is looking into your complaint/)).toBeTruthy();
    expect(row.queryAllByRole('button')).toHaveLength(0);
  });

  it('releases the payment early once the buyer confirms', async () => {
    let released = false;
    const { calls } = showOrders({
      [ORDERS]: () => ({ body: [released ? { ...held, funds: 'released' } : held] }),
      [`POST /api/bookings/${held._id}/release`]: () => {
        released = true;
        return {
          body: {
            _id: held._id,
            status: 'completed',
            refundId: null,
            funds: 'released',
            releaseAt: held.releaseAt,
          },
        };
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Release the payment for Held Lenovo now' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/you can no longer report a problem/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Release payment' }));
    expect(await screen.findByText('Payment released to the seller')).toBeTruthy();
    expect(
      await rowWith('Held Lenovo').findByText('Paid to seller', { selector: '.badge' }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/release'))).toHaveLength(1);
  });
});
