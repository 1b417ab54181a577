import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@reloop/shared';
import { paidSale } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const unpaidSale: Sale = {
  ...paidSale,
  _id: '77777777-7777-4777-8777-777777777777',
  productName: 'Unpaid Dell',
  note: null,
  status: 'unpaid',
  paidAt: null,
  unreadMessages: 3,
};
const cancelledSale: Sale = {
  ...paidSale,
  _id: '88888888-8888-4888-8888-888888888888',
  productName: 'Cancelled Asus',
  buyerPhone: null,
  status: 'cancelled',
  cancelledBy: 'buyer',
  cancelledAt: '2026-11-22T10:00:00.000Z',
  refundId: 're_test_3',
  funds: 'refunded',
};

describe('My Sales', () => {
  it("shows each booking on the seller's products, with what the handover needs", async () => {
    mockApi({
      ...signedInAs('seller'),
      'GET /api/sales?limit=24': { body: [paidSale, unpaidSale, cancelledSale] },
    });
    renderApp('/dashboard/sales');
    await screen.findByText('ThinkPad T14');

    const paid = rowWith('ThinkPad T14');
    expect(paid.getByRole('img', { name: 'ThinkPad T14' }).getAttribute('src')).toBe(
      paidSale.productImg,
    );
    expect(paid.getByText('$549.50')).toBeTruthy();
    expect(paid.getByText('Test buyer')).toBeTruthy();
    expect(paid.getByRole('link', { name: '5125550199' }).getAttribute('href')).toBe(
      'tel:5125550199',
    );
    expect(paid.getByText('Library')).toBeTruthy();
    expect(paid.getByText('Note: Please bring the charger')).toBeTruthy();
    expect(paid.getByText('Paid', { selector: '.badge' })).toBeTruthy();
    expect(paid.getByText('Payment held', { selector: '.badge' })).toBeTruthy();
    expect(
      await paid.findByRole('form', { name: 'Enter the buyer’s code for ThinkPad T14' }),
    ).toBeTruthy();
    expect(paid.getByText('Booked', { exact: false, selector: 'li' })).toBeTruthy();
    expect(paid.getByText('Paid', { exact: false, selector: 'li' })).toBeTruthy();
    expect(paid.getByRole('button', { name: 'Cancel the sale of ThinkPad T14' })).toBeTruthy();
    expect(
      paid.getByRole('link', { name: 'Messages about ThinkPad T14' }).getAttribute('href'),
    ).toBe(`/dashboard/sales/${paidSale._id}/messages`);

    // An unpaid booking is declined; there is no sale to cancel yet.
    const unpaid = rowWith('Unpaid Dell');
    expect(unpaid.getByRole('button', { name: 'Decline the booking of Unpaid Dell' })).toBeTruthy();
    expect(unpaid.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(unpaid.queryByRole('form')).toBeNull();
    expect(unpaid.getByRole('link', { name: 'Messages about Unpaid Dell 3 unread' })).toBeTruthy();

    const cancelled = rowWith('Cancelled Asus');
    expect(cancelled.getByText('Cancelled by the buyer')).toBeTruthy();
    expect(cancelled.queryAllByRole('button')).toHaveLength(0);
    expect(cancelled.getByText('Refunded').getAttribute('title')).toBe('Refund re_test_3');
    expect(cancelled.queryByRole('link', { name: /^\d+$/ })).toBeNull();
  });

  it("cancels a paid sale once the seller agrees to refund the buyer's payment", async () => {
    const { calls } = mockApi({
      ...signedInAs('seller'),
      'GET /api/sales?limit=24': { body: [paidSale] },
      [`POST /api/bookings/${paidSale._id}/cancel`]: {
        body: { _id: paidSale._id, status: 'cancelled', refundId: 're_test_4' },
      },
    });
    renderApp('/dashboard/sales');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the sale of ThinkPad T14' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText('The buyer’s payment will be refunded and the laptop listed again.'),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel sale' }));
    expect(
      await screen.findByText('Sale cancelled; the buyer’s payment will be refunded'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/sales?limit=24')).toHaveLength(2);
  });

  it('declines an unpaid booking once the seller confirms, and tells what happens', async () => {
    let declined = false;
    const { calls } = mockApi({
      ...signedInAs('seller'),
      'GET /api/sales?limit=24': () => ({
        body: [
          declined
            ? { ...unpaidSale, status: 'cancelled', cancelledBy: 'seller', buyerPhone: null }
            : unpaidSale,
        ],
      }),
      [`POST /api/bookings/${unpaidSale._id}/cancel`]: () => {
        declined = true;
        return { body: { _id: unpaidSale._id, status: 'cancelled', refundId: null } };
      },
    });
    renderApp('/dashboard/sales');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Decline the booking of Unpaid Dell' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByRole('heading', { name: 'Decline the booking of Unpaid Dell?' }),
    ).toBeTruthy();
    expect(
      dialog.getByText('The buyer is told, and the laptop stays on sale for other buyers.'),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Decline booking' }));
    expect(await screen.findByText('Booking declined')).toBeTruthy();
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Decline/ })).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('says so when nobody has booked yet, and is in the seller’s menu', async () => {
    mockApi({ ...signedInAs('seller'), 'GET /api/sales?limit=24': { body: [] } });
    renderApp('/dashboard/sales');
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'My Sales' }).getAttribute('href')).toBe(
      '/dashboard/sales',
    );
  });

  it('is for sellers only', async () => {
    const { calls } = mockApi({ ...signedInAs('buyer') });
    const { router } = renderApp('/dashboard/sales');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.path.startsWith('/api/sales'))).toBe(false);
  });
});

