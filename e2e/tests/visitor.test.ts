import { expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, inBrowser, useReloop } from './support/reloop.ts';

const reloop = useReloop();

it('shows a visitor the home page, the blog and the 404 page', async () => {
  await inBrowser(reloop(), 'visitor-home', async (page) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    for (const category of ['MacBook', 'Dell', 'HP', 'Lenovo', 'ASUS']) {
      await page.getByRole('link', { name: category, exact: true }).first().waitFor();
    }
    for (const highlight of ['Free Delivery', 'Unlimited Cart', 'Easy Transfer']) {
      await page.getByText(highlight, { exact: true }).waitFor();
    }
    for (const tile of ['SALE', 'NEW', 'WOMEN', 'MEN', 'ACCESSORIES', 'SHOE']) {
      await page.getByText(tile, { exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Advertised products' }).waitFor();
    await page.getByRole('link', { name: 'Log in to book' }).first().waitFor();

    // The first slide's image, preloaded by the page's HTML, is what the page paints first.
    const preloaded = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href,
    );
    const firstSlide = page.locator('img[fetchpriority="high"]').first();
    expect(await firstSlide.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(
      preloaded,
    );

    // The carousel: two slides, next/previous and bullets are named buttons.
    const active = page.locator('.swiper-slide-active');
    await expect.poll(() => active.textContent()).toContain('New Arrival');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => active.textContent()).toContain('Laptop for Winter 2022');
    await page.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect.poll(() => active.textContent()).toContain('New Arrival');
    // …and work from the keyboard.
    await page.getByRole('button', { name: 'Go to slide 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => active.textContent()).toContain('Laptop for Winter 2022');
    await expectAccessible(page, 'home');

    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await page.waitForURL('**/blog');
    await expect.poll(() => page.title()).toBe('Blog');
    expect(await page.locator('article').count()).toBe(4);
    await expectAccessible(page, 'blog');

    await page.goto('/no-such-page');
    await page.getByText('404! Page Not Found').waitFor();
    await expectAccessible(page, '404');
  });
});

it('sends a visitor from a category to /login and back there after signing in', async () => {
  const { api } = reloop();
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  await inBrowser(reloop(), 'visitor-category-login', async (page) => {
    await page.goto(`/category/${category?._id}`);
    await page.waitForURL('**/login');
    await expectAccessible(page, 'login');
    await page.getByLabel('Email').fill('buyer@reloop.dev');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`**/category/${category?._id}`);
    await page.getByRole('heading', { name: 'MacBook laptops' }).waitFor();
    await page.getByRole('button', { name: 'Book Now' }).first().waitFor();
    await expectAccessible(page, 'category');

    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
