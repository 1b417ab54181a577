import { expect, it } from 'vitest';
import { newDeal } from './support/journeys.ts';
import { asBuyerAndSeller, expectToast, useReloop } from './support/reloop.ts';

const reloop = useReloop();

/** The seller's phone: asking never shows it. */
const SELLER_PHONE = '5125550123';
const QUESTION = 'Does it come with the original charger?';
const ANSWER = 'Yes, the 65 W one, and the box.';

it('lets a buyer ask before booking, hear the answer live, and find it in the booking’s thread', async () => {
  const deal = await newDeal(reloop(), 'ThinkPad X1 Carbon', SELLER_PHONE);
  const { laptop } = deal;
  await asBuyerAndSeller(
    reloop(),
    'ask-before-booking',
    { buyer: deal.buyer.client, seller: deal.seller.client },
    async (buyerPage, sellerPage) => {
      // The buyer asks from the listing's page, with no phone and no meeting place.
      await buyerPage.goto(`/product/${laptop._id}`);
      await buyerPage.getByRole('button', { name: 'Ask the seller' }).click();
      const dialog = buyerPage.getByRole('dialog', { name: `Ask the seller about ${laptop.name}` });
      await dialog.getByLabel('Your question').fill(QUESTION);
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await dialog.getByText('Your question was sent').waitFor();
      await dialog.getByRole('link', { name: 'Open the conversation' }).click();
      await buyerPage.waitForURL('**/dashboard/questions/*');
      const buyerLog = buyerPage.getByRole('log', { name: 'Messages' });
      await buyerLog.getByText(QUESTION).waitFor();

      // The seller finds it in Questions, unread, and answers in the same conversation.
      await sellerPage.goto('/dashboard/questions');
      const row = sellerPage.getByRole('row').filter({ hasText: laptop.name });
      await row.getByText('1 unread').waitFor();
      expect(await row.textContent()).toContain('Bea Buyer');
      await row.getByRole('link', { name: laptop.name }).click();
      await sellerPage.getByRole('log', { name: 'Messages' }).getByText(QUESTION).waitFor();
      await sellerPage.getByRole('textbox', { name: 'Message' }).fill(ANSWER);
      await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();

      // The answer reaches the buyer's open page without a reload; no phone on either side.
      await buyerLog.getByText(ANSWER).waitFor();
      for (const page of [buyerPage, sellerPage]) {
        expect(await page.locator('main').textContent()).not.toContain(SELLER_PHONE);
      }

      // Booking carries the conversation on: the thread starts with the question and answer.
      await buyerPage.goto(`/product/${laptop._id}`);
      await buyerPage.getByRole('button', { name: 'Book Now' }).click();
      const booking = buyerPage.getByRole('dialog', { name: `Book ${laptop.name}` });
      await booking.getByLabel('Phone').fill('5125550199');
      await booking.getByLabel('Meeting location').fill('Central Library');
      await booking.getByLabel('Anything else? (optional)').fill('See you at 6');
      await booking.getByRole('button', { name: 'Submit' }).click();
      await expectToast(buyerPage, `${laptop.name} booking successfully`);
      await sellerPage.reload();
      await sellerPage.getByRole('link', { name: 'Open the booking’s messages' }).click();
      await sellerPage.waitForURL('**/dashboard/sales/*/messages');
      const thread = sellerPage.getByRole('log', { name: 'Messages' }).getByRole('listitem');
      await expect
        .poll(() => thread.allTextContents())
        .toEqual([
          expect.stringContaining(QUESTION),
          expect.stringContaining(ANSWER),
          expect.stringContaining('See you at 6'),
        ]);
    },
  );
});
