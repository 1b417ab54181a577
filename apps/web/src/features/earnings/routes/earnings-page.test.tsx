import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Earnings, PayoutAccountStatus } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const months = (earned: Record<string, number>) =>
  ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05']
    .concat(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'])
    .map((month) => ({ month, earnedCents: earned[month] ?? 0, feesCents: 0 }));

const earnings: Earnings = {
  heldCents: 125050,
  availableCents: 47500,
  paidOutCents: 1234567,
  feesCents: 2500,
  payouts: [
    {
      bookingId: '33333333-3333-4333-8333-333333333333',
      productName: 'ThinkPad T14',
      amountCents: 47500,
      feeCents: 2500,
      status: 'waiting',
      releasedAt: new Date(2026, 10, 20, 12).toISOString(),
      paidOutAt: null,
    },
    {
      bookingId: '44444444-4444-4444-8444-444444444444',
      productName: 'MacBook Air M1',
      amountCents: 61000,
      feeCents: 0,
      status: 'sent',
      releasedAt: new Date(2026, 2, 3, 12).toISOString(),
      paidOutAt: new Date(2026, 2, 4, 12).toISOString(),
    },
  ],
  byMonth: months({ '2026-03': 61000, '2026-11': 47500 }),
};

const noEarnings: Earnings = {
  heldCents: 54950,
  availableCents: 0,
  paidOutCents: 0,
  feesCents: 0,
  payouts: [],
  byMonth: months({}),
};

function openEarnings(
  body: Earnings,
  account: PayoutAccountStatus,
  routes: Record<string, MockHandler> = {},
) {
  const api = mockApi({
    ...signedInAs('seller'),
    'GET /api/earnings': { body },
    'GET /api/payouts/account': { body: { status: account } },
    ...routes,
  });
  renderApp('/dashboard/earnings');
  return api;
}

/** The card of one total: its amount and what it means. */
const total = (label: string) => {
  const card = screen.getByText(label, { selector: 'dt' }).parentElement;
  if (!card) throw new Error(`No card for ${label}`);
  return within(card);
};

const payouts = async () => within(await screen.findByRole('region', { name: 'Payouts' }));

describe('Earnings', () => {
  it('is in the seller’s dashboard menu', async () => {
    openEarnings(earnings, 'enabled');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(await menu.findByRole('link', { name: 'Earnings' })).toHaveProperty(
      'pathname',
      '/dashboard/earnings',
    );
  });

  it('shows the totals, the months and the latest payouts in dollars', async () => {
    openEarnings(earnings, 'enabled');
    await screen.findByRole('heading', { name: 'Latest payouts' });

    expect(total('Held').getByText('$1,250.50')).toBeTruthy();
    expect(total('Available').getByText('$475.00')).toBeTruthy();
    expect(total('Paid out').getByText('$12,345.67')).toBeTruthy();
    expect(total('Fees').getByText('$25.00')).toBeTruthy();

    expect(
      screen.getByRole('img', {
        name: 'Earnings by month, December 2025 to November 2026. Earned: $1,085.00 in all, the most $610.00 (March 2026).',
      }),
    ).toBeTruthy();
    const march = within(screen.getByRole('row', { name: /March 2026/ }));
    expect(march.getByRole('cell', { name: '$610.00' })).toBeTruthy();

    const waiting = rowWith('ThinkPad T14');
    expect(waiting.getByText('$475.00')).toBeTruthy();
    expect(waiting.getByText('$25.00')).toBeTruthy();
    expect(waiting.getByText('Waiting')).toBeTruthy();
    expect(waiting.getByText('Nov 20, 2026')).toBeTruthy();
    expect(waiting.getByText('Not yet')).toBeTruthy();

    const sent = rowWith('MacBook Air M1');
    expect(sent.getByText('$610.00')).toBeTruthy();
    expect(sent.getByText('$0.00')).toBeTruthy();
    expect(sent.getByText('Sent')).toBeTruthy();
    expect(sent.getByText('Mar 3, 2026')).toBeTruthy();
    expect(sent.getByText('Mar 4, 2026')).toBeTruthy();
  });

  it('says there are no earnings yet while nothing was released, and still shows what is held', async () => {
    openEarnings(noEarnings, 'none');
    expect(await screen.findByText(/^No earnings yet/)).toBeTruthy();
    expect(total('Held').getByText('$549.50')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Earnings by month/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Latest payouts' })).toBeNull();
  });

  it('says why the earnings could not be loaded', async () => {
    openEarnings(earnings, 'enabled', {
      'GET /api/earnings': { status: 500, body: { message: 'The database is not reachable' } },
    });
    expect(await screen.findByText('The database is not reachable')).toBeTruthy();
  });

  it('sets payouts up at once with the test provider, and then says where they go', async () => {
    let status: PayoutAccountStatus = 'none';
    const { calls } = openEarnings(earnings, 'none', {
      'GET /api/payouts/account': () => ({ body: { status } }),
      'POST /api/payouts/account': () => {
        status = 'enabled';
        return { body: { url: `${window.location.origin}/dashboard/earnings` } };
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const section = await payouts();
    fireEvent.click(await section.findByRole('button', { name: 'Set up payouts' }));

    expect(await section.findByText(/^Payouts go to your account/)).toBeTruthy();
    expect(section.queryByRole('button')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Payouts that waited for the account go out now: the earnings are read again.
    expect(calls.filter((call) => call.path === '/api/earnings').length).toBeGreaterThan(1);
  });

  it('sends a seller who has not finished setting up to the provider’s onboarding again', async () => {
    const onboarding = 'https://connect.stripe.com/setup/e/acct_123/abc';
    const { calls } = openEarnings(earnings, 'pending', {
      'POST /api/payouts/account': { body: { url: onboarding } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const section = await payouts();
    expect(await section.findByText(/needs a few more details/)).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Finish setting up payouts' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(onboarding));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says where payouts go once they are set up, with nothing to do', async () => {
    openEarnings(earnings, 'enabled');
    const section = await payouts();
    expect(await section.findByText(/^Payouts go to your account/)).toBeTruthy();
    expect(section.queryByRole('button')).toBeNull();
  });

  it('shows why setting up payouts failed', async () => {
    openEarnings(earnings, 'none', {
      'POST /api/payouts/account': { status: 502, body: { message: 'Stripe is not answering' } },
    });
    const section = await payouts();
    fireEvent.click(await section.findByRole('button', { name: 'Set up payouts' }));
    expect((await section.findByRole('alert')).textContent).toBe('Stripe is not answering');
  });
});
