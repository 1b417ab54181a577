import { expect, it } from 'vitest';
import { listLaptopByApi } from './support/journeys.ts';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectToast,
  inBrowser,
  registerByApi,
  useReloop,
} from './support/reloop.ts';

const reloop = useReloop();

interface Listed {
  _id: string;
  name: string;
}

it('lets an admin verify a seller, remove a reported listing and delete a buyer', async () => {
  const { api } = reloop();
  const admin = await api.signIn('admin@reloop.dev', DEMO_PASSWORD);
  const demoBuyer = await api.signIn('buyer@reloop.dev', DEMO_PASSWORD);
  const [category] = await api.request<Listed[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');

  // A new, unverified seller with one listing; a demo listing reported by a buyer.
  const newSeller = await registerByApi(api, 'seller', 'Nia Newseller');
  const listing = `MacBook Air M2 ${Date.now()}`;
  await listLaptopByApi(newSeller.client, { name: listing, categoryId: category._id });
  const [reported] = await api.request<Listed[]>('GET', `/products/${category._id}`);
  if (!reported) throw new Error('no product to report');
  await demoBuyer.request('PUT', `/product/report/${reported._id}`);
  const doomedBuyer = await registerByApi(api, 'buyer', 'Dora Doomed');

  await inBrowser(
    reloop(),
    'admin',
    async (page) => {
      await page.goto('/dashboard');
      await page.waitForURL('**/dashboard/sellers');
      const sellerRow = page.getByRole('row').filter({ hasText: newSeller.email });
      await sellerRow.getByText('unverified').waitFor();
      await expectAccessible(page, 'all sellers');
      await sellerRow.getByRole('button', { name: 'verify' }).click();
      await expectToast(page, 'seller verified successfully');
      await sellerRow.getByText('verified', { exact: true }).waitFor();
      expect(await sellerRow.getByRole('button', { name: 'verify' }).count()).toBe(0);

      await page.goto(`/category/${category._id}`);
      const card = page.locator('article').filter({ hasText: listing });
      await card.getByText('verified', { exact: true }).waitFor();

      await page.goto('/dashboard/report');
      const reportedRow = page.getByRole('row').filter({ hasText: reported.name });
      await reportedRow.waitFor();
      await expectAccessible(page, 'reported products');
      await reportedRow.getByRole('button', { name: 'delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'product deleted successfully');
      await page.getByText('NO REPORTED PRODUCTS').waitFor();
      expect(await admin.request('GET', '/reported/products')).toEqual([]);

      // The buyer is signed in elsewhere while the admin deletes them.
      await inBrowser(
        reloop(),
        'deleted-buyer',
        async (buyerPage) => {
          await buyerPage.goto('/');
          await buyerPage.getByText('Dora Doomed', { exact: true }).waitFor();

          await page.goto('/dashboard/buyers');
          const buyerRow = page.getByRole('row').filter({ hasText: doomedBuyer.email });
          await expectAccessible(page, 'all buyers');
          await buyerRow.getByRole('button', { name: 'delete' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
          await expectToast(page, 'user deleted successfully');
          await buyerRow.waitFor({ state: 'detached' });

          await buyerPage.getByRole('link', { name: 'Dashboard' }).first().click();
          await expectToast(buyerPage, 'unauthorized access');
          await buyerPage.waitForURL('**/login');
          expect(await buyerPage.evaluate(() => localStorage.getItem('jwttoken'))).toBeNull();
        },
        { token: doomedBuyer.client.token },
      );
    },
    { token: admin.token },
  );
});
