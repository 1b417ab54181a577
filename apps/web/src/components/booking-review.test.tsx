import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, Sale } from '@reloop/shared';
import { paidBooking, paidSale, sellerProfile } from '../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { rowWith } from '../testing/rows.ts';

/** Friday Nov 27, 2026, 09:00 where the test runs: the window's end is worded from here. */
const NOW = new Date(2026, 10, 27, 9, 0);
const buyerId = '88888888-8888-4888-8888-888888888888';

/** Handed over and paid to the seller; the buyer may review until Sunday 14:00. */
const handedOver: Booking = {
  ...paidBooking,
  sellerId: sellerProfile._id,
  status: 'completed',
  handoverCode: null,
  completedAt: new Date(2026, 10, 15, 14, 0).toISOString(),
  funds: 'released',
  releaseAt: new Date(2026, 10, 17, 14, 0).toISOString(),
  reviewUntil: new Date(2026, 10, 29, 14, 0).toISOString(),
  myReview: null,
};
const review = { _id: '77777777-7777-4777-8777-777777777777', rating: 4, text: 'Fine' };

const ORDERS = 'GET /api/bookings?email=buyer%40example.com&limit=24';
const SALES = 'GET /api/sales?limit=24';

function showOrders(orders: MockHandler, routes: Record<string, MockHandler> = {}) {
  const api = mockApi({ ...signedInAs('buyer'), [ORDERS]: orders, ...routes });
  renderApp('/dashboard/orders');
  return api;
}

describe('reviewing from My Orders', () => {
  beforeEach(() => {
    // Only the clock: the queries' and the dialogs' timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('invites the buyer to review the seller until the window ends, their name their profile', async () => {
    showOrders({ body: [handedOver] });
    await screen.findByText('ThinkPad T14');
    const row = rowWith('ThinkPad T14');
    expect(row.getByText(/^How did it go\?/).textContent).toBe(
      'How did it go? You can review the seller until Sunday 14:00.',
    );
    expect(row.getByRole('button', { name: 'Review the seller of ThinkPad T14' })).toBeTruthy();
    expect(row.getByRole('link', { name: 'Sam Sellers' }).getAttribute('href')).toBe(
      `/seller/${sellerProfile._id}`,
    );
  });

  it('sends the review, says so, and shows it waiting for the other side', async () => {
    let reviewed = false;
    const { calls } = showOrders(
      () => ({
        body: [
          reviewed
            ? { ...handedOver, reviewUntil: null, myReview: { ...review, revealed: false } }
            : handedOver,
        ],
      }),
      {
        [`POST /api/bookings/${handedOver._id}/review`]: () => {
          reviewed = true;
          return { status: 201, body: { ...review, revealed: false } };
        },
      },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Review the seller of ThinkPad T14' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: /Review the seller/ }));
    fireEvent.click(dialog.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Your review' }), {
      target: { value: 'Fine' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send review' }));

    expect(await screen.findByText('Review sent')).toBeTruthy();
    const note = await screen.findByText(/^You rated them/);
    expect(note.textContent).toBe(
      'You rated them ★4. Shown when they review you too, or when the 14 days are over.',
    );
    expect(within(note).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /Review the seller/ })).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/bookings?'))).toHaveLength(2);
  });

  it('leads to their profile once both reviews are shown, and offers nothing once too late', async () => {
    const tooLate: Booking = {
      ...handedOver,
      _id: '66666666-6666-4666-8666-000000000009',
      productName: 'Old HP',
      reviewUntil: null,
    };
    showOrders({
      body: [
        { ...handedOver, reviewUntil: null, myReview: { ...review, revealed: true } },
        tooLate,
      ],
    });
    await screen.findByText('ThinkPad T14');
    const reviewed = rowWith('ThinkPad T14');
    expect(reviewed.getByText(/^You rated them/).textContent).toBe(
      'You rated them ★4. See it on their profile',
    );
    expect(
      reviewed.getByRole('link', { name: 'See it on their profile' }).getAttribute('href'),
    ).toBe(`/seller/${sellerProfile._id}`);
    const late = rowWith('Old HP');
    expect(late.queryByText(/review/i)).toBeNull();
    expect(late.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('reviewing from My Sales', () => {
  it('invites the seller to review the buyer, whose name leads to their profile', async () => {
    const sold: Sale = {
      ...paidSale,
      buyerId,
      status: 'completed',
      completedAt: '2026-11-22T10:00:00.000Z',
      funds: 'released',
      reviewUntil: '2099-12-06T10:00:00.000Z',
      myReview: null,
    };
    mockApi({ ...signedInAs('seller'), [SALES]: { body: [sold] } });
    renderApp('/dashboard/sales');
    await screen.findByText('ThinkPad T14');
    const row = rowWith('ThinkPad T14');
    expect(row.getByRole('link', { name: 'Test buyer' }).getAttribute('href')).toBe(
      `/seller/${buyerId}`,
    );
    fireEvent.click(row.getByRole('button', { name: 'Review the buyer of ThinkPad T14' }));
    expect(
      await screen.findByRole('dialog', { name: 'Review the buyer of ThinkPad T14' }),
    ).toBeTruthy();
  });
});
