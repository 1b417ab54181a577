import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoneyOverview } from '@reloop/shared';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

/** The last 30 days, Oct 29 to Nov 27, 2026, with money moving on two of them. */
const byDay = Array.from({ length: 30 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 9, 29 + index)).toISOString().slice(0, 10);
  return { day, paidCents: 0, releasedCents: 0, refundedCents: 0, feesCents: 0 };
}).map((day) =>
  day.day === '2026-11-20'
    ? { ...day, paidCents: 54950 }
    : day.day === '2026-11-27'
      ? { ...day, releasedCents: 38000, refundedCents: 12000 }
      : day,
);

const overview: MoneyOverview = {
  heldCents: 54950,
  releasedCents: 1250050,
  refundedCents: 12000,
  feesCents: 0,
  byDay,
};

describe('Money (admin)', () => {
  it('shows the totals and the last 30 days, and is in the admin’s menu', async () => {
    mockApi({ ...signedInAs('admin'), 'GET /api/admin/money': { body: overview } });
    renderApp('/dashboard/money');
    const chart = await screen.findByRole('img', { name: /^Money by day/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Money by day, Oct 29, 2026 to Nov 27, 2026. Paid in: $549.50 in all, the most $549.50 (Nov 20, 2026). Released: $380.00 in all, the most $380.00 (Nov 27, 2026). Refunded: $120.00 in all, the most $120.00 (Nov 27, 2026).',
    );
    const totals = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(totals).toEqual(expect.arrayContaining(['$549.50', '$12,500.50', '$120.00', '$0.00']));

    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Money' })).toHaveProperty(
      'pathname',
      '/dashboard/money',
    );
  });
});
