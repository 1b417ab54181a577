import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ApiClient } from '../src/api.ts';
import { handOverByApi, listLaptopByApi, orderRow } from './support/journeys.ts';
import {
  expectAccessible,
  expectToast,
  inBrowser,
  registerByApi,
  useReloop,
} from './support/reloop.ts';

const reloop = useReloop();

const BUYER_REVIEW = 'Exactly as described, and Rita waited ten minutes for my bus.';
const SELLER_REVIEW = 'Bea came on time and paid without fuss.';
const REPLY = 'Thank you, Bea: enjoy the laptop!';

/** How long a page may take to show what a change did, on a busy machine. */
const SHOWN_WITHIN = { timeout: 10_000 };

/** Two people's browsers, five accessibility checks and a search, on a busy 2-core machine. */
const JOURNEY_MS = 240_000;

const uidOf = async (client: ApiClient) =>
  (await client.request<{ user: { uid: string } }>('GET', '/auth/me')).user.uid;

/** Opens the review dialog from a booking's row in My Orders or My Sales. */
async function openReview(page: Page, row: Locator, subject: 'buyer' | 'seller') {
  await row.getByRole('button', { name: new RegExp(`^Review the ${subject} of `) }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Review the ${subject} of `) });
  await dialog.waitFor();
  return dialog;
}

it(
  'lets buyer and seller review each other after a handover, shows it on the seller’s profile, and filters a search to well-rated sellers',
  async () => {
    const { api } = reloop();
    const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
    if (!category) throw new Error('no categories');
    const categoryId = category._id;
    // A word of its own, so the search finds this journey's laptops and nothing else.
    const word = `Repbook${Date.now()}`;

    const seller = await registerByApi(api, 'seller', 'Rita Rated');
    const buyer = await registerByApi(api, 'buyer', 'Bea Buyer');
    const sold = await handOverByApi(seller.client, buyer.client, {
      name: `${word} Sold Carbon`,
      categoryId,
    });

    // Another seller whose only sale earned two stars, reviewed both ways through the API.
    const lowSeller = await registerByApi(api, 'seller', 'Lou Lowrated');
    const lowBuyer = await registerByApi(api, 'buyer', 'Lee Buyer');
    const low = await handOverByApi(lowSeller.client, lowBuyer.client, {
      name: `${word} Sold Latitude`,
      categoryId,
    });
    await lowBuyer.client.request('POST', `/bookings/${low.bookingId}/review`, {
      rating: 2,
      text: 'The battery lasts an hour, not the five the listing said.',
    });
    await lowSeller.client.request('POST', `/bookings/${low.bookingId}/review`, {
      rating: 4,
      text: 'Fine buyer.',
    });

    // Each seller has another laptop with the word for sale.
    const wellRated = await listLaptopByApi(seller.client, { name: `${word} Carbon`, categoryId });
    const lowRated = await listLaptopByApi(lowSeller.client, {
      name: `${word} Latitude`,
      categoryId,
    });
    const sellerId = await uidOf(seller.client);

    await inBrowser(
      reloop(),
      'reputation-buyer',
      async (buyerPage) => {
        // The buyer reviews first: it waits, hidden, for the seller's.
        await buyerPage.goto('/dashboard/orders');
        const order = orderRow(buyerPage, sold.laptop.name);
        await order.getByText(/^How did it go\? You can review the seller until /).waitFor();
        const buyerSide = await openReview(buyerPage, order, 'seller');
        await buyerSide.getByRole('radio', { name: '5 stars' }).check();
        await buyerSide.getByLabel('Your review').fill(BUYER_REVIEW);
        await expectAccessible(buyerPage, 'the review dialog');
        await buyerSide.getByRole('button', { name: 'Send review' }).click();
        await expectToast(buyerPage, 'Review sent');
        await buyerSide.waitFor({ state: 'hidden' });
        await order
          .getByText('Shown when they review you too, or when the 14 days are over.', {
            exact: false,
          })
          .waitFor(SHOWN_WITHIN);

        await inBrowser(
          reloop(),
          'reputation-seller',
          async (sellerPage) => {
            // Nothing of the buyer's review shows before the seller's own.
            await sellerPage.goto(`/seller/${sellerId}`);
            await sellerPage.getByRole('heading', { level: 1, name: /Rita Rated/ }).waitFor();
            await sellerPage.getByText('No reviews yet').waitFor();
            expect(await sellerPage.getByText(BUYER_REVIEW).count()).toBe(0);

            await sellerPage.goto('/dashboard/sales');
            const sale = orderRow(sellerPage, sold.laptop.name);
            const sellerSide = await openReview(sellerPage, sale, 'buyer');
            await sellerSide.getByRole('radio', { name: '4 stars' }).check();
            await sellerSide.getByLabel('Your review').fill(SELLER_REVIEW);
            await sellerSide.getByRole('button', { name: 'Send review' }).click();
            await expectToast(sellerPage, 'Review sent');
            await sale.getByRole('link', { name: 'See it on their profile' }).waitFor(SHOWN_WITHIN);

            // Both are shown now: the seller's profile has the buyer's review and its stars.
            await sellerPage.goto(`/seller/${sellerId}`);
            const reviews = sellerPage.getByRole('region', { name: 'Reviews' });
            const shown = reviews.getByRole('listitem').filter({ hasText: BUYER_REVIEW });
            await shown.waitFor(SHOWN_WITHIN);
            await shown.getByRole('img', { name: '5 out of 5 stars' }).waitFor();
            const bars = sellerPage.getByRole('list', { name: 'Reviews by stars' });
            expect(await bars.getByRole('listitem').allInnerTexts()).toEqual([
              expect.stringMatching(/^5 stars\s*:?\s*1$/),
              expect.stringMatching(/^4 stars\s*:?\s*0$/),
              expect.stringMatching(/^3 stars\s*:?\s*0$/),
              expect.stringMatching(/^2 stars\s*:?\s*0$/),
              expect.stringMatching(/^1 star\s*:?\s*0$/),
            ]);
            await sellerPage
              .getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })
              .first()
              .waitFor();
            await sellerPage.getByText('1 completed sale').waitFor();

            // The seller answers once, for everyone to read.
            await shown.getByRole('button', { name: 'Reply to Bea Buyer' }).click();
            await shown.getByLabel('Your reply to Bea Buyer').fill(REPLY);
            await shown.getByRole('button', { name: 'Post reply' }).click();
            await expectToast(sellerPage, 'Reply posted');
            await shown.getByText(REPLY).waitFor(SHOWN_WITHIN);
            expect(await shown.getByRole('button', { name: 'Reply to Bea Buyer' }).count()).toBe(0);
            await expectAccessible(sellerPage, 'a seller’s profile with a review and a reply');
          },
          { token: seller.client.token },
        );

        // The buyer sees the seller's answer from the link on their order.
        await buyerPage.reload();
        await order.getByRole('link', { name: 'See it on their profile' }).click();
        await buyerPage.waitForURL(`**/seller/${sellerId}`);
        await buyerPage.getByText(REPLY).waitFor(SHOWN_WITHIN);

        // Searching the word finds both sellers' laptops; "4 stars and up" keeps Rita's only.
        await buyerPage.goto(`/search?q=${word}`);
        const results = buyerPage.getByRole('region', { name: `Results for “${word}”` });
        const names = () => results.getByRole('article').getByRole('heading').allTextContents();
        await expect
          .poll(names, SHOWN_WITHIN)
          .toEqual(expect.arrayContaining([wellRated.name, lowRated.name]));
        const wellRatedCard = results.getByRole('article').filter({ hasText: wellRated.name });
        await wellRatedCard
          .getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })
          .waitFor();
        const filters = buyerPage.getByRole('search', { name: 'Search and filters' });
        await filters.getByLabel('Seller rating').selectOption({ label: '4 stars and up' });
        await buyerPage.waitForURL((url) => url.searchParams.get('minRating') === '4');
        await expect.poll(names, SHOWN_WITHIN).toEqual([wellRated.name]);
        await expectAccessible(buyerPage, 'search by seller rating');
      },
      { token: buyer.client.token },
    );
  },
  JOURNEY_MS,
);
