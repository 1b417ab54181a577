import type { Browser, Page } from 'playwright-core';
import { ApiClient, DEMO_PASSWORD } from './api.ts';

/**
 * Every screen of the web app, and the data that makes each one show something: the demo
 * accounts signed in, an unpaid booking to pay, a reported product to review, a listing to look
 * at and one to edit. Shared by the screenshot script and the accessibility sweep, so both cover
 * the same screens.
 */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

type Account = 'visitor' | 'buyer' | 'seller' | 'admin';

export interface Screen {
  name: string;
  path: string;
  /** The API token the browser starts with; none for a visitor. */
  token: string | undefined;
  /** What to do once the page has loaded, before it is looked at. */
  prepare?: (page: Page) => Promise<void>;
}

/** Sets up the data on a fresh server with the demo data and lists the screens. */
export async function prepareScreens(serverUrl: string): Promise<Screen[]> {
  const api = new ApiClient(serverUrl);
  const tokens: Record<Account, string | undefined> = {
    visitor: undefined,
    buyer: (await api.signIn('buyer@reloop.dev', DEMO_PASSWORD)).token,
    seller: (await api.signIn('seller@reloop.dev', DEMO_PASSWORD)).token,
    admin: (await api.signIn('admin@reloop.dev', DEMO_PASSWORD)).token,
  };
  const buyer = new ApiClient(serverUrl, tokens.buyer);

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
  // The demo ThinkPads, cheapest first: a visitor's look at one, the demo seller's edit of another.
  const thinkPads = await api.request<{ _id: string; name: string }[]>(
    'GET',
    '/search?q=thinkpad&sort=price_asc',
  );
  const [thinkPad, otherThinkPad] = thinkPads;
  if (!thinkPad || !otherThinkPad) throw new Error('the demo data has too few ThinkPads');

  const screen = (name: string, path: string, as: Account, prepare?: Screen['prepare']) => ({
    name,
    path,
    token: tokens[as],
    ...(prepare ? { prepare } : {}),
  });
  return [
    screen('home', '/', 'visitor'),
    screen('blog', '/blog', 'visitor'),
    screen('login', '/login', 'visitor'),
    screen('register', '/register', 'visitor'),
    screen('not-found', '/no-such-page', 'visitor'),
    screen('search', '/search?q=thinkpad&sort=price_asc', 'visitor'),
    screen('search-empty', '/search?q=zzzz', 'visitor'),
    screen('listing', `/product/${thinkPad._id}`, 'visitor'),
    screen('category', `/category/${category._id}`, 'buyer'),
    screen('booking-modal', `/category/${category._id}`, 'buyer', async (page) => {
      await page.getByRole('button', { name: 'Book Now' }).nth(1).click();
      await page.getByRole('dialog').waitFor();
    }),
    screen('my-orders', '/dashboard/orders', 'buyer'),
    screen('payment', `/dashboard/payment/${booking._id}`, 'buyer'),
    screen('seller-products', '/dashboard/products', 'seller'),
    screen('add-product', '/dashboard/addproduct', 'seller'),
    screen('edit-product', `/dashboard/products/${otherThinkPad._id}/edit`, 'seller'),
    screen('all-sellers', '/dashboard/sellers', 'admin'),
    screen('all-buyers', '/dashboard/buyers', 'admin'),
    screen('reported-products', '/dashboard/report', 'admin'),
  ];
}

/**
 * Opens `screen` in a fresh context of `browser`, in `theme` and at `viewport`, signed in as the
 * screen needs, and returns the page once it has settled. Closing the page's context is the
 * caller's job.
 */
export async function openScreen(
  browser: Browser,
  baseUrl: string,
  screen: Screen,
  theme: Theme,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  await context.addInitScript(
    ([savedTheme, savedToken]) => {
      localStorage.setItem('theme', savedTheme ?? 'light');
      if (savedToken) localStorage.setItem('jwttoken', savedToken);
    },
    [theme, screen.token],
  );
  const page = await context.newPage();
  await page.goto(screen.path, { waitUntil: 'networkidle' });
  if (screen.prepare) {
    await screen.prepare(page);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => document.fonts.ready);
  return page;
}
