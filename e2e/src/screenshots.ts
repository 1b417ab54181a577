// Takes a screenshot of every screen at desktop and mobile width, in light and dark, into
// docs/screenshots/, against a fresh server with the demo data: `npm run screenshots -w e2e`.
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './api.ts';
import { launchChromium } from './browser.ts';
import { startServer } from './server.ts';

const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const DEMO_PASSWORD = 'reloop-demo';
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
const THEMES = ['light', 'dark'] as const;

type Account = 'visitor' | 'buyer' | 'seller' | 'admin';
interface Screen {
  name: string;
  path: string;
  as: Account;
  /** What to do once the page has loaded, before the picture is taken. */
  prepare?: (page: Page) => Promise<void>;
}

const server = await startServer();
try {
  const api = new ApiClient(server.url);
  const tokens: Record<Account, string | undefined> = { visitor: undefined } as never;
  for (const role of ['buyer', 'seller', 'admin'] as const) {
    tokens[role] = (await api.signIn(`${role}@reloop.dev`, DEMO_PASSWORD)).token;
  }
  const buyer = new ApiClient(server.url, tokens.buyer);

  // Give the buyer an order to pay and the admin a reported product to review.
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const products = await api.request<{ _id: string }[]>('GET', `/products/${category._id}`);
  const [first, second] = products;
  if (!first || !second) throw new Error('the demo data has too few products');
  const booking = await buyer.request<{ _id: string }>('POST', '/booking', {
    productId: first._id,
    buyerPhone: '5125550199',
    buyerMeetingLocation: 'Central Library',
  });
  await buyer.request('PUT', `/product/report/${second._id}`);

  const screens: Screen[] = [
    { name: 'home', path: '/', as: 'visitor' },
    { name: 'blog', path: '/blog', as: 'visitor' },
    { name: 'login', path: '/login', as: 'visitor' },
    { name: 'register', path: '/register', as: 'visitor' },
    { name: 'not-found', path: '/no-such-page', as: 'visitor' },
    { name: 'category', path: `/category/${category._id}`, as: 'buyer' },
    {
      name: 'booking-modal',
      path: `/category/${category._id}`,
      as: 'buyer',
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Book Now' }).nth(1).click();
        await page.getByRole('dialog').waitFor();
      },
    },
    { name: 'my-orders', path: '/dashboard/orders', as: 'buyer' },
    { name: 'payment', path: `/dashboard/payment/${booking._id}`, as: 'buyer' },
    { name: 'seller-products', path: '/dashboard/products', as: 'seller' },
    { name: 'add-product', path: '/dashboard/addproduct', as: 'seller' },
    { name: 'all-sellers', path: '/dashboard/sellers', as: 'admin' },
    { name: 'all-buyers', path: '/dashboard/buyers', as: 'admin' },
    { name: 'reported-products', path: '/dashboard/report', as: 'admin' },
  ];

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const screen of screens) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        for (const theme of THEMES) {
          const file = `${outDir}${screen.name}-${width}-${theme}.jpg`;
          await capture(browser, screen, viewport, theme, tokens[screen.as], file);
        }
      }
      console.log(`captured ${screen.name}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

async function capture(
  browser: Browser,
  screen: Screen,
  viewport: { width: number; height: number },
  theme: string,
  token: string | undefined,
  file: string,
) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  await context.addInitScript(
    ([savedTheme, savedToken]) => {
      localStorage.setItem('theme', savedTheme ?? 'light');
      if (savedToken) localStorage.setItem('jwttoken', savedToken);
    },
    [theme, token],
  );
  const page = await context.newPage();
  await page.goto(`${server.url}${screen.path}`, { waitUntil: 'networkidle' });
  await screen.prepare?.(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // The whole page: Playwright's fullPage capture stalls in this headless chromium, so the
  // viewport is made as tall as the page instead (capped, for very long lists).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, 4000) });
  await page.screenshot({ path: file, type: 'jpeg', quality: 70, animations: 'disabled' });
  await context.close();
}
