import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const categories = [
  { _id: '22222222-2222-4222-8222-222222222222', category: 'MacBook', image: '/api/images/c.jpg' },
];

describe('add product form', () => {
  it('requires every field, offers the fetched categories, and sends nothing', async () => {
    const { calls } = mockApi({
      ...signedInAs('seller'),
      'GET /api/productcategory': { body: categories },
    });
    renderApp('/dashboard/addproduct');
    expect(await screen.findByRole('option', { name: 'MacBook' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    for (const message of [
      'Product name is required',
      'Resale price is required',
      'Original price is required',
      'Location is required',
      'Phone is required',
      'Year of purchase is required',
      'Condition is required',
      'Category is required',
      'Description is required',
      'Image is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('wants numbers for prices and year, and digits for the phone', async () => {
    mockApi({ ...signedInAs('seller'), 'GET /api/productcategory': { body: categories } });
    renderApp('/dashboard/addproduct');
    await screen.findByRole('option', { name: 'MacBook' });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Resale price ($)', 'cheap');
    type('Original price ($)', 'a lot');
    type('Year of purchase', 'last year');
    type('Phone', '512-555');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Resale price must be a number')).toBeTruthy();
    expect(screen.getByText('Original price must be a number')).toBeTruthy();
    expect(screen.getByText('Year of purchase must be a number')).toBeTruthy();
    expect(screen.getByText('Phone must contain digits only')).toBeTruthy();
  });
});
