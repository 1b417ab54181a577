import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportedProduct } from '@reloop/shared';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const reports: NonNullable<ReportedProduct['reports']> = {
  count: 3,
  reasons: [
    { reason: 'scam', count: 2 },
    { reason: null, count: 1 },
  ],
  texts: ['Wants payment by gift card', 'Too cheap to be true'],
  firstReportedAt: '2026-11-20T10:00:00.000Z',
  lastReportedAt: '2026-11-25T10:00:00.000Z',
};

const reported = (index: number, changes: Partial<ReportedProduct> = {}): ReportedProduct => ({
  ...listedProduct,
  _id: `66666666-6666-4666-8666-00000000000${index}`,
  name: `Reported laptop ${index}`,
  report: true,
  reports,
  ...changes,
});

const FIRST_PAGE = 'GET /api/reported/products?limit=24';

function showReported(routes: Record<string, MockHandler>) {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  renderApp('/dashboard/report');
  return api;
}

describe('reported products', () => {
  it('shows each listing’s report count, reasons, latest words and first and last dates', async () => {
    showReported({ [FIRST_PAGE]: { body: [reported(1)] } });
    await screen.findByText('Reported laptop 1');
    const row = rowWith('Reported laptop 1');
    expect(row.getByText('3 reports')).toBeTruthy();
    expect(row.getByRole('list', { name: 'Reasons' }).querySelectorAll('li').length).toBe(2);
    expect(row.getByText('Looks like a scam: 2')).toBeTruthy();
    expect(row.getByText('No reason given: 1')).toBeTruthy();
    expect(row.getByText('Wants payment by gift card')).toBeTruthy();
    expect(row.queryByText('Too cheap to be true')).toBeNull();
    expect(row.getByText('Nov 20, 2026').closest('span')?.textContent).toBe('First Nov 20, 2026');
    expect(row.getByText('Nov 25, 2026').closest('span')?.textContent).toBe('Last Nov 25, 2026');
    expect(row.getByRole('button', { name: 'delete' })).toBeTruthy();
  });

  it('says when no report had words', async () => {
    showReported({
      [FIRST_PAGE]: {
        body: [reported(1, { reports: { ...reports, texts: [] } })],
      },
    });
    await screen.findByText('Reported laptop 1');
    expect(rowWith('Reported laptop 1').getByText('None')).toBeTruthy();
  });

  it('dismisses the reports once confirmed, and the listing leaves the list', async () => {
    let dismissed = false;
    const { calls } = showReported({
      [FIRST_PAGE]: () => ({ body: dismissed ? [reported(2)] : [reported(1), reported(2)] }),
      [`POST /api/reported/products/${reported(1)._id}/dismiss`]: () => {
        dismissed = true;
        return { body: { acknowledged: true } };
      },
    });
    await screen.findByText('Reported laptop 1');
    fireEvent.click(rowWith('Reported laptop 1').getByRole('button', { name: 'Dismiss' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Dismiss the reports of Reported laptop 1?' }),
    );
    expect(dialog.getByText('The listing stays for sale; its 3 reports are closed.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Dismiss reports' }));

    expect(await screen.findByText('Reports dismissed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Reported laptop 1')).toBeNull());
    expect(screen.getByText('Reported laptop 2')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/reported/products/${reported(1)._id}/dismiss`,
    ]);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('counts one report in the singular', async () => {
    showReported({
      [FIRST_PAGE]: {
        body: [
          reported(1, {
            reports: {
              ...reports,
              count: 1,
              reasons: [{ reason: 'other', count: 1 }],
            },
          }),
        ],
      },
    });
    await screen.findByText('Reported laptop 1');
    expect(rowWith('Reported laptop 1').getByText('1 report')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'The listing stays for sale; its 1 report is closed.',
      ),
    ).toBeTruthy();
  });

  it('shows the server’s message when the dismissal fails, and keeps the listing', async () => {
    showReported({
      [FIRST_PAGE]: { body: [reported(1)] },
      [`POST /api/reported/products/${reported(1)._id}/dismiss`]: {
        status: 404,
        body: { message: 'Product not found' },
      },
    });
    await screen.findByText('Reported laptop 1');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss reports' }),
    );
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.getByText('Reported laptop 1')).toBeTruthy();
  });

  it('leaves the reports when the admin backs out', async () => {
    const { calls } = showReported({ [FIRST_PAGE]: { body: [reported(1)] } });
    await screen.findByText('Reported laptop 1');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps the spec’s words when nothing is reported', async () => {
    showReported({ [FIRST_PAGE]: { body: [] } });
    expect(await screen.findByText('NO REPORTED PRODUCTS')).toBeTruthy();
  });
});
