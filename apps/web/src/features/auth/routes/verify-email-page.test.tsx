import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared/messages';
import { mockApi, signedInAs, testUser, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const posts = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('verify email', () => {
  it('follows the link once as it opens, even when StrictMode mounts the page twice', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-email': { body: { emailVerified: true } },
    });
    renderApp('/verify-email?token=sel.secret', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Your email address is confirmed' }),
    ).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Log in' })).toHaveProperty('pathname', '/login');
    expect(posts(calls)).toEqual(['/api/auth/verify-email']);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'sel.secret' });
  });

  it("reads a signed-in user's details again, so the dashboard stops asking", async () => {
    let verified = false;
    const session = signedInAs('buyer', { emailVerified: false });
    const { calls } = mockApi({
      ...session,
      'GET /api/auth/me': () => ({
        body: { user: testUser('buyer', { emailVerified: verified }) },
      }),
      'POST /api/auth/verify-email': () => {
        verified = true;
        return { body: { emailVerified: true } };
      },
    });
    renderApp('/verify-email?token=sel.secret', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Your email address is confirmed' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/auth/me').length).toBeGreaterThan(1),
    );
    expect(posts(calls)).toEqual(['/api/auth/verify-email']);
  });

  it('confirms an email change with its own call and shows the new address', async () => {
    const changed = testUser('buyer', { email: 'new@example.com' });
    const { calls } = mockApi({
      'POST /api/auth/email/confirm': { body: { user: changed } },
    });
    renderApp('/verify-email?token=sel.secret&change=1', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Your email address is changed' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('now uses new@example.com');
    expect(posts(calls)).toEqual(['/api/auth/email/confirm']);
  });

  it('follows a change link only once the role is known, so nothing asks about the old address after it', async () => {
    // The server answers for the old address only until the change takes it, as the API does.
    let changed = false;
    const before = testUser('buyer', { email: 'old@example.com' });
    const after = testUser('buyer', { email: 'new@example.com' });
    const { calls } = mockApi({
      ...signedInAs('buyer', { email: 'old@example.com' }),
      'GET /api/auth/me': () => ({ body: { user: changed ? after : before } }),
      'GET /api/user/checkrole/old%40example.com': () =>
        changed
          ? { status: 403, body: { message: messages.forbidden } }
          : { body: { role: 'buyer' } },
      'GET /api/user/checkrole/new%40example.com': { body: { role: 'buyer' } },
      'POST /api/auth/email/confirm': () => {
        changed = true;
        return { body: { user: after } };
      },
    });
    renderApp('/verify-email?token=sel.secret&change=1', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Your email address is changed' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('/api/user/checkrole/old%40example.com')).toBeLessThan(
      paths.indexOf('/api/auth/email/confirm'),
    );
    expect(localStorage.getItem('jwttoken')).toBe('token-of-buyer');
    expect(posts(calls)).toEqual(['/api/auth/email/confirm']);
  });

  const failing: MockHandler = { status: 400, body: { message: messages.linkNotValid } };

  it("shows the API's word when the link no longer works", async () => {
    const { calls } = mockApi({ 'POST /api/auth/verify-email': failing });
    renderApp('/verify-email?token=used', { strict: true });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.linkNotValid);
    expect(screen.getByText(/your dashboard has a button that sends a new link/)).toBeTruthy();
    expect(posts(calls)).toEqual(['/api/auth/verify-email']);
  });

  it('sends a signed-in user back to Settings when an email change link failed', async () => {
    mockApi({ ...signedInAs('seller'), 'POST /api/auth/email/confirm': failing });
    renderApp('/verify-email?token=used&change=1');
    expect(await screen.findByRole('link', { name: 'Open Settings' })).toHaveProperty(
      'pathname',
      '/dashboard/settings',
    );
    expect(screen.getByRole('alert').textContent).toBe(messages.linkNotValid);
  });

  it('says so when the address has no token, and sends nothing', async () => {
    const { calls } = mockApi({});
    renderApp('/verify-email');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page needs the link from the email',
    );
    expect(posts(calls)).toEqual([]);
  });
});
