import { expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectToast,
  inBrowser,
  useReloop,
} from './support/reloop.ts';

const reloop = useReloop();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

it('works on a phone: menu, dashboard drawer and booking dialog', async () => {
  const { api } = reloop();
  const buyer = await api.signIn('buyer@reloop.dev', DEMO_PASSWORD);
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  await inBrowser(
    reloop(),
    'mobile',
    async (page) => {
      await page.goto('/');
      const blog = page.getByRole('link', { name: 'Blog', exact: true });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await blog.first().waitFor();
      await expectAccessible(page, 'home on a phone, menu open');
      await page.getByRole('button', { name: 'Close menu' }).click();

      await page.goto('/dashboard/orders');
      // The drawer is off-screen (hidden) on a phone until the menu button opens it.
      const drawerButton = page.getByRole('button', { name: 'Dashboard menu' });
      const drawer = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(drawerButton.getAttribute('aria-expanded')).resolves.toBe('false');
      expect(await drawer.getByRole('link', { name: 'My Orders' }).isVisible()).toBe(false);
      await drawerButton.click();
      await expect(drawerButton.getAttribute('aria-expanded')).resolves.toBe('true');
      await drawer.getByRole('link', { name: 'My Orders' }).click();
      // Following a link closes the drawer again.
      await expect.poll(() => drawerButton.getAttribute('aria-expanded')).toBe('false');
      await expect
        .poll(() => drawer.getByRole('link', { name: 'My Orders' }).isVisible())
        .toBe(false);

      await page.goto(`/category/${category?._id}`);
      // Products first: the categories are one row above them, so a listing starts on screen.
      const firstListing = await page.locator('article').first().boundingBox();
      expect(firstListing?.y).toBeLessThan(phone.viewport.height / 2);
      await page.getByRole('button', { name: 'Book Now' }).first().click();
      const dialog = page.getByRole('dialog');
      const phoneField = dialog.getByLabel('Phone');
      await phoneField.fill('5125550177');
      await dialog.getByLabel('Meeting location').fill('Union Station');
      // The server has the last word: the first booking goes out with a phone it refuses (the
      // form's own check would have stopped it), and its real 400 must land on the phone field.
      await page.route(
        '**/api/booking',
        (route) =>
          route.continue({ postData: { ...route.request().postDataJSON(), buyerPhone: '12' } }),
        { times: 1 },
      );
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Phone must have 6 to 15 digits').waitFor();
      expect(await phoneField.getAttribute('aria-invalid')).toBe('true');
      expect(await phoneField.evaluate((field) => field === document.activeElement)).toBe(true);
      expect(await dialog.getByLabel('Meeting location').inputValue()).toBe('Union Station');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectToast(page, 'booking successfully');
      await dialog.waitFor({ state: 'hidden' });

      // Paying from a phone: the card fields format as typed and each shows its own problem.
      // My Orders on a phone: each order is a card, its Pay on screen with no sideways scroll.
      await page.goto('/dashboard/orders');
      const payLink = page.getByRole('link', { name: 'Pay' }).first();
      const box = await payLink.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= phone.viewport.width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.viewport.width,
      );
      await payLink.click();
      const expiry = page.getByLabel('Expiry (MM/YY)');
      await expiry.pressSequentially('0120');
      expect(await expiry.inputValue()).toBe('01/20');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByText('Enter the card number').waitFor();
      await page.getByText('Enter a future expiry date as MM/YY').waitFor();
      await page.getByText('Enter the 3 or 4 digit security code').waitFor();
    },
    { ...phone, token: buyer.token },
  );
});

it('opens a listing from far down the search results at its top, and Back returns there', async () => {
  await inBrowser(
    reloop(),
    'mobile-scroll',
    async (page) => {
      await page.goto('/search');
      const titles = page.locator('article h2 a, article h3 a');
      await titles.first().waitFor();
      // A result well below the first screen, as a thumb would reach it.
      const result = titles.nth(Math.min(5, (await titles.count()) - 1));
      await result.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(phone.viewport.height);
      const name = (await result.textContent()) ?? '';
      await result.click();

      // The listing starts at its top: its name, price and booking on the first screen.
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const logIn = await page.getByRole('link', { name: 'Log in to book' }).boundingBox();
      expect(logIn && logIn.y + logIn.height).toBeLessThanOrEqual(phone.viewport.height);

      // Back: the results where the user left them.
      await page.goBack();
      await titles.first().waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(scrolled, 0);
    },
    phone,
  );
});