describe('My Sales, at the handover and after', () => {
  beforeEach(() => {
    // Friday Nov 27, 2026, 09:00 where the test runs; only the clock is fake.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const releaseAt = new Date(2026, 10, 29, 14, 0).toISOString();

  it('completes the sale with the buyer’s code, then says until when the payment is held', async () => {
    let handedOver = false;
    const { calls } = mockApi({
      ...signedInAs('seller'),
      'GET /api/sales?limit=24': () => ({
        body: [
          handedOver
            ? { ...paidSale, status: 'completed', completedAt: new Date().toISOString(), releaseAt }
            : paidSale,
        ],
      }),
      [`POST /api/sales/${paidSale._id}/handover`]: () => {
        handedOver = true;
        return {
          body: {
            _id: paidSale._id,
            status: 'completed',
            refundId: null,
            funds: 'held',
            releaseAt,
          },
        };
      },
    });
    renderApp('/dashboard/sales');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Buyer’s code' }), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm handover' }));

    expect(
      await screen.findByText('Handover confirmed: the payment is held while the buyer checks'),
    ).toBeTruthy();
    const row = rowWith('ThinkPad T14');
    expect(await row.findByText('Handed over', { selector: '.badge' })).toBeTruthy();
    expect(row.getByText(/^Payment held until/).textContent).toBe(
      'Payment held until Sunday 14:00, then paid to you.',
    );
    expect(row.queryByRole('form')).toBeNull();
    expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/handover'))?.body).toEqual({
      code: '123456',
    });
  });

  it('shows where the money of each finished sale is', async () => {
    const finished = (index: number, productName: string, state: Partial<Sale>): Sale => ({
      ...paidSale,
      _id: `99999999-9999-4999-8999-${String(index).padStart(12, '0')}`,
      productName,
      status: 'completed',
      releaseAt,
      ...state,
    });
    mockApi({
      ...signedInAs('seller'),
      'GET /api/sales?limit=24': {
        body: [
          finished(1, 'Disputed Dell', { funds: 'disputed' }),
          finished(2, 'Released HP', { funds: 'released' }),
          finished(3, 'Split Asus', { funds: 'split', refundId: 're_test_6' }),
        ],
      },
    });
    renderApp('/dashboard/sales');
    await screen.findByText('Disputed Dell');
    const disputed = rowWith('Disputed Dell');
    expect(disputed.getByText('Complaint open', { selector: '.badge' })).toBeTruthy();
    expect(disputed.getByText(/The buyer reported a problem/)).toBeTruthy();
    expect(disputed.queryByText(/Payment held until/)).toBeNull();
    expect(
      rowWith('Released HP').getByText('Released to you', { selector: '.badge' }),
    ).toBeTruthy();
    const split = rowWith('Split Asus').getByText('Partly refunded', { selector: '.badge' });
    expect(split.getAttribute('title')).toBe('Refund re_test_6');
  });
});
