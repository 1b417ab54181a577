import { expect, it } from 'vitest';
import { bookAndPayByApi, listLaptopByApi } from './support/journeys.ts';
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

interface AdminBooking {
  _id: string;
  status: string;
  refund: { status: string; amount: number | null } | null;
}

it('lets a buyer report with a reason, and an admin dismiss, delete, suspend a seller for a week, find it in the audit log and look up the refunded booking', async () => {
  const { api } = reloop();
  const admin = await api.signIn('admin@reloop.dev', DEMO_PASSWORD);
  const [category] = await api.request<Listed[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const stamp = Date.now();

  // Hana's two laptops get reported; Sam's laptop is booked and paid by Bea.
  const honest = await registerByApi(api, 'seller', 'Hana Honest');
  const kept = await listLaptopByApi(honest.client, {
    name: `ThinkPad T14 as described ${stamp}`,
    categoryId: category._id,
  });
  const removed = await listLaptopByApi(honest.client, {
    name: `MacBook Pro too cheap ${stamp}`,
    categoryId: category._id,
  });
  const suspect = await registerByApi(api, 'seller', 'Sam Suspect');
  const buyer = await registerByApi(api, 'buyer', 'Bea Buyer');
  const { bookingId, laptop: samsLaptop } = await bookAndPayByApi(suspect.client, buyer.client, {
    name: `Dell XPS 13 ${stamp}`,
    categoryId: category._id,
  });
  const other = await registerByApi(api, 'buyer', 'Olga Other');
  await other.client.request('PUT', `/product/report/${kept._id}`, { reason: 'misleading' });
  await other.client.request('PUT', `/product/report/${removed._id}`, {
    reason: 'scam',
    text: 'Half the price of any other, and the seller wants a bank transfer',
  });

  await inBrowser(
    reloop(),
    'moderation-buyer',
    async (page) => {
      await page.goto(`/product/${kept._id}`);
      await page.getByRole('button', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${kept.name}` });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Choose a reason').waitFor();
      await dialog.getByRole('radio', { name: 'Misleading description or photos' }).check();
      await dialog.getByLabel('Details (optional)').fill('The photos show another model');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'product report successfully');
      await dialog.waitFor({ state: 'hidden' });
    },
    { token: buyer.client.token },
  );

  await inBrowser(
    reloop(),
    'moderation-admin',
    async (page) => {
      // The reported list: how many, why, and the words; one dismissed, one deleted.
      await page.goto('/dashboard/report');
      const keptRow = page.getByRole('row').filter({ hasText: kept.name });
      await keptRow.getByText('2 reports').waitFor();
      await keptRow.getByText('Misleading description or photos: 2').waitFor();
      await keptRow.getByText('The photos show another model').waitFor();
      await expectAccessible(page, 'reported products with reasons');
      await keptRow.getByRole('button', { name: 'Dismiss' }).click();
      const dismissal = page.getByRole('dialog', { name: `Dismiss the reports of ${kept.name}?` });
      await dismissal.getByText('The listing stays for sale; its 2 reports are closed.').waitFor();
      await dismissal.getByRole('button', { name: 'Dismiss reports' }).click();
      await expectToast(page, 'Reports dismissed');
      await keptRow.waitFor({ state: 'detached' });

      const removedRow = page.getByRole('row').filter({ hasText: removed.name });
      await removedRow.getByText('1 report').waitFor();
      await removedRow.getByText('Looks like a scam: 1').waitFor();
      await removedRow.getByRole('button', { name: 'delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'product deleted successfully');
      await page.getByText('NO REPORTED PRODUCTS').waitFor();

      // Sam is found by email and suspended for a week.
      await page.goto('/dashboard/users');
      const finder = page.getByRole('search', { name: 'Find users' });
      await finder.getByRole('searchbox', { name: 'Name or email' }).fill(suspect.email);
      await finder.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === suspect.email);
      const samRow = page.getByRole('row').filter({ hasText: suspect.email });
      await samRow.getByText('active').waitFor();
      await expectAccessible(page, 'users');
      await samRow.getByRole('button', { name: 'Suspend Sam Suspect' }).click();
      const suspension = page.getByRole('dialog', { name: 'Suspend Sam Suspect' });
      expect(
        await suspension
          .getByLabel('Suspend for')
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
      ).toBe('1 week');
      await suspension.getByLabel('Reason').fill('Laptops paid for and never handed over');
      await suspension.getByRole('button', { name: 'Suspend' }).click();
      await expectToast(page, 'User suspended');
      await samRow.getByText('suspended', { exact: true }).waitFor();
      await samRow.getByText('Reason: Laptops paid for and never handed over').waitFor();

      // At once: Sam's token is refused with the reason and the end, his laptop leaves search.
      const refusal = await fetch(`${api.baseUrl}/api/notifications`, {
        headers: { authorization: `Bearer ${suspect.client.token}` },
      });
      expect(refusal.status).toBe(401);
      expect(await refusal.json()).toMatchObject({
        message: expect.stringMatching(
          /^Your account is suspended until .+ UTC: Laptops paid for and never handed over$/,
        ),
        suspensionReason: 'Laptops paid for and never handed over',
      });
      const found = await api.request<Listed[]>(
        'GET',
        `/search?q=${encodeURIComponent('Dell XPS')}`,
      );
      expect(found.map((listing) => listing.name)).not.toContain(samsLaptop.name);

      // The audit log has the suspension, by whom, with its reason.
      await page.goto('/dashboard/audit');
      const auditRow = page.getByRole('row').filter({ hasText: 'Suspended a user' });
      await auditRow.getByText('Sam Suspect').waitFor();
      await auditRow.getByText('Laptops paid for and never handed over').waitFor();
      await expectAccessible(page, 'audit log');

      // Bea's paid booking of Sam's laptop was cancelled and refunded: support finds it by Sam.
      await expect
        .poll(
          async () => {
            const [booking] = await admin.request<AdminBooking[]>(
              'GET',
              `/admin/bookings?q=${bookingId}`,
            );
            return booking?.refund?.status;
          },
          { timeout: 20_000 },
        )
        .toBe('refunded');
      await page.goto('/dashboard/bookings');
      const lookup = page.getByRole('search', { name: 'Find bookings' });
      await lookup.getByLabel('Booking id, name or email').fill(suspect.email);
      await lookup.getByRole('button', { name: 'Search' }).click();
      const orderRow = page.getByRole('row').filter({ hasText: samsLaptop.name });
      await orderRow.getByText('Cancelled by the seller').waitFor();
      await orderRow.getByText(/^Refunded/).waitFor();
      await orderRow.getByText(buyer.email).waitFor();
      await expectAccessible(page, 'orders lookup');
    },
    { token: admin.token },
  );
});
