import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNREAD_COUNTED_UP_TO, type Notification, type Notifications } from '@reloop/shared';
import { mockApi, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const bookingId = '33333333-3333-4333-8333-333333333333';
const notification = (
  index: number,
  kind: Notification['kind'],
  side: Notification['side'],
  read: boolean,
): Notification => ({
  _id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(index).padStart(12, '0')}`,
  kind,
  bookingId,
  side,
  productId: null,
  questionId: null,
  searchName: null,
  productName: 'ThinkPad T14',
  read,
  createdAt: new Date(Date.now() - index * 3_600_000).toISOString(),
});
const latest: Notifications = {
  unread: 2,
  unreadMessages: 3,
  notifications: [
    notification(1, 'message', 'seller', false),
    notification(2, 'booked', 'seller', false),
    notification(3, 'paid', 'buyer', true),
    notification(4, 'cancelled', 'buyer', true),
    notification(5, 'completed', 'seller', true),
  ],
};

/** A signed-in seller on a page of the public shell, with `shown` until they are marked read. */
function showBell(shown: Notifications = latest) {
  let markedRead = false;
  const api = mockApi({
    ...signedInAs('seller'),
    'GET /api/notifications': () => ({
      body: markedRead
        ? {
            ...shown,
            unread: 0,
            notifications: shown.notifications.map((each) => ({ ...each, read: true })),
          }
        : shown,
    }),
    'POST /api/notifications/read': () => {
      markedRead = true;
      return { body: { acknowledged: true } };
    },
  });
  renderApp('/blog');
  return api;
}

describe('the notifications bell', () => {
  it('counts the unread notifications, and marks them read once opened', async () => {
    const { calls } = showBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.textContent).toBe('2');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(bell);
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(panel.getByText('3 unread messages')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/notifications/read')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBe(bell);
    // What was unread when the panel opened stays marked so while it is open.
    expect(panel.getByRole('link', { name: /^Unread:\s?New booking: ThinkPad T14/ })).toBeTruthy();
  });

  it('words each notification and links it to where it happened', async () => {
    showBell();
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    // The bell can be clicked before its list has loaded; wait for the list, not a fixed delay.
    await panel.findByRole('link', { name: /New message about ThinkPad T14/ });
    const href = (name: RegExp) => panel.getByRole('link', { name }).getAttribute('href');
    expect(href(/New message about ThinkPad T14/)).toBe(`/dashboard/sales/${bookingId}/messages`);
    expect(href(/New booking: ThinkPad T14/)).toBe('/dashboard/sales');
    expect(href(/ThinkPad T14 was paid/)).toBe('/dashboard/orders');
    expect(href(/Booking cancelled: ThinkPad T14/)).toBe('/dashboard/orders');
    expect(href(/Handover confirmed: ThinkPad T14/)).toBe('/dashboard/sales');
    expect(panel.getByText('1 hour ago')).toBeTruthy();
  });

  it("words the held money's notices and leads to the complaint or the earnings", async () => {
    showBell({
      unread: 0,
      unreadMessages: 0,
      notifications: [
        notification(1, 'disputed', 'seller', true),
        notification(2, 'resolved', 'buyer', true),
        notification(3, 'released', 'seller', true),
        notification(4, 'paid_out', 'seller', true),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    await panel.findByRole('link', { name: /A problem was reported: ThinkPad T14/ });
    const href = (name: RegExp) => panel.getByRole('link', { name }).getAttribute('href');
    expect(href(/A problem was reported: ThinkPad T14/)).toBe(
      `/dashboard/sales/${bookingId}/messages`,
    );
    expect(href(/Complaint decided: ThinkPad T14/)).toBe('/dashboard/orders');
    expect(href(/Payment released: ThinkPad T14/)).toBe('/dashboard/earnings');
    expect(href(/Paid out: ThinkPad T14/)).toBe('/dashboard/earnings');
  });

  it('invites each side to review the other, and leads a shown review to the own profile', async () => {
    showBell({
      unread: 0,
      unreadMessages: 0,
      notifications: [
        notification(1, 'review_invited', 'buyer', true),
        notification(2, 'review_invited', 'seller', true),
        notification(3, 'reviewed', 'seller', true),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    await panel.findByRole('link', { name: /Review the seller: ThinkPad T14/ });
    const href = (name: RegExp) => panel.getByRole('link', { name }).getAttribute('href');
    expect(href(/How did it go\? Review the seller: ThinkPad T14/)).toBe('/dashboard/orders');
    expect(href(/How did it go\? Review the buyer: ThinkPad T14/)).toBe('/dashboard/sales');
    expect(href(/A review of you is now on your profile: ThinkPad T14/)).toBe(
      `/seller/${testUser('seller').uid}`,
    );
  });

  it('leads a question before booking to its conversation', async () => {
    const questionId = '44444444-4444-4444-8444-444444444444';
    showBell({
      unread: 1,
      unreadMessages: 0,
      notifications: [
        {
          ...notification(1, 'question', null, false),
          bookingId: null,
          productId: '55555555-5555-4555-8555-555555555555',
          questionId,
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    const link = await panel.findByRole('link', {
      name: /New message about ThinkPad T14, before booking/,
    });
    expect(link.getAttribute('href')).toBe(`/dashboard/questions/${questionId}`);
  });

  it("words a watched listing's and a saved search's notices and leads each to the listing", async () => {
    const productId = '55555555-5555-4555-8555-555555555555';
    const aboutListing = (
      index: number,
      kind: Notification['kind'],
      searchName: string | null = null,
    ): Notification => ({
      ...notification(index, kind, null, false),
      bookingId: null,
      productId,
      searchName,
    });
    showBell({
      unread: 4,
      unreadMessages: 0,
      notifications: [
        aboutListing(1, 'price_dropped'),
        aboutListing(2, 'listing_sold'),
        aboutListing(3, 'search_match', 'Cheap ThinkPads'),
        // The saved search deleted since: the match stays, without its name.
        aboutListing(4, 'search_match'),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    await panel.findByRole('link', { name: /Price drop on a laptop you watch: ThinkPad T14/ });
    const href = (name: RegExp) => panel.getByRole('link', { name }).getAttribute('href');
    const listingPath = `/product/${productId}`;
    expect(href(/Price drop on a laptop you watch: ThinkPad T14/)).toBe(listingPath);
    expect(href(/A laptop you watch was sold: ThinkPad T14/)).toBe(listingPath);
    expect(href(/New match for “Cheap ThinkPads”: ThinkPad T14/)).toBe(listingPath);
    expect(href(/New match for a saved search: ThinkPad T14/)).toBe(listingPath);
  });

  it('says 99+ when the server counted up to its limit', async () => {
    showBell({ ...latest, unread: UNREAD_COUNTED_UP_TO, unreadMessages: UNREAD_COUNTED_UP_TO });
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell.textContent).toBe('99+');
    fireEvent.click(bell);
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(panel.getByText('99+ unread messages')).toBeTruthy();
  });

  it('closes on Escape, handing focus back to the bell', async () => {
    showBell();
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    fireEvent.click(bell);
    const [firstLink] = await within(
      screen.getByRole('region', { name: 'Notifications' }),
    ).findAllByRole('link');
    if (!firstLink) throw new Error('the open panel lists no notification');
    firstLink.focus();
    fireEvent.keyDown(firstLink, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('is only there for a signed-in user', async () => {
    mockApi({});
    renderApp('/blog');
    await screen.findByRole('link', { name: 'Log in' });
    await screen.findByRole('searchbox', { name: 'Search laptops' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
