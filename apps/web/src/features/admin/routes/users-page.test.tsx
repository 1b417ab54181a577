import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const bea: AdminUser = {
  _id: '44444444-4444-4444-8444-444444444444',
  userName: 'Bea Buyer',
  userEmail: 'bea@example.com',
  userImg: '',
  role: 'buyer',
  verify: false,
  status: 'active',
  suspendedUntil: null,
  suspensionReason: null,
  joinedAt: '2026-10-01T10:00:00.000Z',
};
const sam: AdminUser = {
  ...bea,
  _id: '55555555-5555-4555-8555-555555555555',
  userName: 'Sam Seller',
  userEmail: 'sam@example.com',
  role: 'seller',
  verify: true,
};
const sid: AdminUser = {
  ...bea,
  _id: '66666666-6666-4666-8666-666666666666',
  userName: 'Sid Suspended',
  userEmail: 'sid@example.com',
  status: 'suspended',
  suspendedUntil: '2026-12-24T09:30:00.000Z',
  suspensionReason: 'Asked buyers to pay outside the site',
};
const ada: AdminUser = {
  ...bea,
  _id: '77777777-7777-4777-8777-777777777777',
  userName: 'Ada Admin',
  userEmail: 'ada@example.com',
  role: 'admin',
};

const FIRST_PAGE = 'GET /api/admin/users?limit=24';
const DAY_MS = 24 * 3600 * 1000;

