import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@reloop/shared';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const product: Product = { ...listedProduct, advertise: true };
const homeRoutes = {
  'GET /api/productcategory': { body: [] },
  'GET /api/advertise/products': { body: [product] },
};

describe('product card', () => {
  it('offers a visitor "Log in to book" and no report button', async () => {
    mockApi(homeRoutes);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in to book' })).toBeTruthy();
    expect(screen.getByText('verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it("shows the seller's rating beside their name, and none before their first review", async () => {
    mockApi({
      ...homeRoutes,
      'GET /api/advertise/products': {
        body: [
          { ...product, sellerRating: { average: 4.8, count: 23 } },
          { ...product, _id: '55555555-5555-4555-8555-555555555555', sellerRating: null },
        ],
      },
    });
    renderApp('/');
    const rating = await screen.findByRole('img', { name: 'Rated 4.8 out of 5 from 23 reviews' });
    expect(rating.textContent).toBe('★ 4.8 · 23');
    expect(rating.closest('li')?.textContent).toContain('Sam Sellers');
    expect(screen.getAllByRole('img', { name: /^Rated/ })).toHaveLength(1);
  });

  it('offers a signed-in user Book Now and Report, also when someone else reported it', async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      ...homeRoutes,
      'GET /api/advertise/products': { body: [{ ...product, report: true }] },
      'GET /api/product/reports/mine': { body: { productIds: [] } },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Report' })).toHaveProperty('disabled', false);
    expect(calls.filter((call) => call.path === '/api/product/reports/mine')).toHaveLength(1);
  });

  it('reads "reported", inert, on a listing the user reported', async () => {
    mockApi({
      ...signedInAs('buyer'),
      ...homeRoutes,
      'GET /api/product/reports/mine': { body: { productIds: [product._id] } },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'reported' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('leads from its photo and its title to the listing page', async () => {
    mockApi(homeRoutes);
    const { router } = renderApp('/');
    const heading = await screen.findByRole('heading', { name: 'ThinkPad T14' });
    const title = within(heading).getByRole('link');
    const photo = screen.getByRole('img', { name: 'ThinkPad T14' }).closest('a');
    const listingPath = `/product/${product._id}`;
    expect(title.getAttribute('href')).toBe(listingPath);
    expect(photo?.getAttribute('href')).toBe(listingPath);
    // One stop for the keyboard: the photo's link is left out of the tab order.
    expect(photo?.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(title);
    await waitFor(() => expect(router.state.location.pathname).toBe(listingPath));
  });
});
