import type { Browser, Page } from 'playwright-core';
import { ApiClient, DEMO_PASSWORD } from './api.ts';

/**
 * Every screen of the web app, and the data that makes each one show something: the demo
 * accounts signed in, the demo buyer's bookings of the demo seller's laptops in each state (one
 * to pay, one paid with a conversation going on, one handed over, one cancelled and refunded), a
 * reported product to review, the handed-over booking reviewed both ways (one review answered,
 * the other reported), a listing to look at and one to edit. Shared by the screenshot
 * script and the accessibility sweep, so both cover the same screens.
 */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

type Account = 'visitor' | 'buyer' | 'seller' | 'admin' | 'newcomer';

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
    // Just signed up: the address is not confirmed yet, so the dashboard asks for it.
    newcomer: await signUp(api, `newcomer-${Date.now()}@example.com`),
  };
  const buyer = new ApiClient(serverUrl, tokens.buyer);
  const seller = new ApiClient(serverUrl, tokens.seller);

  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const products = await api.request<{ _id: string }[]>('GET', `/products/${category._id}`);
  const [first, second] = products;
  if (!first || !second) throw new Error('the demo data has too few products');
  /** The demo buyer books `product`; the note, when there is one, opens its conversation. */
  const book = async (product: { _id: string }, meetingLocation: string, note?: string) => {
    const { _id } = await buyer.request<{ _id: string }>('POST', '/booking', {
      productId: product._id,
      buyerPhone: '5125550199',
      buyerMeetingLocation: meetingLocation,
      ...(note ? { note } : {}),
    });
    return { _id, productId: product._id };
  };
  /** The demo buyer books the first demo laptop a search for `words` finds, and pays for it. */
  const paidBooking = async (words: string, meetingLocation: string, note?: string) => {
    const [laptop] = await api.request<{ _id: string }[]>('GET', `/search?q=${words}`);
    if (!laptop) throw new Error(`the demo data has no ${words}`);
    const paid = await book(laptop, meetingLocation, note);
    await buyer.payWithTestCard(paid);
    return paid;
  };
  const say = (from: ApiClient, bookingId: string, text: string) =>
    from.request('POST', `/bookings/${bookingId}/messages`, { text });

  // Made in this order, so that My Orders and My Sales (newest first) start with the booking to
  // pay, then the paid one being talked over, the one the seller cancelled and refunded (its
  // laptop for sale again) and the one handed over. None is a ThinkPad (searched, looked at and
  // edited below) or advertised (on the home page).
  const handedOver = await paidBooking('elitebook', 'Austin Central Library');
  await buyer.request('POST', `/bookings/${handedOver._id}/complete`);
  // Both sides review the handover, so both reviews show; the seller answers the buyer's, and the
  // buyer reports the seller's, for the admins' list.
  await buyer.request('POST', `/bookings/${handedOver._id}/review`, {
    rating: 5,
    text: 'Exactly as described, and a quick, friendly meetup.',
  });
  const sellersReview = await seller.request<{ _id: string }>(
    'POST',
    `/bookings/${handedOver._id}/review`,
    { rating: 3, text: 'Came twenty minutes late without a word.' },
  );
  const { user: demoSeller } = await seller.request<{ user: { uid: string } }>('GET', '/auth/me');
  const [buyersReview] = await api.request<{ _id: string }[]>(
    'GET',
    `/users/${demoSeller.uid}/reviews`,
  );
  if (!buyersReview) throw new Error('the buyer’s review is not shown');
  await seller.request('POST', `/reviews/${buyersReview._id}/reply`, {
    text: 'Thank you, enjoy the EliteBook!',
  });
  await buyer.request('POST', `/reviews/${sellersReview._id}/report`);
  const refunded = await paidBooking('zenbook', 'Union Station', 'Can I see it running first?');
  await seller.request('POST', `/bookings/${refunded._id}/cancel`);
  const talking = await paidBooking('latitude', 'Central Library', 'Is the charger included?');
  await say(seller, talking._id, 'Yes, the original 65 W one. See you at 6.');
  await say(buyer, talking._id, 'Great, I will wait by the main entrance.');
  await say(seller, talking._id, 'Perfect. I will bring the box and the receipt too.');
  const booking = await book(first, 'Central Library', 'Could we meet on a weekday evening?');
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
    screen('order-thread', `/dashboard/orders/${talking._id}/messages`, 'buyer'),
    screen('payment', `/dashboard/payment/${booking._id}`, 'buyer'),
    screen('seller-products', '/dashboard/products', 'seller'),
    screen('my-sales', '/dashboard/sales', 'seller'),
    screen('sale-thread', `/dashboard/sales/${talking._id}/messages`, 'seller'),
    screen('add-product', '/dashboard/addproduct', 'seller'),
    screen('edit-product', `/dashboard/products/${otherThinkPad._id}/edit`, 'seller'),
    screen('all-sellers', '/dashboard/sellers', 'admin'),
    screen('all-buyers', '/dashboard/buyers', 'admin'),
    screen('reported-products', '/dashboard/report', 'admin'),
    screen('reported-reviews', '/dashboard/reported-reviews', 'admin'),
    screen('users', '/dashboard/users?role=seller', 'admin'),
    screen('suspend-dialog', '/dashboard/users?role=seller', 'admin', async (page) => {
      await page
        .getByRole('button', { name: /^Suspend / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    }),
    screen('verification-requests', '/dashboard/requests', 'admin'),
    screen('audit-log', '/dashboard/audit', 'admin'),
    screen('orders-lookup', '/dashboard/bookings', 'admin'),
    screen('report-dialog', `/product/${thinkPad._id}`, 'buyer', async (page) => {
      await page.getByRole('button', { name: 'Report' }).click();
      await page.getByRole('dialog').waitFor();
    }),
    screen('seller-profile', `/seller/${demoSeller.uid}`, 'visitor'),
    screen('forgot-password', '/forgot-password', 'visitor'),
    screen('reset-password', '/reset-password?token=emailed.link', 'visitor'),
    screen('verify-email-failed', '/verify-email?token=used.link', 'visitor'),
    screen('unsubscribe', '/unsubscribe?token=emailed.link', 'visitor'),
    screen('settings', '/dashboard/settings', 'buyer', async (page) => {
      await page.getByRole('checkbox', { name: 'Messages' }).waitFor();
    }),
    screen('settings-unconfirmed', '/dashboard/settings', 'newcomer', async (page) => {
      await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    }),
    screen('delete-account-dialog', '/dashboard/settings', 'seller', async (page) => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    }),
  ];
}

/** Signs a new buyer up through the API as the register page does; returns the API token. */
async function signUp(api: ApiClient, email: string): Promise<string> {
  const { idToken } = await api.request<{ idToken: string }>('POST', '/auth/signup', {
    email,
    password: 'correct horse',
    displayName: 'Nell Newcomer',
  });
  const { token } = await api.request<{ token: string }>(
    'POST',
    '/jwtgenerate',
    { email },
    idToken,
  );
  await api.request(
    'POST',
    '/register',
    { userEmail: email, userName: 'Nell Newcomer', role: 'buyer' },
    token,
  );
  return token;
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
  // A signed-in page holds its live event stream open, so the network would never be idle: the
  // stream is refused (the page polls instead), and each screen is judged once it has settled.
  await context.route('**/api/events', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  await page.goto(screen.path, { waitUntil: 'networkidle' });
  if (screen.prepare) {
    await screen.prepare(page);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => document.fonts.ready);
  return page;
}
