import { screen } from '@testing-library/react';
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

  it('offers a signed-in user Book Now and Report', async () => {
    mockApi({ ...signedInAs('buyer'), ...homeRoutes });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Report/ })).toHaveProperty('disabled', false);
  });
});
