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