function showUsers(routes: Record<string, MockHandler>, path = '/dashboard/users') {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  const view = renderApp(path);
  return { ...api, ...view };
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

describe('Users (admin)', () => {
  it('shows each user’s name, email, role, verification and status, and why one is suspended', async () => {
    showUsers({ [FIRST_PAGE]: { body: [bea, sam, sid, ada] } });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    await screen.findByText('Bea Buyer');
    const beaRow = rowWith('Bea Buyer');
    expect(beaRow.getByText('bea@example.com')).toBeTruthy();
    expect(beaRow.getByText('buyer')).toBeTruthy();
    expect(beaRow.getByText('not verified')).toBeTruthy();
    expect(beaRow.getByText('active')).toBeTruthy();
    expect(rowWith('Sam Seller').getByText('verified')).toBeTruthy();

    const sidRow = rowWith('Sid Suspended');
    expect(sidRow.getByText('suspended')).toBeTruthy();
    expect(
      sidRow
        .getByText(/^Until/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(sid.suspendedUntil);
    expect(sidRow.getByText('Reason: Asked buyers to pay outside the site')).toBeTruthy();

    // Lift for the suspended, withdraw for the verified seller, no suspending an admin.
    expect(sidRow.getByRole('button', { name: 'Lift suspension of Sid Suspended' })).toBeTruthy();
    expect(beaRow.queryByRole('button', { name: /Lift suspension/ })).toBeNull();
    expect(
      rowWith('Sam Seller').getByRole('button', { name: 'Withdraw verification of Sam Seller' }),
    ).toBeTruthy();
    expect(beaRow.queryByRole('button', { name: /Withdraw verification/ })).toBeNull();
    expect(rowWith('Ada Admin').queryByRole('button', { name: /Suspend/ })).toBeNull();
  });

  it('searches by words, role and status, keeping the search in the URL', async () => {
    const searched = 'GET /api/admin/users?q=bea&role=buyer&status=suspended&limit=24';
    const { calls, router } = showUsers({
      [FIRST_PAGE]: { body: [bea, sam] },
      [searched]: { body: [sid] },
    });
    await screen.findByText('Sam Seller');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or email' }), {
      target: { value: '  bea ' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), {
      target: { value: 'buyer' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'suspended' },
    });
    // The navbar has a Search of its own: this one is the form's.
    fireEvent.click(
      within(screen.getByRole('search', { name: 'Find users' })).getByRole('button', {
        name: 'Search',
      }),
    );
    expect(await screen.findByText('Sid Suspended')).toBeTruthy();
    expect(screen.queryByText('Sam Seller')).toBeNull();
    expect(router.state.location.search).toBe('?q=bea&role=buyer&status=suspended');
    expect(calls.map((call) => call.path)).toContain(searched.slice(4));
  });

  it('opens with the search the URL holds, and leaves out what it does not know', async () => {
    const { calls } = showUsers(
      { 'GET /api/admin/users?role=seller&limit=24': { body: [sam] } },
      '/dashboard/users?role=seller&status=banned',
    );
    await screen.findByText('Sam Seller');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveProperty('value', 'seller');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', '');
    expect(calls.filter((call) => call.path.startsWith('/api/admin/users'))).toHaveLength(1);
  });

  it('says when no user matches, with a way to clear the search', async () => {
    const { router } = showUsers(
      {
        'GET /api/admin/users?q=nobody&limit=24': { body: [] },
        [FIRST_PAGE]: { body: [bea] },
      },
      '/dashboard/users?q=nobody',
    );
    expect(await screen.findByText('No users match')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Clear the search' }));
    expect(await screen.findByText('Bea Buyer')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Name or email' })).toHaveProperty('value', '');
  });

  it('loads more, following the link the server gave', async () => {
    const secondPage = '/api/admin/users?limit=24&cursor=abc';
    showUsers({
      [FIRST_PAGE]: { body: [bea], headers: { link: `<${secondPage}>; rel="next"` } },
      [`GET ${secondPage}`]: { body: [sam] },
    });
    await screen.findByText('Bea Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Sam Seller')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('suspends a user for the period chosen, with the reason', async () => {
    let suspended = false;
    const { calls } = showUsers({
      [FIRST_PAGE]: () => ({ body: [suspended ? sid : bea] }),
      [`POST /api/admin/users/${bea._id}/suspend`]: () => {
        suspended = true;
        return { body: { ...bea, status: 'suspended' } };
      },
    });
    await screen.findByText('Bea Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Bea Buyer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Suspend Bea Buyer' }));
    const period = dialog.getByRole('combobox', { name: 'Suspend for' });
    expect([...period.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '1 day',
      '1 week',
      '30 days',
      'Until a date',
    ]);
    fireEvent.change(period, { target: { value: '1' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  Spam listings ' },
    });
    const before = Date.now();
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Sid Suspended')).toBeTruthy();

    const [sent] = posts(calls);
    expect(sent?.path).toBe(`/api/admin/users/${bea._id}/suspend`);
    const body = sent?.body as { until: string; reason: string };
    expect(body.reason).toBe('Spam listings');
    const until = Date.parse(body.until);
    expect(until).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it('suspends until a date chosen, from the start of that day', async () => {
    const { calls } = showUsers({
      [FIRST_PAGE]: { body: [bea] },
      [`POST /api/admin/users/${bea._id}/suspend`]: { body: { ...bea, status: 'suspended' } },
    });
    await screen.findByText('Bea Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Bea Buyer' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Suspend for' }), {
      target: { value: 'custom' },
    });
    const day = new Date(Date.now() + 10 * DAY_MS);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(dialog.getByLabelText('Until'), { target: { value: date } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Cooling off' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended')).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([
      { until: new Date(`${date}T00:00`).toISOString(), reason: 'Cooling off' },
    ]);
  });

  it('asks for a reason and a day after today, and sends nothing without them', async () => {
    const { calls } = showUsers({ [FIRST_PAGE]: { body: [bea] } });
    await screen.findByText('Bea Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Bea Buyer' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    fireEvent.change(dialog.getByRole('combobox', { name: 'Suspend for' }), {
      target: { value: 'custom' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Spam' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('Choose the day it ends')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Until'), { target: { value: '2020-01-01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('Choose a day after today')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog, with what was typed', async () => {
    showUsers({
      [FIRST_PAGE]: { body: [bea] },
      [`POST /api/admin/users/${bea._id}/suspend`]: {
        status: 403,
        body: { message: 'An admin account cannot be suspended' },
      },
    });
    await screen.findByText('Bea Buyer');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Bea Buyer' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Spam' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'An admin account cannot be suspended',
    );
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveProperty('value', 'Spam');
  });

  it('lifts a suspension', async () => {
    let lifted = false;
    const { calls } = showUsers({
      [FIRST_PAGE]: () => ({ body: [lifted ? { ...sid, status: 'active' } : sid] }),
      [`POST /api/admin/users/${sid._id}/unsuspend`]: () => {
        lifted = true;
        return { body: { ...sid, status: 'active' } };
      },
    });
    await screen.findByText('Sid Suspended');
    fireEvent.click(screen.getByRole('button', { name: 'Lift suspension of Sid Suspended' }));
    expect(await screen.findByText('Suspension lifted')).toBeTruthy();
    await waitFor(() => expect(rowWith('Sid Suspended').getByText('active')).toBeTruthy());
    expect(posts(calls)).toEqual([
      { path: `/api/admin/users/${sid._id}/unsuspend`, body: undefined },
    ]);
  });

  it('withdraws a seller’s verification once confirmed, and toasts a refusal', async () => {
    const { calls } = showUsers({
      [FIRST_PAGE]: { body: [sam] },
      [`POST /api/admin/users/${sam._id}/unverify`]: {
        status: 404,
        body: { message: 'User not found' },
      },
    });
    await screen.findByText('Sam Seller');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw verification of Sam Seller' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Withdraw the verification of Sam Seller?' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw verification' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(posts(calls).map((call) => call.path)).toEqual([`/api/admin/users/${sam._id}/unverify`]);
  });

  it('leaves the verification when the admin backs out', async () => {
    const { calls } = showUsers({ [FIRST_PAGE]: { body: [sam] } });
    await screen.findByText('Sam Seller');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw verification of Sam Seller' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toEqual([]);
  });
});
