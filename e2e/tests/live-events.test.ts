import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { listLaptopByApi } from './support/journeys.ts';
import { asBuyerAndSeller, expectAccessible, registerByApi, useReloop } from './support/reloop.ts';

const reloop = useReloop();

/**
 * How soon a change shows on the other side's page: less than the conversation's 4 s poll, on
 * a busy machine (it usually takes a fraction of a second).
 */
const LIVE_WITHIN = { timeout: 3_000 };

/** One poll of the conversation (4 s) and the time to answer it, on a busy machine. */
const POLLED_WITHIN = { timeout: 6_000 };

/** Longer than the conversation's poll, so an idle page that polled would show it. */
const IDLE_MS = 6_000;

/** Two people's browsers, waits of several seconds and an accessibility check. */
const JOURNEY_MS = 180_000;

/** A new buyer and a new seller, the buyer with a booking of the seller's laptop. */
async function newBooking() {
  const { api } = reloop();
  const seller = await registerByApi(api, 'seller', 'Selma Seller');
  const buyer = await registerByApi(api, 'buyer', 'Bea Buyer');
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const laptop = await listLaptopByApi(seller.client, {
    name: `ThinkPad T14 ${Date.now()}`,
    categoryId: category._id,
  });
  const { _id: bookingId } = await buyer.client.request<{ _id: string }>('POST', '/booking', {
    productId: laptop._id,
    buyerPhone: '5125550199',
    buyerMeetingLocation: 'Central Library',
  });
  return { people: { buyer: buyer.client, seller: seller.client }, bookingId };
}

/** Resolves once the page's live event stream has answered; call it before the page loads. */
const streamOpens = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.ok(),
  );

/** Counts the page's GETs of `path` from now on. */
function countFetches(page: Page, path: string): { count: number } {
  const fetches = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) fetches.count += 1;
  });
  return fetches;
}

const threadPath = (bookingId: string) => `/api/bookings/${bookingId}/messages`;

/** Opens a side's conversation of the booking, and returns its messages. */
async function openConversation(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Message', { exact: true }).waitFor();
  // Kept across the journey: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  return page.getByRole('log', { name: 'Messages' }).getByRole('listitem');
}

/** Types a message and sends it with Enter; resolves once the server has it. */
async function send(page: Page, bookingId: string, text: string): Promise<void> {
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill(text);
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === threadPath(bookingId),
  );
  await composer.press('Enter');
  expect((await sent).status()).toBe(201);
}

const neverReloaded = (page: Page) => page.evaluate(() => 'stillTheSamePage' in window);

it(
  'shows each side the other’s messages as they are sent, with nothing polling, and counts them on the seller’s bell',
  async () => {
    const { people, bookingId } = await newBooking();

    await asBuyerAndSeller(reloop(), 'live-events', people, async (buyerPage, sellerPage) => {
      const streams = [streamOpens(buyerPage), streamOpens(sellerPage)];
      const buyerThread = await openConversation(
        buyerPage,
        `/dashboard/orders/${bookingId}/messages`,
      );
      const sellerThread = await openConversation(
        sellerPage,
        `/dashboard/sales/${bookingId}/messages`,
      );
      await Promise.all(streams);

      // Each message reaches the other side's open conversation by itself, within a poll.
      await send(buyerPage, bookingId, 'Is the charger included?');
      await sellerThread.filter({ hasText: 'Is the charger included?' }).waitFor(LIVE_WITHIN);
      await send(sellerPage, bookingId, 'Yes, the original one.');
      await buyerThread.filter({ hasText: 'Yes, the original one.' }).waitFor(LIVE_WITHIN);
      await sellerThread.filter({ hasText: 'Yes, the original one.' }).waitFor();

      // While the stream is open neither page polls: only a message fetches the conversation,
      // once on the side it reached.
      const buyerFetches = countFetches(buyerPage, threadPath(bookingId));
      const sellerFetches = countFetches(sellerPage, threadPath(bookingId));
      await buyerPage.waitForTimeout(IDLE_MS);
      expect([buyerFetches.count, sellerFetches.count]).toEqual([0, 0]);
      await send(buyerPage, bookingId, 'Great, see you at six.');
      await sellerThread.filter({ hasText: 'Great, see you at six.' }).waitFor(LIVE_WITHIN);
      await sellerPage.waitForTimeout(1_000);
      expect(sellerFetches.count).toBe(1);
      expect(await neverReloaded(buyerPage)).toBe(true);
      expect(await neverReloaded(sellerPage)).toBe(true);
      await expectAccessible(sellerPage, 'a conversation updated live');

      // Elsewhere, the seller's bell counts the buyer's next message as it is sent.
      const opened = streamOpens(sellerPage);
      await sellerPage.goto('/');
      await opened;
      const bell = sellerPage.getByRole('button', { name: /^Notifications/ });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
      await send(buyerPage, bookingId, 'Running five minutes late.');
      await expect
        .poll(() => bell.getAttribute('aria-label'), LIVE_WITHIN)
        .toBe('Notifications, 2 unread');

      // With the panel open, its count of unread messages follows the conversation too.
      await bell.click();
      const news = sellerPage.getByRole('region', { name: 'Notifications' });
      await news.getByText('1 unread message', { exact: true }).waitFor();
      await send(buyerPage, bookingId, 'Actually, ten.');
      await news.getByText('2 unread messages', { exact: true }).waitFor(LIVE_WITHIN);
    });
  },
  JOURNEY_MS,
);

it(
  'keeps a conversation up to date by polling when the live stream cannot open',
  async () => {
    const { people, bookingId } = await newBooking();

    await asBuyerAndSeller(
      reloop(),
      'live-events-refused',
      people,
      async (buyerPage, sellerPage) => {
        await sellerPage.route('**/api/events', (route) => route.abort('connectionrefused'));
        const streamTries = countFetches(sellerPage, '/api/events');
        const sellerThread = await openConversation(
          sellerPage,
          `/dashboard/sales/${bookingId}/messages`,
        );
        await openConversation(buyerPage, `/dashboard/orders/${bookingId}/messages`);

        // The seller's page asks for the conversation every few seconds instead, and keeps trying
        // the stream.
        const sellerFetches = countFetches(sellerPage, threadPath(bookingId));
        await sellerPage.waitForTimeout(IDLE_MS);
        expect(sellerFetches.count).toBeGreaterThan(0);
        expect(streamTries.count).toBeGreaterThan(1);
        await send(buyerPage, bookingId, 'Is the charger included?');
        await sellerThread.filter({ hasText: 'Is the charger included?' }).waitFor(POLLED_WITHIN);
        expect(await neverReloaded(sellerPage)).toBe(true);
      },
    );
  },
  JOURNEY_MS,
);
