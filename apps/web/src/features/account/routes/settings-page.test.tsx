import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@reloop/shared/messages';
import {
  mockApi,
  signedInAs,
  testUser,
  type MockHandler,
  type RecordedCall,
} from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const allOn = {
  bookings: true,
  messages: true,
  reviews: true,
  watchlist: true,
  savedSearches: true,
};

async function openSettings(routes: Record<string, MockHandler> = {}, role = 'buyer' as const) {
  const api = mockApi({
    ...signedInAs(role, { phone: '5125550199' }),
    'GET /api/auth/notifications': { body: allOn },
    ...routes,
  });
  const view = renderApp('/dashboard/settings');
  await screen.findByRole('heading', { name: 'Settings' });
  return { ...api, ...view };
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const type = (scope: ReturnType<typeof section>, label: string, value: string) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('settings', () => {
  it.each(['buyer', 'seller', 'admin'] as const)("is in the %s's dashboard menu", async (role) => {
    mockApi({
      ...signedInAs(role),
      'GET /api/auth/notifications': { body: allOn },
    });
    renderApp('/dashboard/settings');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(await menu.findByRole('link', { name: 'Settings' })).toHaveProperty(
      'pathname',
      '/dashboard/settings',
    );
  });

  it('tells an account that signs in with Google that Google keeps its password and address, and asks for the address to delete it', async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer', { hasPassword: false }),
      'GET /api/auth/notifications': { body: allOn },
      'DELETE /api/auth/account': { status: 204 },
    });
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.queryByRole('region', { name: 'Password' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Email' })).toBeNull();
    expect(
      section('Password and email address').getByText(
        /You sign in with Google as buyer@example.com/,
      ),
    ).toBeTruthy();
    fireEvent.click(section('Delete account').getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    fireEvent.change(dialog.getByLabelText('Your email address'), {
      target: { value: 'buyer@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account is deleted')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/api/auth/account')[0]?.body).toEqual({
      password: 'buyer@example.com',
    });
  });

  describe('profile', () => {
    it('starts with the saved name and phone, and saves them', async () => {
      const { calls } = await openSettings({
        'PATCH /api/auth/profile': ({ body }) => ({
          body: { user: testUser('buyer', body as object) },
        }),
      });
      const profile = section('Profile');
      expect(profile.getByLabelText('Name')).toHaveProperty('value', 'Test buyer');
      expect(profile.getByLabelText('Phone')).toHaveProperty('value', '5125550199');
      type(profile, 'Name', 'Bea Buyer');
      type(profile, 'Phone', '');
      fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Your profile is saved')).toBeTruthy();
      expect(sent(calls, 'PATCH', '/api/auth/profile')[0]?.body).toEqual({
        displayName: 'Bea Buyer',
        phone: '',
      });
      // The navbar shows the saved name.
      expect(screen.getAllByText('Bea Buyer').length).toBeGreaterThan(0);
    });

    it('checks the phone as the booking form does', async () => {
      const { calls } = await openSettings();
      const profile = section('Profile');
      type(profile, 'Phone', '512-abc');
      fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
      expect(await profile.findByText('Phone must have 6 to 15 digits')).toBeTruthy();
      expect(sent(calls, 'PATCH', '/api/auth/profile')).toEqual([]);
    });

    it('uploads a new photo first and saves its URL', async () => {
      const { calls } = await openSettings({
        'POST /api/images': { body: { success: true, data: { url: '/api/images/bea.jpg' } } },
        'PATCH /api/auth/profile': ({ body }) => ({
          body: { user: testUser('buyer', body as object) },
        }),
      });
      const profile = section('Profile');
      fireEvent.change(profile.getByLabelText('New profile photo (optional)'), {
        target: { files: [new File(['jpeg'], 'bea.jpg', { type: 'image/jpeg' })] },
      });
      fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText('Your profile is saved')).toBeTruthy();
      expect(sent(calls, 'PATCH', '/api/auth/profile')[0]?.body).toEqual({
        displayName: 'Test buyer',
        phone: '5125550199',
        photoURL: '/api/images/bea.jpg',
      });
      expect(profile.getByAltText('Your current profile photo').getAttribute('src')).toBe(
        '/api/images/bea.jpg',
      );
    });

    it("shows the server's refusal and keeps what was typed", async () => {
      await openSettings({
        'PATCH /api/auth/profile': { status: 500, body: { message: messages.internalError } },
      });
      const profile = section('Profile');
      type(profile, 'Name', 'Bea Buyer');
      fireEvent.click(profile.getByRole('button', { name: 'Save profile' }));
      expect(await profile.findByText(messages.internalError)).toBeTruthy();
      expect(profile.getByLabelText('Name')).toHaveProperty('value', 'Bea Buyer');
    });
  });

  describe('password', () => {
    const fill = () => {
      const password = section('Password');
      type(password, 'Current password', 'old secret');
      type(password, 'New password', 'new secret');
      type(password, 'Repeat the new password', 'new secret');
      fireEvent.click(password.getByRole('button', { name: 'Change password' }));
      return password;
    };

    it('changes it and empties the form', async () => {
      const { calls } = await openSettings({ 'POST /api/auth/password': { status: 204 } });
      const password = fill();
      expect(
        await screen.findByText('Your password is changed; every other device is signed out'),
      ).toBeTruthy();
      expect(sent(calls, 'POST', '/api/auth/password')[0]?.body).toEqual({
        currentPassword: 'old secret',
        newPassword: 'new secret',
      });
      expect(password.getByLabelText('Current password')).toHaveProperty('value', '');
    });

    it('says under the current password when it is wrong', async () => {
      await openSettings({
        'POST /api/auth/password': { status: 400, body: { message: messages.wrongPassword } },
      });
      const password = fill();
      expect(await password.findByText(messages.wrongPassword)).toBeTruthy();
      expect(password.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    });

    it('wants the new password twice, the same', async () => {
      const { calls } = await openSettings();
      const password = section('Password');
      type(password, 'Current password', 'old secret');
      type(password, 'New password', 'new secret');
      type(password, 'Repeat the new password', 'new secret!');
      fireEvent.click(password.getByRole('button', { name: 'Change password' }));
      expect(await password.findByText('The two new passwords are not the same')).toBeTruthy();
      expect(sent(calls, 'POST', '/api/auth/password')).toEqual([]);
    });
  });

  describe('email', () => {
    const ask = (newEmail: string) => {
      const email = section('Email');
      type(email, 'New email address', newEmail);
      type(email, 'Your password', 'secret');
      fireEvent.click(email.getByRole('button', { name: 'Change email' }));
      return email;
    };

    it('says where the link went and that nothing changes until it is followed', async () => {
      const { calls } = await openSettings({ 'POST /api/auth/email': { status: 202, body: {} } });
      expect(section('Email').getByText('buyer@example.com')).toBeTruthy();
      const email = ask('New@Example.com');
      expect((await email.findByRole('status')).textContent).toBe(
        'We sent a link to new@example.com; your address changes when you follow it.',
      );
      expect(sent(calls, 'POST', '/api/auth/email')[0]?.body).toEqual({
        newEmail: 'new@example.com',
        password: 'secret',
      });
    });

    it('says under the new address when another account uses it', async () => {
      await openSettings({
        'POST /api/auth/email': { status: 409, body: { message: messages.emailTaken } },
      });
      const email = ask('taken@example.com');
      expect(await email.findByText(messages.emailTaken)).toBeTruthy();
      expect(email.getByLabelText('New email address').getAttribute('aria-invalid')).toBe('true');
    });

    it('says when too many emails were asked for', async () => {
      await openSettings({
        'POST /api/auth/email': { status: 429, body: { message: messages.tooManyAccountEmails } },
      });
      const email = ask('new@example.com');
      expect(await email.findByText(messages.tooManyAccountEmails)).toBeTruthy();
    });
  });

  describe('email notifications', () => {
    it('shows the saved choices, all five, and saves them with PUT', async () => {
      const { calls } = await openSettings({
        'GET /api/auth/notifications': {
          body: {
            bookings: true,
            messages: false,
            reviews: true,
            watchlist: true,
            savedSearches: true,
          },
        },
        'PUT /api/auth/notifications': ({ body }) => ({ body }),
      });
      const notices = section('Email notifications');
      const messagesToggle = await notices.findByLabelText('Messages');
      expect(messagesToggle).toHaveProperty('checked', false);
      expect(notices.getByLabelText('Bookings and sales')).toHaveProperty('checked', true);
      expect(notices.getByLabelText('Reviews')).toHaveProperty('checked', true);
      fireEvent.click(notices.getByLabelText('Saved searches'));
      fireEvent.click(notices.getByRole('button', { name: 'Save email choices' }));
      expect(await screen.findByText('Your email choices are saved')).toBeTruthy();
      expect(sent(calls, 'PUT', '/api/auth/notifications')[0]?.body).toEqual({
        bookings: true,
        messages: false,
        reviews: true,
        watchlist: true,
        savedSearches: false,
      });
    });

    it('says when they cannot be loaded, and tries again', async () => {
      let fail = true;
      await openSettings({
        'GET /api/auth/notifications': () =>
          fail ? { status: 500, body: { message: messages.databaseUnavailable } } : { body: allOn },
      });
      const notices = section('Email notifications');
      expect(await notices.findByText(messages.databaseUnavailable)).toBeTruthy();
      fail = false;
      fireEvent.click(notices.getByRole('button', { name: 'Try again' }));
      expect(await notices.findByLabelText('Messages')).toHaveProperty('checked', true);
    });

    it('says when saving fails', async () => {
      await openSettings({
        'PUT /api/auth/notifications': { status: 500, body: { message: messages.internalError } },
      });
      const notices = section('Email notifications');
      fireEvent.click(await notices.findByRole('button', { name: 'Save email choices' }));
      expect(await notices.findByText(messages.internalError)).toBeTruthy();
    });
  });

  describe('export', () => {
    afterEach(() => vi.restoreAllMocks());

    it('downloads the export with the session token as reloop-account.json', async () => {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(`${this.download} ${this.href}`);
      });
      const { calls } = await openSettings({
        'GET /api/auth/export': {
          body: { exportedAt: '2026-11-27T10:00:00.000Z' },
          headers: { 'content-disposition': 'attachment; filename="reloop-account.json"' },
        },
      });
      fireEvent.click(section('Your data').getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(clicked).toEqual(['reloop-account.json blob:export']));
      const file = createObjectURL.mock.calls[0]?.[0];
      expect(JSON.parse(await (file as Blob).text())).toEqual({
        exportedAt: '2026-11-27T10:00:00.000Z',
      });
      const call = sent(calls, 'GET', '/api/auth/export')[0];
      expect(call?.headers.get('authorization')).toBe('Bearer token-of-buyer');
    });

    it('says when the export fails', async () => {
      await openSettings({
        'GET /api/auth/export': { status: 500, body: { message: messages.internalError } },
      });
      const data = section('Your data');
      fireEvent.click(data.getByRole('button', { name: 'Download my data' }));
      expect(await data.findByText(messages.internalError)).toBeTruthy();
    });
  });

  describe('delete account', () => {
    const CONFIRM = 'Your password';

    it('names what will be lost, asks for the password, then signs out and goes home', async () => {
      const { calls, router } = await openSettings({
        'DELETE /api/auth/account': { status: 204 },
      });
      fireEvent.click(section('Delete account').getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
      for (const loss of [
        'Your unsold listings are removed.',
        'Your open bookings are cancelled, and the paid ones refunded.',
        'Your name, email address, phone and photo are erased.',
      ]) {
        expect(dialog.getByText(loss)).toBeTruthy();
      }
      expect(dialog.getByText(/shown as “Deleted user”/)).toBeTruthy();
      fireEvent.change(dialog.getByLabelText(CONFIRM), { target: { value: 'secret' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
      expect(await screen.findByText('Your account is deleted')).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(localStorage.getItem('jwttoken')).toBeNull();
      expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
      expect(sent(calls, 'DELETE', '/api/auth/account')[0]?.body).toEqual({
        password: 'secret',
      });
    });

    it('keeps the account and says why when the password is wrong', async () => {
      const { router } = await openSettings({
        'DELETE /api/auth/account': { status: 400, body: { message: messages.wrongPassword } },
      });
      fireEvent.click(section('Delete account').getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByLabelText(CONFIRM), { target: { value: 'wrong' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
      expect(await dialog.findByText(messages.wrongPassword)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/dashboard/settings');
      expect(localStorage.getItem('jwttoken')).toBe('token-of-buyer');
      fireEvent.click(dialog.getByRole('button', { name: 'Keep my account' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('sends nothing without a password', async () => {
      const { calls } = await openSettings();
      fireEvent.click(section('Delete account').getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
      expect(await dialog.findByText(`${CONFIRM} is required`)).toBeTruthy();
      expect(sent(calls, 'DELETE', '/api/auth/account')).toEqual([]);
    });
  });
});
