import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { bookAndPay, newDeal, orderRow } from './support/journeys.ts';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectToast,
  inBrowser,
  useReloop,
} from './support/reloop.ts';

// Reloop keeps a tenth of what it releases, so the fee shows on the seller's earnings. The buyer
// has the default 48 hours to report a problem: ample for this journey.
const reloop = useReloop({ env: () => ({ PLATFORM_FEE_PERCENT: '10' }) });

const meeting = { phone: '5125550199', meetingLocation: 'Central Library' };
const COMPLAINT = 'The keyboard misses its E key, which the listing did not say.';
const ADMIN_NOTE = 'Thanks, both. Reloop refunds $199.00 for the missing key.';

/** How long a page may take to show what a change did, on a busy machine. */
const SHOWN_WITHIN = { timeout: 10_000 };

/** Waits until the badges in `row`'s Status column read `badges`, e.g. "Paid". */
async function expectBadges(row: Locator, ...badges: string[]): Promise<void> {
  const shown = row.getByRole('cell').nth(4).locator('.badge');
  await expect.poll(() => shown.allTextContents(), SHOWN_WITHIN).toEqual(badges);
}

/** Goes to a dashboard page through the drawer's link named `link`. */
async function openFromDrawer(page: Page, link: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.waitForURL(`**${path}`);
}

