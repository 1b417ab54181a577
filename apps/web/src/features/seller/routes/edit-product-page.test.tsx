import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@reloop/shared';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import {
  categories,
  choosePhotos,
  fakeImageStore,
  stubObjectUrls,
  type,
} from '../testing/product-form.ts';

beforeEach(stubObjectUrls);

const listing: ProductDetail = {
  ...listedProduct,
  sellerId: '00000000-0000-4000-8000-000000000001',
  sellerSince: '2026-01-05T10:00:00.000Z',
};
const listingPath = `/api/product/${listing._id}`;

function openEditor(routes: Record<string, MockHandler>) {
  const { upload, uploaded } = fakeImageStore();
  const api = mockApi({
    ...signedInAs('seller'),
    'GET /api/productcategory': { body: categories },
    'GET /api/seller/products': { body: [] },
    [`GET ${listingPath}`]: { body: listing },
    'POST /api/images': upload,
    ...routes,
  });
  return { ...api, ...renderApp(`/dashboard/products/${listing._id}/edit`), uploaded };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const patches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PATCH' && call.path === listingPath);

describe('edit product page', () => {
  it('shows the listing as it is, and sends only what changed', async () => {
    const { calls, router, uploaded } = openEditor({
      [`PATCH ${listingPath}`]: { body: { acknowledged: true } },
    });
    expect(await screen.findByLabelText('Model')).toHaveProperty('value', 'ThinkPad T14 Gen 2');
    for (const [label, value] of [
      ['Product name', 'ThinkPad T14'],
      ['Processor (CPU)', 'Intel Core i5-1135G7'],
      ['RAM (GB)', '16'],
      ['Storage (GB)', '512'],
      ['Screen size (inches)', '14'],
      ['Battery health (%)', '88'],
      ['Condition', 'good'],
      ['Year of purchase', '2021'],
      ['Resale price ($)', '549.5'],
      ['Original price ($)', '1299'],
      ['Location', 'Austin'],
      ['Phone', '5125550123'],
      ['Description', 'Battery at 88%.'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveProperty('value', value);
    }
    await waitFor(() =>
      expect(screen.getByLabelText('Category')).toHaveProperty('value', categories[0]?._id),
    );
    const photos = within(screen.getByRole('list', { name: 'Photos in order' }));
    expect(photos.getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual(
      listing.photos,
    );

    type('Resale price ($)', '499');
    // The same number written another way is no change.
    type('Phone', '512-555-0123');
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    choosePhotos('lid.jpg');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
    expect(uploaded).toEqual(['lid.jpg']);
    expect(patches(calls).map((call) => call.body)).toEqual([
      {
        resalePrice: 499,
        photos: ['/api/images/t14-keyboard.jpg', '/api/images/t14.jpg', '/api/images/lid.jpg'],
      },
    ]);
  });

  it("shows the listing's category when the categories arrive after the form", async () => {
    let sendCategories = () => {};
    const arrived = new Promise<void>((resolve) => (sendCategories = resolve));
    const lenovo = { _id: listing.categoryId, category: 'Lenovo', image: '/api/images/l.jpg' };
    const macbook = { ...lenovo, _id: '44444444-4444-4444-8444-444444444444', category: 'MacBook' };
    openEditor({
      'GET /api/productcategory': async () => {
        await arrived;
        return { body: [macbook, lenovo] };
      },
    });
    expect(await screen.findByLabelText('Model')).toHaveProperty('value', 'ThinkPad T14 Gen 2');
    sendCategories();
    await screen.findByRole('option', { name: 'Lenovo' });
    expect(screen.getByLabelText('Category')).toHaveProperty('value', lenovo._id);
  });

  it('sends nothing when nothing changed, and goes back', async () => {
    const { calls, router } = openEditor({});
    await screen.findByLabelText('Model');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
    expect(patches(calls)).toEqual([]);
  });

  it('holds an edit to the same rules as a new listing', async () => {
    const { calls } = openEditor({});
    await screen.findByLabelText('Model');
    type('Condition', 'excellent');
    type('Battery health (%)', '82');
    save();
    expect(
      await screen.findByText('Battery health (%) must be at least 85% for an excellent laptop'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    save();
    expect(await screen.findByText('Add at least one photo')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
  });

  it.each([
    [409, 'This product has already been sold'],
    [403, 'You are not allowed to do this'],
  ])(
    'says clearly on the page why an edit refused with %i cannot be made',
    async (status, message) => {
      const { calls } = openEditor({ [`PATCH ${listingPath}`]: { status, body: { message } } });
      await screen.findByLabelText('Location');
      type('Location', 'Round Rock');
      save();
      const alert = (await screen.findByText(message)).closest('[role=alert]');
      expect(alert?.textContent).toContain('This listing cannot be edited now.');
      expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to All Products' })).toBeTruthy();
      expect(patches(calls).map((call) => call.body)).toEqual([{ location: 'Round Rock' }]);
    },
  );

  it('says so, without a form, for a listing already sold', async () => {
    openEditor({ [`GET ${listingPath}`]: { body: { ...listing, status: 'sold' } } });
    expect(await screen.findByText('This product has already been sold')).toBeTruthy();
    expect(screen.queryByLabelText('Model')).toBeNull();
  });

  it('offers a retry when the listing could not be loaded', async () => {
    let fail = true;
    openEditor({
      [`GET ${listingPath}`]: () =>
        fail
          ? { status: 500, body: { message: 'The database is not reachable' } }
          : { body: listing },
    });
    expect(await screen.findByText('The database is not reachable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Model')).toHaveProperty('value', 'ThinkPad T14 Gen 2');
  });
});
