import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@reloop/shared';
import { listedProduct, listedProductDetail } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

/** Watching a listing, saving a search, and the page that lists both (DESIGN §17). */
const listing: ProductDetail = { ...listedProductDetail, batteryHealth: null, sellerRating: null };
const { sellerId } = listing;
const WATCH = `/api/watchlist/${listing._id}`;
const bell = { body: { unread: 0, unreadMessages: 0, notifications: [] } };
const savedSearch = {
  _id: '99999999-9999-4999-8999-999999999999',
  name: 'Cheap ThinkPads',
  query: { q: 'thinkpad', maxPrice: '500', sort: 'newest' },
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('the watch heart on a listing', () => {
  it('shows whether the listing is watched and toggles it', async () => {
    let watched = false;
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      [`GET /api/product/${listing._id}`]: { body: listing },
      [`GET /api/search?sellerId=${sellerId}&limit=5`]: { body: [] },
      'GET /api/bookings': { body: [] },
      'GET /api/notifications': bell,
      'GET /api/watchlist': () => ({ body: watched ? [listedProduct] : [] }),
      [`PUT ${WATCH}`]: () => {
        watched = true;
        return { body: { acknowledged: true } };
      },
      [`DELETE ${WATCH}`]: () => {
        watched = false;
        return { body: { acknowledged: true } };
      },
    });
    renderApp(`/product/${listing._id}`);
    const heart = await screen.findByRole('button', { name: 'Watch' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Watching' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    await screen.findByRole('button', { name: 'Watch' });
    expect(calls.filter((call) => call.path === WATCH).map((call) => call.method)).toEqual([
      'PUT',
      'DELETE',
    ]);
  });

  it('is not offered to the listing’s own seller', async () => {
    const { calls } = mockApi({
      ...signedInAs('seller', { uid: sellerId }),
      [`GET /api/product/${listing._id}`]: { body: listing },
      [`GET /api/search?sellerId=${sellerId}&limit=5`]: { body: [] },
      'GET /api/notifications': bell,
    });
    renderApp(`/product/${listing._id}`);
    await screen.findByRole('heading', { name: listing.name });
    expect(screen.queryByRole('button', { name: /^Watch/ })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/watchlist'))).toBe(false);
  });
});

describe('saving a search', () => {
  it('saves the search in the address under the name given', async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      'GET /api/productcategory': { body: [] },
      'GET /api/notifications': bell,
      'GET /api/search': { body: [listedProduct] },
      'POST /api/saved-searches': { status: 201, body: savedSearch },
    });
    renderApp('/search?q=thinkpad&maxPrice=500');
    fireEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const name = screen.getByRole('textbox', { name: 'Name this search' });
    expect((name as HTMLInputElement).value).toBe('thinkpad');
    fireEvent.change(name, { target: { value: 'Cheap ThinkPads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save this search' });
    expect(calls.find((call) => call.path === '/api/saved-searches')?.body).toEqual({
      q: 'thinkpad',
      maxPrice: '500',
      sort: 'newest',
      name: 'Cheap ThinkPads',
    });
  });
});

describe('/dashboard/watching', () => {
  it('lists the saved searches, each opening its results, and the watched listings', async () => {
    let searches = [savedSearch];
    mockApi({
      ...signedInAs('buyer'),
      'GET /api/notifications': bell,
      'GET /api/saved-searches': () => ({ body: searches }),
      [`DELETE /api/saved-searches/${savedSearch._id}`]: () => {
        searches = [];
        return { body: { acknowledged: true } };
      },
      'GET /api/watchlist': { body: [listedProduct] },
    });
    renderApp('/dashboard/watching');
    const link = await screen.findByRole('link', { name: 'Cheap ThinkPads' });
    expect(link.getAttribute('href')).toBe('/search?q=thinkpad&maxPrice=500&sort=newest');
    expect(await screen.findByRole('heading', { name: listedProduct.name })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText(/No saved searches yet/)).toBeTruthy();
    const main = screen.getByRole('heading', { name: 'Watching', level: 1 }).closest('section');
    expect(within(main as HTMLElement).getByText('Watched listings')).toBeTruthy();
  });
});
