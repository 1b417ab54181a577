import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { bookAndPay, newDeal, orderRow } from './support/journeys.ts';
import { asBuyerAndSeller, expectAccessible, expectToast, useReloop } from './support/reloop.ts';

const reloop = useReloop();

/** The seller's phone, which the buyer gets once paid. */
const SELLER_PHONE = '5125550123';
/** What the buyer types into the booking dialog, but for the note. */
const meeting = { phone: '5125550199', meetingLocation: 'Central Library' };
const NOTE = 'Is the charger included?';

type Deal = Awaited<ReturnType<typeof newDeal>>;

/**
 * Runs `journey` with the buyer and the seller of `deal` each signed in in a browser of their
 * own, both open at once. The seller's page starts blank.
 */
const asBothSides = (
  name: string,
  deal: Deal,
  journey: (buyerPage: Page, sellerPage: Page) => Promise<void>,
) =>
  asBuyerAndSeller(
    reloop(),
    name,
    { buyer: deal.buyer.client, seller: deal.seller.client },
    journey,
  );

/** The seller opens My Sales from the dashboard's drawer and returns the sale's row. */
async function openMySales(page: Page, productName: string): Promise<Locator> {
  await page.goto('/dashboard');
  await page.waitForURL('**/dashboard/products');
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await drawer.getByRole('link', { name: 'My Sales' }).click();
  await page.waitForURL('**/dashboard/sales');
  const sale = orderRow(page, productName);
  await sale.waitFor();
  return sale;
}

/** Asserts `row` shows `phone` as a link that calls it. */
async function expectPhoneLink(row: Locator, phone: string): Promise<void> {
  expect(await row.getByRole('link', { name: phone, exact: true }).getAttribute('href')).toBe(
    `tel:${phone}`,
  );
}

/** Waits until the badges in `row`'s Status column read `badges`, e.g. "Paid". */
async function expectBadges(row: Locator, ...badges: string[]): Promise<void> {
  const shown = row.getByRole('cell').nth(4).locator('.badge');
  await expect.poll(() => shown.allTextContents()).toEqual(badges);
}

/** Chooses `action` on a booking's row and confirms it in the dialog it opens. */
async function confirmChange(
  page: Page,
  row: Locator,
  { action, dialog, confirm }: { action: string; dialog: string; confirm: string },
): Promise<void> {
  await row.getByRole('button', { name: action }).click();
  const asked = page.getByRole('dialog', { name: dialog });
  await asked.getByRole('button', { name: confirm }).click();
  await asked.waitFor({ state: 'hidden' });
}