/** The amount a money card shows under its label, e.g. "$540.00" under "Available". */
function moneyTotal(page: Page, label: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The amounts of the money cards, by label. */
async function moneyTotals(page: Page, ...labels: string[]): Promise<Record<string, string>> {
  const totals: Record<string, string> = {};
  for (const label of labels) totals[label] = (await moneyTotal(page, label).textContent()) ?? '';
  return totals;
}

/**
 * Three people's browsers and five accessibility checks, one after another: about four minutes
 * on a busy 2-core machine, far more than one person's journey.
 */
const WHOLE_SALE_MS = 360_000;

/** A code of six digits that is not `code`: each of its digits one up. */
const wrongCodeFor = (code: string) =>
  code.replaceAll(/\d/g, (digit) => String((Number(digit) + 1) % 10));

it(
  'holds the buyer’s payment until the handover code, and pays the seller what an admin’s split of a complaint releases',
  async () => {
    const { api } = reloop();
    const deal = await newDeal(reloop(), 'ThinkPad X1 Carbon', '5125550123');
    const { laptop } = deal;
    const admin = await api.signIn('admin@reloop.dev', DEMO_PASSWORD);

    await inBrowser(
      reloop(),
      'escrow-buyer',
      (buyerPage) =>
        inBrowser(
          reloop(),
          'escrow-seller',
          async (sellerPage) => {
            // The buyer pays: the money is held, and My Orders shows the code for the meetup.
            await bookAndPay(buyerPage, laptop, meeting);
            const order = orderRow(buyerPage, laptop.name);
            await expectBadges(order, 'Paid', 'Payment held');
            await order.getByText('Show this code to the seller at the meetup:').waitFor();
            const shownCode = order.getByText(/^\d{3} \d{3}$/);
            const code = (await shownCode.textContent()) ?? '';
            expect(code).toMatch(/^\d{3} \d{3}$/);
            await expectAccessible(buyerPage, 'my orders with a handover code');

            // At the meetup the seller types the code; a wrong one says how many tries are left.
            await sellerPage.goto('/dashboard');
            await sellerPage.waitForURL('**/dashboard/products');
            await openFromDrawer(sellerPage, 'My Sales', '/dashboard/sales');
            const sale = orderRow(sellerPage, laptop.name);
            await expectBadges(sale, 'Paid', 'Payment held');
            expect(await sale.getByText(code).count()).toBe(0);
            const codeForm = sale.getByRole('form', {
              name: `Enter the buyer’s code for ${laptop.name}`,
            });
            const codeField = codeForm.getByLabel('Buyer’s code');
            await codeField.fill(wrongCodeFor(code));
            await codeForm.getByRole('button', { name: 'Confirm handover' }).click();
            await expect
              .poll(() => codeForm.getByRole('alert').textContent(), SHOWN_WITHIN)
              .toBe(
                'That is not the buyer’s code: check the six digits in their My Orders. 4 tries left.',
              );
            await expectBadges(sale, 'Paid', 'Payment held');
            await expectAccessible(sellerPage, 'a wrong handover code');

            await codeField.fill(code);
            await codeForm.getByRole('button', { name: 'Confirm handover' }).click();
            await expectToast(
              sellerPage,
              'Handover confirmed: the payment is held while the buyer checks',
            );
            await expectBadges(sale, 'Handed over', 'Payment held');
            await sale.getByText(/^Payment held until .+, then paid to you\.$/).waitFor();
            expect(await codeForm.count()).toBe(0);

            // The buyer finds the laptop faulty and reports it, within the time to do so.
            await buyerPage.reload();
            await expectBadges(order, 'Handed over', 'Payment held');
            expect(await shownCode.count()).toBe(0);
            await order
              .getByText(/^Reloop holds your payment while you check the laptop/)
              .waitFor();
            await order
              .getByRole('button', { name: `Report a problem with ${laptop.name}` })
              .click();
            const complaint = buyerPage.getByRole('dialog', {
              name: `Report a problem with ${laptop.name}`,
            });
            await complaint.getByLabel('Reason').selectOption({ label: 'Not as described' });
            await complaint.getByLabel('What happened').fill(COMPLAINT);
            await expectAccessible(buyerPage, 'complaint dialog');
            await complaint.getByRole('button', { name: 'Report the problem' }).click();
            await expectToast(buyerPage, 'Problem reported: Reloop’s team will look into it');
            await complaint.waitFor({ state: 'hidden' });
            await expectBadges(order, 'Handed over', 'Complaint open');
            await order.getByText(/^Reloop’s team is looking into your complaint/).waitFor();
            // The money has nothing left for the buyer to do; reviewing the seller still has.
            expect(await order.getByRole('button').allTextContents()).toEqual([
              'Review the seller',
            ]);

            await sellerPage.reload();
            await expectBadges(sale, 'Handed over', 'Complaint open');
            await sale.getByText(/^The buyer reported a problem/).waitFor();

            // An admin reads the complaint in the sale's conversation, answers both sides there,
            // and splits the money: part back to the buyer, the rest to the seller.
            await inBrowser(
              reloop(),
              'escrow-admin',
              async (adminPage) => {
                await adminPage.goto('/dashboard');
                await adminPage.waitForURL('**/dashboard/sellers');
                await openFromDrawer(adminPage, 'Complaints', '/dashboard/complaints');
                const card = adminPage
                  .getByRole('listitem')
                  .filter({ has: adminPage.getByRole('heading', { name: laptop.name }) });
                await card.getByText('Open', { exact: true }).waitFor();
                await card
                  .getByRole('link', { name: `Read and decide the complaint about ${laptop.name}` })
                  .click();
                await adminPage.waitForURL('**/dashboard/complaints/*');

                const panel = adminPage.getByRole('region', { name: laptop.name });
                const thread = panel.getByRole('log', { name: 'Messages' }).getByRole('listitem');
                await thread
                  .first()
                  .getByText(`Complaint — Not as described: ${COMPLAINT}`)
                  .waitFor();
                await thread.first().getByText('Bea Buyer').waitFor();
                const composer = panel.getByLabel('Message', { exact: true });
                await composer.fill(ADMIN_NOTE);
                await composer.press('Enter');
                await thread.nth(1).getByText(ADMIN_NOTE).waitFor();
                await expectAccessible(adminPage, 'a complaint');

                const resolve = panel.getByRole('form', { name: 'Resolve the complaint' });
                await resolve.getByRole('radio', { name: 'Split' }).check();
                const refund = resolve.getByLabel('Refund in dollars');
                // A refund of the whole price is not a split.
                await refund.fill('799');
                await resolve.getByRole('button', { name: 'Resolve' }).click();
                await resolve.getByText(/must be less than the price, \$799\.00/).waitFor();
                await refund.fill('199');
                await resolve.getByRole('button', { name: 'Resolve' }).click();
                const confirm = adminPage.getByRole('dialog', { name: 'Resolve this complaint?' });
                await confirm
                  .getByText(
                    '$199.00 back to the buyer, $600.00 to the seller. This cannot be changed afterwards.',
                  )
                  .waitFor();
                await confirm.getByRole('button', { name: 'Resolve' }).click();
                await expectToast(adminPage, 'Complaint resolved');
                await confirm.waitFor({ state: 'hidden' });
                await panel
                  .getByRole('status')
                  .getByText(
                    /^Resolved on .+: \$199\.00 back to the buyer, \$600\.00 to the seller\.$/,
                  )
                  .waitFor();
                expect(await resolve.count()).toBe(0);
                await card.getByText('Split', { exact: true }).waitFor();
              },
              { token: admin.token },
            );

            // Both sides see the money split, and the admin's word in their conversation.
            await buyerPage.reload();
            await expectBadges(order, 'Handed over', 'Partly refunded');
            await order.getByRole('link', { name: `Messages about ${laptop.name}` }).click();
            await buyerPage.waitForURL('**/dashboard/orders/*/messages');
            const buyerThread = buyerPage
              .getByRole('log', { name: 'Messages' })
              .getByRole('listitem');
            await buyerThread.nth(1).getByText(ADMIN_NOTE).waitFor();
            await buyerThread.nth(1).getByText('Reloop team').waitFor();

            await sellerPage.reload();
            await expectBadges(sale, 'Handed over', 'Partly refunded');

            // The seller's earnings: the $600.00 released less the 10% fee waits for a payout
            // account; once one is set up it is paid out.
            await openFromDrawer(sellerPage, 'Earnings', '/dashboard/earnings');
            const payout = orderRow(sellerPage, laptop.name);
            await payout.getByText('Waiting', { exact: true }).waitFor();
            expect(await moneyTotals(sellerPage, 'Held', 'Available', 'Paid out', 'Fees')).toEqual({
              Held: '$0.00',
              Available: '$540.00',
              'Paid out': '$0.00',
              Fees: '$60.00',
            });
            expect(await payout.getByRole('cell').allInnerTexts()).toEqual([
              laptop.name,
              '$540.00',
              '$60.00',
              'Waiting',
              expect.any(String),
              'Not yet',
            ]);
            expect(
              await sellerPage
                .getByRole('img', { name: /^Earnings by month/ })
                .getAttribute('aria-label'),
            ).toMatch(/Earned: \$540\.00 in all/);

            const payouts = sellerPage.getByRole('region', { name: 'Payouts' });
            await payouts.getByRole('button', { name: 'Set up payouts' }).click();
            await payouts
              .getByText('Payouts go to your account: released money is sent there on its own.')
              .waitFor();
            // The transfer goes out in the background; the seller looks again until it has.
            await expect
              .poll(
                async () => {
                  await sellerPage.reload();
                  await payout.waitFor();
                  return payout.getByRole('cell').nth(3).innerText();
                },
                { timeout: 30_000, interval: 1_000 },
              )
              .toBe('Sent');
            expect(await moneyTotals(sellerPage, 'Held', 'Available', 'Paid out', 'Fees')).toEqual({
              Held: '$0.00',
              Available: '$0.00',
              'Paid out': '$540.00',
              Fees: '$60.00',
            });
            expect(await payout.getByRole('cell').nth(5).innerText()).not.toBe('Not yet');
            await expectAccessible(sellerPage, 'earnings paid out');
          },
          { token: deal.seller.client.token },
        ),
      { token: deal.buyer.client.token },
    );
  },
  WHOLE_SALE_MS,
);
