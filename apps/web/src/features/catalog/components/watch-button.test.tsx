import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@reloop/shared';
import { listedProduct, listedProductDetail } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const listing = listedProductDetail;
const { sellerId } = listing;
const listingPath = `/product/${listing._id}`;
const other: Product = {
  ...listedProduct,
  _id: '55555555-5555-4555-8555-555555555551',
  name: 'Latitude 7420',
};

/** The listing's page and the seller's other listings it shows. */
const listingRoutes: Record<string, MockHandler> = {
  [`GET /api/product/${listing._id}`]: { body: listing },
  [`GET /api/search?sellerId=${sellerId}&limit=5`]: { body: [] },
  'GET /api/bookings': { body: [] },
};

/**
 * The watchlist as the server keeps it, in pages of one (so reading it follows the links), with
 * PUT and DELETE changing it.
 */
function watchlistServer(watched: Product[]): Record<string, MockHandler> {
  return {
    'GET /api/watchlist': ({ url }) => {
      const at = Number(url.searchParams.get('cursor')?.slice(-1) ?? 0);
      const next = `</api/watchlist?limit=100&cursor=00000000-0000-4000-8000-00000000000${at + 1}>; rel="next"`;
      const headers: Record<string, string> = at + 1 < watched.length ? { link: next } : {};
      return { body: watched.slice(at, at + 1), headers };
    },
    [`PUT /api/watchlist/${listing._id}`]: () => {
      if (!watched.includes(listedProduct)) watched.push(listedProduct);
      return { body: { acknowledged: true } };
    },
    [`DELETE /api/watchlist/${listing._id}`]: () => {
      watched.splice(watched.indexOf(listedProduct), 1);
      return { body: { acknowledged: true } };
    },
  };
}

describe('the heart (Watch)', () => {
  it('watches a listing from its page and stops again, pressed while watched', async () => {
    const watched = [other];
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      ...listingRoutes,
      ...watchlistServer(watched),
    });
    renderApp(listingPath);
    const heart = await screen.findByRole('button', { name: /Watch/ });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(heart.textContent).toBe('Watch');

    fireEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Watch/ }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: /Watch/ }).textContent).toBe('Watching');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      `/api/watchlist/${listing._id}`,
    ]);

    fireEvent.click(screen.getByRole('button', { name: /Watch/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Watch/ }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it("is on every card, from one reading of the user's watchlist followed to its end", async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      'GET /api/productcategory': { body: [] },
      'GET /api/advertise/products': { body: [listedProduct, other] },
      ...watchlistServer([other, { ...other, _id: '55555555-5555-4555-8555-555555555552' }]),
    });
    renderApp('/');
    const card = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('article') as HTMLElement);
    await waitFor(() =>
      expect(
        card('Latitude 7420').getByRole('button', { name: /Watch/ }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(
      card('ThinkPad T14').getByRole('button', { name: /Watch/ }).getAttribute('aria-pressed'),
    ).toBe('false');
    // Two cards, one reading of the watchlist: its two pages, each once, a hundred to a page.
    const reads = calls.filter((call) => call.path.startsWith('/api/watchlist'));
    expect(reads.map((call) => new URL(call.path, 'http://localhost').search)).toEqual([
      '?limit=100',
      '?limit=100&cursor=00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('takes a visitor to log in, and comes back to the listing', async () => {
    mockApi(listingRoutes);
    const { router } = renderApp(listingPath);
    const heart = await screen.findByRole('link', { name: /Watch/ });
    fireEvent.click(heart);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: listingPath } });
  });

  it("is not on the seller's own listing", async () => {
    mockApi({
      ...signedInAs('seller', { uid: sellerId }),
      ...listingRoutes,
      ...watchlistServer([]),
    });
    renderApp(listingPath);
    expect(await screen.findByRole('heading', { name: listing.name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Watch/ })).toBeNull();
  });

  it("says the server's refusal, as for a card of the seller's own listing", async () => {
    mockApi({
      ...signedInAs('seller'),
      'GET /api/productcategory': { body: [] },
      'GET /api/advertise/products': { body: [listedProduct] },
      ...watchlistServer([]),
      [`PUT /api/watchlist/${listing._id}`]: {
        status: 409,
        body: { message: 'You cannot watch your own listing' },
      },
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /Watch/ }));
    expect(await screen.findByText('You cannot watch your own listing')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Watch/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
