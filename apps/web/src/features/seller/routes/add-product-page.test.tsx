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
      'Resale price ($) is required',
      'Original price ($) is required',
      'Location is required',
      'Phone must have 6 to 15 digits',
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

  it("checks prices, year and phone by the API's own rules", async () => {
    mockApi({ ...signedInAs('seller'), 'GET /api/productcategory': { body: categories } });
    renderApp('/dashboard/addproduct');
    await screen.findByRole('option', { name: 'MacBook' });
    type('Resale price ($)', 'cheap');
    type('Original price ($)', '-5');
    type('Year of purchase', String(new Date().getFullYear() + 1));
    type('Phone', '512-55');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Resale price ($) must be a number')).toBeTruthy();
    expect(screen.getByText('Original price ($) must be more than 0')).toBeTruthy();
    expect(screen.getByText('Year of purchase cannot be in the future')).toBeTruthy();
    expect(screen.getByText('Phone must have 6 to 15 digits')).toBeTruthy();
  });

  it("puts the server's refusal on its field and keeps what was typed", async () => {
    const { calls } = mockApi({
      ...signedInAs('seller'),
      'GET /api/productcategory': { body: categories },
      'POST /api/images': { body: { success: true, data: { url: '/api/images/new.jpg' } } },
      'POST /api/product': {
        status: 400,
        body: {
          message: 'Invalid request',
          errors: [{ path: 'body.location', message: 'is not a place we know' }],
        },
      },
    });
    renderApp('/dashboard/addproduct');
    await screen.findByRole('option', { name: 'MacBook' });
    type('Product name', 'ThinkPad T14');
    type('Location', 'Atlantis');
    type('Resale price ($)', '549.50');
    type('Original price ($)', '1200');
    type('Phone', '+1 512 555 0199');
    type('Year of purchase', '2022');
    type('Condition', 'good');
    type('Category', categories[0]?._id ?? '');
    type('Description', 'Light wear, new battery.');
    fireEvent.change(screen.getByLabelText('Product photo'), {
      target: {
        files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 't14.jpg', { type: 'image/jpeg' })],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Location is not a place we know')).toBeTruthy();
    expect(screen.getByLabelText('Location')).toHaveProperty('value', 'Atlantis');
    expect(calls.find((call) => call.path === '/api/product')?.body).toMatchObject({
      resalePrice: 549.5,
      originalPrice: 1200,
      yearOfUse: 2022,
      mobile: '15125550199',
    });
  });
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
