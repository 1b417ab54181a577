import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Category } from '@reloop/shared';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockResponse } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const categoryId = listedProduct.categoryId;
const categories: Category[] = [
  { _id: categoryId, category: 'Lenovo', image: '/api/images/lenovo.jpg' },
];
const productsPath = `GET /api/products/${categoryId}`;

/** An answer held back until the test lets it through. */
function held(response: MockResponse) {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  return { handler: () => answered.then(() => response), release };
}

describe('category page', () => {
  it("asks for the category's products while the session is still being checked", async () => {
    const session = signedInAs('buyer');
    const me = held(session['GET /api/auth/me'] as MockResponse);
    const { calls } = mockApi({
      ...session,
      'GET /api/auth/me': me.handler,
      'GET /api/productcategory': { body: categories },
      [productsPath]: { body: [listedProduct] },
    });
    renderApp(`/category/${categoryId}`);
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(`/api/products/${categoryId}?limit=24`),
    );
    expect(screen.queryByRole('heading', { name: 'Lenovo laptops' })).toBeNull();

    me.release();
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Lenovo laptops' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Lenovo laptops · Reloop'));
  });

  it('keeps the place of the categories and the products while they load', async () => {
    const products = held({ body: [listedProduct] });
    const list = held({ body: categories });
    mockApi({
      ...signedInAs('buyer'),
      'GET /api/productcategory': list.handler,
      [productsPath]: products.handler,
    });
    renderApp(`/category/${categoryId}`);
    // Placeholder cards the size of the real ones, and five category rows (there are five).
    expect(await screen.findByText('Loading products')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'CATEGORIES' });
    expect(within(nav).getByRole('list', { hidden: true }).getAttribute('aria-busy')).toBe('true');
    expect(within(nav).getAllByRole('listitem', { hidden: true })).toHaveLength(5);

    list.release();
    products.release();
    const link = await within(nav).findByRole('link', { name: 'Lenovo' });
    // The current category is marked; its picture waits (hidden on a phone, it is not fetched).
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(link).getByRole('presentation', { hidden: true }).getAttribute('loading')).toBe(
      'lazy',
    );
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(screen.queryByText('Loading products')).toBeNull();
    // The first photos are on the first screen: not left to lazy loading.
    expect(screen.getByRole('img', { name: 'ThinkPad T14' }).getAttribute('loading')).toBe('eager');
  });
});
