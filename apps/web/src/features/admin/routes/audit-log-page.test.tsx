import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAction } from '@reloop/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const action = (index: number, changes: Partial<AdminAction> = {}): AdminAction => ({
  _id: `66666666-6666-4666-8666-00000000000${index}`,
  admin: { _id: '00000000-0000-4000-8000-000000000001', name: 'Ada Admin' },
  action: 'suspend',
  target: {
    type: 'user',
    _id: '55555555-5555-4555-8555-000000000001',
    label: `Sam Spammer ${index}`,
  },
  reason: 'Posted fake listings',
  changes: {
    until: '2026-12-25T10:00:00.000Z',
    previousUntil: null,
    listingsHidden: 3,
    bookingsCancelled: 1,
  },
  createdAt: '2026-11-25T10:00:00.000Z',
  ...changes,
});

const FIRST_PAGE = 'GET /api/admin/audit?limit=24';

function showLog(routes: Record<string, MockHandler>) {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  renderApp('/dashboard/audit');
  return api;
}

describe('audit log', () => {
  it('shows when, who, what, to what, why and what changed', async () => {
    showLog({ [FIRST_PAGE]: { body: [action(1)] } });
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    await screen.findByText('Sam Spammer 1');
    const row = rowWith('Sam Spammer 1');
    expect(row.getByText(formatDateTime('2026-11-25T10:00:00.000Z'))).toBeTruthy();
    expect(row.getByText('Ada Admin')).toBeTruthy();
    expect(row.getByText('Suspended a user')).toBeTruthy();
    expect(row.getByText('User')).toBeTruthy();
    expect(row.getByText('Posted fake listings')).toBeTruthy();
    const changes = row.getAllByRole('term').map((term) => term.textContent);
    expect(changes).toEqual([
      'Until:',
      'Previous until:',
      'Listings hidden:',
      'Bookings cancelled:',
    ]);
    expect(row.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      formatDateTime('2026-12-25T10:00:00.000Z'),
      'none',
      '3',
      '1',
    ]);
    expect(document.title).toBe('Audit Log · Reloop');
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Audit Log' }).getAttribute('href')).toBe(
      '/dashboard/audit',
    );
  });

  it('names each kind of action and target, and says when no reason was given', async () => {
    showLog({
      [FIRST_PAGE]: {
        body: [
          action(1, {
            action: 'verify',
            target: {
              type: 'user',
              _id: '55555555-5555-4555-8555-000000000002',
              label: 'Vera Seller',
            },
            reason: null,
            changes: { requestId: '44444444-4444-4444-8444-000000000001' },
          }),
          action(2, {
            action: 'delete_listing',
            target: {
              type: 'listing',
              _id: '55555555-5555-4555-8555-000000000003',
              label: 'ThinkPad T14',
            },
            changes: {},
          }),
        ],
      },
    });
    await screen.findByText('Vera Seller');
    const verified = rowWith('Vera Seller');
    expect(verified.getByText('Verified a seller')).toBeTruthy();
    expect(verified.getByText('No reason given')).toBeTruthy();
    expect(verified.getByText('Request id:')).toBeTruthy();
    expect(verified.getByText('44444444-4444-4444-8444-000000000001')).toBeTruthy();
    const deleted = rowWith('ThinkPad T14');
    expect(deleted.getByText('Deleted a listing')).toBeTruthy();
    expect(deleted.getByText('Listing')).toBeTruthy();
    expect(deleted.queryAllByRole('term')).toHaveLength(0);
  });

  it('loads more, following the link the server gave, until there is no more', async () => {
    const secondPage = '/api/admin/audit?limit=24&cursor=abc';
    showLog({
      [FIRST_PAGE]: { body: [action(1)], headers: { link: `<${secondPage}>; rel="next"` } },
      [`GET ${secondPage}`]: { body: [action(2)] },
    });
    await screen.findByText('Sam Spammer 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Sam Spammer 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('says when no admin has acted yet', async () => {
    showLog({ [FIRST_PAGE]: { body: [] } });
    expect(await screen.findByText('No admin actions yet')).toBeTruthy();
  });

  it("shows the server's message when the log cannot load", async () => {
    showLog({ [FIRST_PAGE]: { status: 500, body: { message: 'Database unavailable' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
  });
});
