import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@reloop/shared';
import { listedProduct, sellerProfile } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const soldMacBook: Product = {
  ...listedProduct,
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'MacBook Air M1',
  model: 'MacBook Air (M1, 2020)',
  cpu: 'Apple M1',
  ramGb: 8,
  storageGb: 1024,
  screenInches: 13.3,
  status: 'sold',
};
const listedBeforeSpecs: Product = {
  ...listedProduct,
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Old Dell',
  model: null,
  cpu: null,
  ramGb: null,
  storageGb: null,
  screenInches: null,
  batteryHealth: null,
};

describe("seller's products", () => {
  it('shows each listing’s specs, and an Edit link for the unsold ones only', async () => {
    mockApi({
      ...signedInAs('seller'),
      'GET /api/seller/products': { body: [listedProduct, soldMacBook, listedBeforeSpecs] },
    });
    renderApp('/dashboard/products');
    const row = (name: string) => {
      const found = screen.getAllByRole('row').find((each) => within(each).queryByText(name));
      if (!found) throw new Error(`No row for ${name}`);
      return within(found);
    };
    await screen.findByText('ThinkPad T14');
    expect(row('ThinkPad T14').getByText('ThinkPad T14 Gen 2')).toBeTruthy();
    expect(row('ThinkPad T14').getByText('16 GB RAM · 512 GB · 14″')).toBeTruthy();
    expect(
      row('ThinkPad T14').getByRole('link', { name: 'Edit ThinkPad T14' }).getAttribute('href'),
    ).toBe(`/dashboard/products/${listedProduct._id}/edit`);

    expect(row('MacBook Air M1').getByText('8 GB RAM · 1 TB · 13.3″')).toBeTruthy();
    expect(row('MacBook Air M1').queryByRole('link', { name: /Edit/ })).toBeNull();

    expect(row('Old Dell').getByText('No specs yet')).toBeTruthy();
    expect(row('Old Dell').getByRole('link', { name: 'Edit Old Dell' })).toBeTruthy();
  });

  it('heads the list with the seller’s rating and the way to their public profile', async () => {
    const { uid } = testUser('seller');
    mockApi({
      ...signedInAs('seller'),
      'GET /api/seller/products': { body: [listedProduct] },
      [`GET /api/users/${uid}/profile`]: { body: { ...sellerProfile, _id: uid } },
    });
    renderApp('/dashboard/products');
    const rating = await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 4 reviews' });
    expect(rating.parentElement?.textContent).toBe('Your rating: ★ 4.5 · 4');
    expect(screen.getByRole('link', { name: 'Your public profile' }).getAttribute('href')).toBe(
      `/seller/${uid}`,
    );
  });

  it('says no review of a new seller is shown yet', async () => {
    const { uid } = testUser('seller');
    mockApi({
      ...signedInAs('seller'),
      'GET /api/seller/products': { body: [] },
      [`GET /api/users/${uid}/profile`]: {
        body: {
          ...sellerProfile,
          _id: uid,
          rating: { average: null, count: 0, histogram: [0, 0, 0, 0, 0] },
        },
      },
    });
    renderApp('/dashboard/products');
    expect(await screen.findByText('No reviews of you are shown yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your public profile' })).toBeTruthy();
  });
});
