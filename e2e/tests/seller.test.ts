import { expect, it } from 'vitest';
import { ApiClient } from '../src/api.ts';
import { fillProductForm, photoInput, registerInBrowser } from './support/journeys.ts';
import {
  expectAccessible,
  expectToast,
  inBrowser,
  samplePhotos,
  tokenIn,
  useReloop,
} from './support/reloop.ts';

const reloop = useReloop();

it('lets a new seller list, advertise and delete a laptop', async () => {
  const { api } = reloop();
  const productName = `Framework Laptop 13 ${Date.now()}`;
  await inBrowser(reloop(), 'seller', async (page) => {
    await registerInBrowser(page, 'seller', 'Sid Seller');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard/products');
    await page.getByText('No Products created yet').waitFor();
    await expectAccessible(page, 'seller products (empty)');

    await page.getByRole('link', { name: 'Add Product' }).click();
    await page.waitForURL('**/dashboard/addproduct');
    await fillProductForm(page, {
      name: productName,
      category: 'Lenovo',
      model: 'Framework Laptop 13 (AMD)',
      cpu: 'AMD Ryzen 7 7840U',
      ramGb: 32,
      storageGb: 1024,
      screenInches: 13.5,
      batteryHealth: 96,
      condition: 'excellent',
      yearOfUse: 2023,
      resalePrice: 640,
      originalPrice: 1049,
      location: 'Denver',
      phone: '3035550142',
      description: 'Ryzen 7, 32 GB, matte screen, like new.',
    });
    await photoInput(page).setInputFiles(samplePhotos('lid.jpg', 'keyboard.jpg'));
    await page.getByText('2 of 8 photos.').waitFor();
    await expectAccessible(page, 'add product');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expectToast(page, 'Product Create Successfully');
    await page.waitForURL('**/dashboard/products');

    const row = page.getByRole('row').filter({ hasText: productName });
    await row.getByText('$640.00').waitFor();
    await row.getByText('32 GB RAM · 1 TB · 13.5″').waitFor();
    await row.getByText('unsold').waitFor();
    await expectAccessible(page, 'seller products');
    await row.getByRole('button', { name: 'advertise' }).click();
    await expectToast(page, 'product advertised successfully');
    await row.getByRole('button', { name: 'already advertised' }).waitFor();

    await page.getByRole('link', { name: 'Home' }).first().click();
    const advertised = page.getByRole('region', { name: 'Advertised products' });
    await advertised.getByRole('heading', { name: productName }).waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await row.getByRole('button', { name: 'delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'product deleted successfully');
    await page.getByText('No Products created yet').waitFor();

    const seller = new ApiClient(api.baseUrl, await tokenIn(page));
    const email = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('jwttoken')}` },
      });
      return ((await response.json()) as { user: { email: string } }).user.email;
    });
    expect(await seller.request('GET', `/seller/products?email=${email}`)).toEqual([]);
    const onHome = await api.request<{ name: string }[]>('GET', '/advertise/products');
    expect(onHome.map((product) => product.name)).not.toContain(productName);
  });
});
