import { expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, inBrowser, useReloop } from './support/reloop.ts';

const reloop = useReloop();

it("sends a buyer away from the admin's pages, and a signed-in user away from /login", async () => {
  const buyer = await reloop().api.signIn('buyer@reloop.dev', DEMO_PASSWORD);
  await inBrowser(
    reloop(),
    'guards',
    async (page) => {
      await page.goto('/dashboard/sellers');
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();

      // Opened afresh (not the guard's redirect), /login has nothing for a signed-in user.
      await page.goto('/blog');
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === '/');
    },
    { token: buyer.token },
  );
});

it('keeps dark mode across a reload', async () => {
  await inBrowser(reloop(), 'theme', async (page) => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await page.goto('/');
    expect(await theme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await theme()).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await theme()).toBe('dark');
    await page.getByRole('heading', { name: 'Advertised products' }).waitFor();
    await expectAccessible(page, 'home (dark)');
  });
});
