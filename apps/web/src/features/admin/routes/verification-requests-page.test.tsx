import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VerificationRequest } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const request = (
  index: number,
  changes: Partial<VerificationRequest> = {},
): VerificationRequest => ({
  _id: `88888888-8888-4888-8888-00000000000${index}`,
  seller: {
    _id: `99999999-9999-4999-8999-00000000000${index}`,
    name: `Seller ${index}`,
    email: `seller${index}@example.com`,
  },
  note: `Shop number ${index}, selling since 2019`,
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
  ...changes,
});

const FIRST_PAGE = 'GET /api/verification-requests?limit=24';

function showRequests(routes: Record<string, MockHandler>) {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  renderApp('/dashboard/requests');
  return api;
}

describe('verification requests', () => {
  it('lists each waiting request with the seller, their email, note and date', async () => {
    const { calls } = showRequests({
      [FIRST_PAGE]: { body: [request(1), request(2, { note: '' })] },
    });
    expect(await screen.findByRole('heading', { name: 'Verification Requests' })).toBeTruthy();
    await screen.findByText('seller1@example.com');
    const row = rowWith('seller1@example.com');
    expect(row.getByRole('link', { name: 'Seller 1' }).getAttribute('href')).toBe(
      `/seller/${request(1).seller._id}`,
    );
    expect(row.getByText('Shop number 1, selling since 2019')).toBeTruthy();
    expect(row.getByText('Nov 25, 2026')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Approve Seller 1' }).textContent).toBe('Approve');
    expect(row.getByRole('button', { name: 'Decline Seller 1' }).textContent).toBe('Decline');
    expect(rowWith('seller2@example.com').getByText('No note')).toBeTruthy();
    expect(calls.some((call) => call.path === FIRST_PAGE.slice(4))).toBe(true);
    expect(document.title).toBe('Verification Requests · Reloop');
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Verification Requests' }).getAttribute('href')).toBe(
      '/dashboard/requests',
    );
  });

  it('approves a request, which leaves the list', async () => {
    let answered = false;
    const { calls } = showRequests({
      [FIRST_PAGE]: () => ({ body: answered ? [request(2)] : [request(1), request(2)] }),
      [`POST /api/verification-requests/${request(1)._id}/approve`]: () => {
        answered = true;
        return { body: request(1, { status: 'approved', decidedAt: '2026-11-26T10:00:00.000Z' }) };
      },
    });
    await screen.findByText('seller1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Approve Seller 1' }));
    expect(await screen.findByText('Seller verified')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('seller1@example.com')).toBeNull());
    expect(screen.getByText('seller2@example.com')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/verification-requests/${request(1)._id}/approve`,
    ]);
  });

  it('declines a request, which leaves the list', async () => {
    let answered = false;
    const { calls } = showRequests({
      [FIRST_PAGE]: () => ({ body: answered ? [] : [request(1)] }),
      [`POST /api/verification-requests/${request(1)._id}/decline`]: () => {
        answered = true;
        return { body: request(1, { status: 'declined', decidedAt: '2026-11-26T10:00:00.000Z' }) };
      },
    });
    await screen.findByText('seller1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Decline Seller 1' }));
    expect(await screen.findByText('Request declined')).toBeTruthy();
    expect(await screen.findByText('No verification requests waiting')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/verification-requests/${request(1)._id}/decline`,
    ]);
  });

  it("shows the server's message when an answer is refused, and keeps the request", async () => {
    showRequests({
      [FIRST_PAGE]: { body: [request(1)] },
      [`POST /api/verification-requests/${request(1)._id}/approve`]: {
        status: 409,
        body: { message: 'This request has already been answered' },
      },
    });
    await screen.findByText('seller1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Approve Seller 1' }));
    expect(await screen.findByText('This request has already been answered')).toBeTruthy();
    expect(screen.getByText('seller1@example.com')).toBeTruthy();
  });

  it('says when no request is waiting', async () => {
    showRequests({ [FIRST_PAGE]: { body: [] } });
    expect(await screen.findByText('No verification requests waiting')).toBeTruthy();
  });

  it("shows the server's message when the list cannot load", async () => {
    showRequests({ [FIRST_PAGE]: { status: 500, body: { message: 'Database unavailable' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
  });
});
