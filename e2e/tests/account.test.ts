import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mailbox, type ReceivedEmail } from '../../apps/api/test/helpers/mailbox.ts';
import { freePort } from '../src/server.ts';
import { listLaptopByApi } from './support/journeys.ts';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectToast,
  inBrowser,
  registerByApi,
  useReloop,
} from './support/reloop.ts';

// Reloop sends its email to a real SMTP server on loopback, and links in it to PUBLIC_URL: the
// address it listens on, chosen before it starts.
let mailbox: Mailbox;
let publicUrl: string;
let port: number;
beforeAll(async () => {
  mailbox = await Mailbox.start();
  port = await freePort();
  publicUrl = `http://localhost:${port}`;
});
afterAll(() => mailbox?.stop());
const reloop = useReloop({
  env: () => ({ SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL: publicUrl }),
});

/** An emailed link to `pathname`: absolute, on PUBLIC_URL, the same in the text and HTML parts. */
function emailedLink(email: ReceivedEmail, pathname: string): string {
  expect(email.text.trim(), 'the text part').not.toBe('');
  expect(email.html, 'the HTML part').toMatch(/<html[\s>]/i);
  const link = email.link(pathname).href;
  expect(new URL(link).origin).toBe(publicUrl);
  expect(email.text, 'the link in the text part').toContain(link);
  expect(email.html, 'the link in the HTML part').toContain(link.replaceAll('&', '&amp;'));
  return link;
}

/** The next email to `address` with `subject`; a browser journey allows it 20 s. */
const receive = (address: string, subject: string) =>
  mailbox.receive(address, { subject, timeoutMs: 20_000 });

it('asks a new user to confirm their address until they follow the emailed link, then moves it', async () => {
  const { api } = reloop();
  const { email, client } = await registerByApi(api, 'buyer', 'Vera Verify');
  const confirmation = await receive(email, 'Confirm your email address for Reloop');
  const link = emailedLink(confirmation, '/verify-email');

  await inBrowser(
    reloop(),
    'verify-email',
    async (page) => {
      await page.goto('/dashboard/orders');
      const banner = page.getByRole('status').filter({ hasText: 'Please confirm your email' });
      await banner.getByText(email).waitFor();
      await expectAccessible(page, 'unconfirmed address banner');

      await page.goto(link);
      await page.getByRole('heading', { name: 'Your email address is confirmed' }).waitFor();
      await expectAccessible(page, 'email confirmed');
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page.waitForURL('**/dashboard/orders');
      await page.getByText('No Orders found').waitFor();
      expect(await banner.count()).toBe(0);

      // A new address: nothing changes until the link sent there is followed.
      const newAddress = email.replace('@', '.moved@');
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Settings' })
        .click();
      const emailSection = page.getByRole('region', { name: 'Email' });
      await emailSection.getByText(`${email} (confirmed).`).waitFor();
      await emailSection.getByLabel('New email address').fill(newAddress);
      await emailSection.getByLabel('Your password').fill('correct horse');
      await emailSection.getByRole('button', { name: 'Change email' }).click();
      await emailSection
        .getByRole('status')
        .getByText(`We sent a link to ${newAddress}; your address changes when you follow it.`)
        .waitFor();
      const change = await receive(newAddress, 'Confirm your new email address for Reloop');
      await page.goto(emailedLink(change, '/verify-email'));
      const changed = page.getByRole('heading', { name: 'Your email address is changed' });
      const refused = page.getByRole('heading', { name: 'This link did not work' });
      await changed.or(refused).waitFor();
      // A refused link says why on the page; the failure should too.
      if (await refused.isVisible()) {
        throw new Error(
          `the change link was refused: ${await page.getByRole('alert').textContent()}`,
        );
      }
      await page.getByRole('status').getByText(newAddress).waitFor();
      await receive(email, 'Your Reloop email address was changed');
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await emailSection.getByText(`${newAddress} (confirmed).`).waitFor();
    },
    { token: client.token },
  );
});

it('turns a kind of notice email off from its link, with a button, not by opening it', async () => {
  const { api } = reloop();
  const seller = await api.signIn('seller@reloop.dev', DEMO_PASSWORD);
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const laptop = await listLaptopByApi(seller, {
    name: `Unsubscribe test laptop ${Date.now()}`,
    categoryId: category._id,
  });
  const buyer = await registerByApi(api, 'buyer', 'Bo Booker');
  await buyer.client.request('POST', '/booking', {
    productId: laptop._id,
    buyerPhone: '5125550199',
    buyerMeetingLocation: 'Central Library',
  });
  const notice = await receive('seller@reloop.dev', `New booking: ${laptop.name}`);
  const link = emailedLink(notice, '/unsubscribe');
  const wantsBookings = async () =>
    (await seller.request<{ bookings: boolean }>('GET', '/auth/notifications')).bookings;

  await inBrowser(reloop(), 'unsubscribe', async (page) => {
    await page.goto(link);
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
    await unsubscribe.waitFor();
    expect(await wantsBookings()).toBe(true);
    await expectAccessible(page, 'unsubscribe');
    await unsubscribe.click();
    await page
      .getByRole('status')
      .getByText('you will no longer get emails about your bookings and sales')
      .waitFor();
    expect(await wantsBookings()).toBe(false);
  });
});

it('recovers a forgotten password from the emailed link, then changes it in Settings', async () => {
  const { api } = reloop();
  const { email } = await registerByApi(api, 'buyer', 'Rita Reset');
  const signsIn = (password: string) =>
    api.signIn(email, password).then(
      () => true,
      () => false,
    );

  await inBrowser(reloop(), 'password-recovery', async (page) => {
    const login = async (password: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
    };

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').getByText('If an account uses').waitFor();
    await expectAccessible(page, 'reset link sent');

    const reset = await receive(email, 'Reset your Reloop password');
    const link = emailedLink(reset, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'reset password');
    await page.getByLabel('New password', { exact: true }).fill('brand new 1');
    await page.getByLabel('Repeat the new password').fill('brand new 1');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectToast(page, 'Your password is changed: sign in with the new one');
    await page.waitForURL('**/login');
    expect(await signsIn('correct horse')).toBe(false);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another one');
    await page.getByLabel('Repeat the new password').fill('another one');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await page.goto('/login');
    await login('brand new 1');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard/orders');

    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByLabel('Messages').waitFor();
    await expectAccessible(page, 'settings');
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('brand new 1');
    await password.getByLabel('New password', { exact: true }).fill('second new 2');
    await password.getByLabel('Repeat the new password').fill('second new 2');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Your password is changed; every other device is signed out');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await login('brand new 1');
    await expectToast(page, 'Wrong email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await login('second new 2');
    // Back where the sign-out left: the dashboard's guard remembered the page.
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  });
  expect(await signsIn('brand new 1')).toBe(false);
  expect(await signsIn('second new 2')).toBe(true);
});
