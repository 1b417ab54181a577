import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@reloop/shared';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const product: Product = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'ThinkPad T14',
  imgUrl: '/api/images/t14.jpg',
  resalePrice: 549.5,
  originalPrice: 1299,
  location: 'Austin',
  mobile: '5125550123',
  yearOfUse: 2021,
  condition: 'good',
  categoryId: '22222222-2222-4222-8222-222222222222',
  description: 'Battery at 88%.',
  sellerName: 'Sam Sellers',
  sellerEmail: 'seller@example.com',
  sellerVerified: true,
  status: 'unsold',
  advertise: true,
  report: false,
  timeWhenPost: '2026-11-20T10:00:00.000Z',
};
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