it('lets a buyer ask about a paid laptop, hear back without reloading and confirm the handover', async () => {
  const deal = await newDeal(reloop(), 'MacBook Air M2', SELLER_PHONE);
  const { laptop } = deal;
  const reply = 'Yes, the original charger. See you at 6.';

  await asBothSides('after-the-sale', deal, async (buyerPage, sellerPage) => {
    await bookAndPay(buyerPage, laptop, { ...meeting, note: NOTE });
    // Paid: the payment is held, and the seller's name and phone are the buyer's to call.
    const order = orderRow(buyerPage, laptop.name);
    await order.getByText('Selma Seller', { exact: true }).waitFor();
    await expectPhoneLink(order, SELLER_PHONE);
    await expectBadges(order, 'Paid', 'Payment held');

    // The buyer keeps the conversation open; the note is its first message.
    await order.getByRole('link', { name: `Messages about ${laptop.name}` }).click();
    await buyerPage.waitForURL('**/dashboard/orders/*/messages');
    const buyerThread = buyerPage.getByRole('log', { name: 'Messages' }).getByRole('listitem');
    await buyerThread.first().getByText(NOTE).waitFor();
    await buyerPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The seller: the sale with what the handover needs, and the news under the bell.
    const sale = await openMySales(sellerPage, laptop.name);
    await sale.getByText('Bea Buyer', { exact: true }).waitFor();
    await expectPhoneLink(sale, meeting.phone);
    await sale.getByText(meeting.meetingLocation, { exact: true }).waitFor();
    await sale.getByText(`Note: ${NOTE}`).waitFor();
    await expectBadges(sale, 'Paid', 'Payment held');
    const bell = sellerPage.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const news = sellerPage.getByRole('region', { name: 'Notifications' });
    await news.getByText(`Unread: New booking: ${laptop.name}`).waitFor();
    await news.getByText(`Unread: ${laptop.name} was paid`).waitFor();
    await sellerPage.keyboard.press('Escape');
    await news.waitFor({ state: 'hidden' });
    await expectAccessible(sellerPage, 'my sales');

    // The seller reads the note and answers (Enter sends).
    await sale.getByRole('link', { name: `Messages about ${laptop.name}` }).click();
    await sellerPage.waitForURL('**/dashboard/sales/*/messages');
    const sellerThread = sellerPage.getByRole('log', { name: 'Messages' }).getByRole('listitem');
    await sellerThread.first().getByText(NOTE).waitFor();
    await sellerThread.first().getByText('Bea Buyer').waitFor();
    const composer = sellerPage.getByLabel('Message', { exact: true });
    await composer.fill(reply);
    await composer.press('Enter');
    await sellerThread.nth(1).getByText(reply).waitFor();
    expect(await composer.inputValue()).toBe('');
    await expectAccessible(sellerPage, 'sale thread');

    // The answer reaches the buyer's open conversation by itself: the page was never reloaded.
    await buyerThread.nth(1).getByText(reply).waitFor();
    await buyerThread.nth(1).getByText('Selma Seller').waitFor();
    expect(await buyerPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await expectAccessible(buyerPage, 'order thread');

    // The buyer has the laptop and says so: nobody can cancel any more, and the payment stays
    // held while the buyer may still report a problem or release it.
    await buyerPage.getByRole('link', { name: 'Back to My Orders' }).click();
    await buyerPage.waitForURL('**/dashboard/orders');
    await confirmChange(buyerPage, order, {
      action: `Confirm handover of ${laptop.name}`,
      dialog: `Did you receive ${laptop.name}?`,
      confirm: 'Confirm handover',
    });
    await expectToast(buyerPage, 'Handover confirmed');
    await expectBadges(order, 'Handed over', 'Payment held');
    expect(
      await order.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.textContent)),
    ).toEqual(['Report a problem', 'Release payment now', 'Review the seller']);
    await expectPhoneLink(order, SELLER_PHONE);

    const soldSale = await openMySales(sellerPage, laptop.name);
    await expectBadges(soldSale, 'Handed over', 'Payment held');
    await soldSale.getByText(/^Payment held until .+, then paid to you\.$/).waitFor();
    // Nothing is left to cancel or confirm: the seller may only review the buyer.
    expect(await soldSale.getByRole('button').allTextContents()).toEqual(['Review the buyer']);
  });
});

it('lets the seller cancel a paid sale: the buyer is refunded and the laptop is for sale again', async () => {
  const deal = await newDeal(reloop(), 'MacBook Pro 14', SELLER_PHONE);
  const { laptop, buyer, categoryId } = deal;
  const forSale = async () =>
    (
      await reloop().api.request<{ _id: string }[]>('GET', `/products/${categoryId}?limit=100`)
    ).some((listed) => listed._id === laptop._id);

  await asBothSides('cancel-a-sale', deal, async (buyerPage, sellerPage) => {
    await bookAndPay(buyerPage, laptop, meeting);
    expect(await forSale()).toBe(false);

    const sale = await openMySales(sellerPage, laptop.name);
    await confirmChange(sellerPage, sale, {
      action: `Cancel the sale of ${laptop.name}`,
      dialog: `Cancel the sale of ${laptop.name}?`,
      confirm: 'Cancel sale',
    });
    await expectToast(sellerPage, 'Sale cancelled; the buyer’s payment will be refunded');
    await expectBadges(sale, 'Cancelled by you', 'Refunded');
    // The deal is off: the buyer's phone is gone, and nothing is left to do but talk.
    expect(await sale.getByRole('link', { name: meeting.phone }).count()).toBe(0);
    expect(await sale.getByRole('button').count()).toBe(0);

    await buyerPage.reload();
    const order = orderRow(buyerPage, laptop.name);
    await expectBadges(order, 'Cancelled by the seller', 'Refunded');
    expect(await order.getByRole('link', { name: SELLER_PHONE }).count()).toBe(0);
    expect(await order.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    const [refunded] = await buyer.client.request<{ status: string; refundId: string | null }[]>(
      'GET',
      `/bookings?email=${encodeURIComponent(buyer.email)}`,
    );
    expect(refunded?.status).toBe('cancelled');
    expect(refunded?.refundId).toMatch(/^re_/);

    // For sale again: in its category, and bookable from its page.
    expect(await forSale()).toBe(true);
    await buyerPage.goto(`/product/${laptop._id}`);
    await buyerPage.getByRole('button', { name: 'Book Now' }).waitFor();
  });
});
