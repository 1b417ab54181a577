import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@reloop/shared';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const buyer: User = {
  _id: '44444444-4444-4444-8444-444444444444',
  userName: 'Bea Buyer',
  userEmail: 'bea@example.com',
  userImg: '',
  role: 'buyer',
  verify: false,
};
const seller: User = {
  ...buyer,
  _id: '55555555-5555-4555-8555-555555555555',
  userName: 'Sam Seller',
  userEmail: 'sam@example.com',
  role: 'seller',
};

const ALWAYS =
  'Their account is closed at once and their listings disappear. Bookings stay readable.';

/** Opens the delete dialog of `user` on their list page; the API counts `openBookings`. */
async function askToDelete(user: User, openBookings: MockHandler, routes = {}) {
  const api = mockApi({
    ...signedInAs('admin'),
    [`GET /api/${user.role}s?limit=24`]: { body: [user] },
    [`GET /api/user/open-bookings/${user._id}`]: openBookings,
    ...routes,
  });
  renderApp(`/dashboard/${user.role}s`);
  await screen.findByText(user.userName);
  fireEvent.click(rowWith(user.userName).getByRole('button', { name: 'delete' }));
  return { ...api, dialog: within(screen.getByRole('dialog')) };
}

describe('Deleting a user (All Buyers, All Sellers)', () => {
  it('says which bookings it will cancel and refund, then deletes', async () => {
    const { calls, dialog } = await askToDelete(
      buyer,
      { body: { unpaid: 2, paid: 1 } },
      { [`DELETE /api/user/delete/${buyer._id}`]: { body: { acknowledged: true } } },
    );
    expect(
      await dialog.findByText(
        `${ALWAYS} This also cancels 2 unpaid bookings and cancels and refunds 1 paid booking.`,
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('user deleted successfully')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/user/delete/${buyer._id}`,
    ]);
  });

  it.each([
    [{ unpaid: 1, paid: 0 }, 'This also cancels 1 unpaid booking.'],
    [{ unpaid: 0, paid: 2 }, 'This also cancels and refunds 2 paid bookings.'],
  ])('counts a seller’s open sales %j', async (counts, sentence) => {
    const { dialog } = await askToDelete(seller, { body: counts });
    expect(await dialog.findByText(`${ALWAYS} ${sentence}`)).toBeTruthy();
  });

  it('says nothing more when the user has no open bookings', async () => {
    const { dialog } = await askToDelete(buyer, { body: { unpaid: 0, paid: 0 } });
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    expect(dialog.getByText(ALWAYS)).toBeTruthy();
  });

  it('waits for the count before the deletion can be confirmed', async () => {
    const { calls, dialog } = await askToDelete(buyer, () => new Promise(() => undefined));
    expect(dialog.getByText(`${ALWAYS} Counting their open bookings…`)).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('still lets the admin delete when the count cannot be had, saying what it may do', async () => {
    const { dialog } = await askToDelete(buyer, {
      status: 500,
      body: { message: 'The database is not reachable' },
    });
    expect(
      await dialog.findByText(
        `${ALWAYS} Their open bookings could not be counted: any are cancelled too, and paid ones refunded.`,
      ),
    ).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);
  });
});

const bo: User = {
  ...buyer,
  _id: '66666666-6666-4666-8666-666666666666',
  userName: 'Bo Buyer',
  userEmail: 'bo@example.com',
};
const cy: User = {
  ...buyer,
  _id: '77777777-7777-4777-8777-777777777777',
  userName: 'Cy Buyer',
  userEmail: 'cy@example.com',
};
const DAY_MS = 24 * 3600 * 1000;

/** A list page with `listed` on it, and the bulk call answered by `bulk`. */
async function showList(role: 'buyer' | 'seller', listed: () => User[], bulk: MockHandler) {
  const api = mockApi({
    ...signedInAs('admin'),
    [`GET /api/${role}s?limit=24`]: () => ({ body: listed() }),
    'POST /api/admin/users/bulk': bulk,
  });
  renderApp(`/dashboard/${role}s`);
  await screen.findByText(listed()[0]?.userName ?? '');
  return api;
}

const tick = (role: string, user: User) =>
  fireEvent.click(screen.getByRole('checkbox', { name: `Select ${role} ${user.userName}` }));
const bar = () => within(screen.getByRole('group', { name: 'Selected users' }));
const bulkBodies = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.path === '/api/admin/users/bulk').map((call) => call.body);

describe('Bulk actions (All Buyers, All Sellers)', () => {
  it('suspends the selected users for the period chosen, saying what it does first', async () => {
    let done = false;
    const { calls } = await showList(
      'buyer',
      () => (done ? [bo] : [buyer, bo, cy]),
      () => {
        done = true;
        return { body: { acknowledged: true, count: 2 } };
      },
    );
    expect(screen.queryByRole('group', { name: 'Selected users' })).toBeNull();
    tick('buyer', buyer);
    tick('buyer', cy);
    expect(bar().getByText('2 selected')).toBeTruthy();
    fireEvent.click(bar().getByRole('button', { name: 'Suspend selected' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Suspend 2 users?' }));
    expect(
      dialog.getByText(
        'Suspend 2 users for 1 week: they are signed out, their listings are hidden and their open bookings are cancelled and refunded.',
      ),
    ).toBeTruthy();
    fireEvent.change(dialog.getByRole('combobox', { name: 'Suspend for' }), {
      target: { value: '30' },
    });
    expect(dialog.getByText(/^Suspend 2 users for 30 days: they are signed out/)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Fake listings ' },
    });
    const before = Date.now();
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend 2 users' }));

    expect(await screen.findByText('2 users suspended')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Bea Buyer')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selected users' })).toBeNull();
    const [body] = bulkBodies(calls) as [{ until: string }];
    expect(body).toEqual({
      action: 'suspend',
      ids: [buyer._id, cy._id],
      until: body.until,
      reason: 'Fake listings',
    });
    expect(Date.parse(body.until)).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(Date.parse(body.until)).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('deletes the selected sellers, whose list now has checkboxes too', async () => {
    const sam2: User = { ...seller, _id: bo._id, userName: 'Sue Seller' };
    const { calls } = await showList('seller', () => [seller, sam2], {
      body: { acknowledged: true, count: 2 },
    });
    tick('seller', seller);
    tick('seller', sam2);
    fireEvent.click(bar().getByRole('button', { name: 'Delete selected' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete 2 users?' }));
    expect(
      dialog.getByText(
        'Delete 2 users: their accounts are closed at once and their listings disappear; their open bookings are cancelled and paid ones refunded. Bookings stay readable.',
      ),
    ).toBeTruthy();
    expect(dialog.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete 2 users' }));
    expect(await screen.findByText('2 users deleted')).toBeTruthy();
    expect(bulkBodies(calls)).toEqual([{ action: 'delete', ids: [seller._id, sam2._id] }]);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected users' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select seller Sam Seller' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('shows the server’s refusal and keeps the selection: nothing was done', async () => {
    const { calls } = await showList('buyer', () => [buyer, bo], {
      status: 403,
      body: { message: 'An admin account cannot be suspended' },
    });
    tick('buyer', buyer);
    tick('buyer', bo);
    fireEvent.click(bar().getByRole('button', { name: 'Delete selected' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete 2 users' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'An admin account cannot be suspended',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(bar().getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select buyer Bea Buyer' })).toHaveProperty(
      'checked',
      true,
    );
    expect(bulkBodies(calls)).toHaveLength(1);
  });

  it('asks the reason of a suspension before sending it', async () => {
    const { calls } = await showList('buyer', () => [buyer], {
      body: { acknowledged: true, count: 1 },
    });
    tick('buyer', buyer);
    expect(bar().getByText('1 selected')).toBeTruthy();
    fireEvent.click(bar().getByRole('button', { name: 'Suspend selected' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Suspend 1 user?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend 1 user' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(bulkBodies(calls)).toEqual([]);
  });

  it('unticking every row hides the bar', async () => {
    await showList('buyer', () => [buyer], { body: { acknowledged: true, count: 1 } });
    tick('buyer', buyer);
    expect(bar().getByText('1 selected')).toBeTruthy();
    tick('buyer', buyer);
    expect(screen.queryByRole('group', { name: 'Selected users' })).toBeNull();
  });
});
