import { fireEvent, screen, waitFor } from '@testing-library/react';
import { uiMessages } from '@reloop/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const user = {
  uid: '00000000-0000-4000-8000-000000000009',
  email: 'ada@gmail.example',
  displayName: 'Ada Lovelace',
  photoURL: '',
  emailVerified: true,
  phone: '',
};

/** Where the login page keeps the state of the Google sign-in it started. */
const STATE_KEY = 'reloop.googleSignInState';
const STARTED_STATE = 'b3JpZ2luYWwtc3RhdGUtb2YtdGhpcy10YWItMzJieXRlcw';

const signInApi = (oidc = true) => ({
  'GET /api/auth/me': ({ headers }: { headers: Headers }) =>
    headers.get('authorization') === 'Bearer sign-in-token'
      ? { body: { user } }
      : { status: 401, body: { message: 'no' } },
  'POST /api/jwtgenerate': { body: { token: 'api-token' } },
  'GET /api/user/checkrole/ada%40gmail.example': { body: { role: 'buyer' } },
  'GET /api/config': { body: { paymentProvider: 'test', oidc } },
  'GET /api/productcategory': { body: [] },
  'GET /api/advertise/products': { body: [] },
});

const landing = (fragment: Record<string, string>) =>
  renderApp('/auth/callback', { hash: `#${new URLSearchParams(fragment).toString()}` });

describe('Google sign-in landing', () => {
  it('exchanges the sign-in token of a sign-in this tab started, once, and returns to the origin', async () => {
    sessionStorage.setItem(STATE_KEY, STARTED_STATE);
    const { calls } = mockApi(signInApi());
    const { router } = landing({
      idToken: 'sign-in-token',
      returnTo: '/blog',
      state: STARTED_STATE,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(localStorage.getItem('jwttoken')).toBe('api-token');
    expect(calls.find((call) => call.path === '/api/jwtgenerate')?.body).toEqual({
      email: 'ada@gmail.example',
    });
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it.each([
    ['a forged link: no sign-in was started in this tab', null, STARTED_STATE],
    [
      'a state that is not the one this tab started',
      STARTED_STATE,
      'c29tZW9uZS1lbHNlcy1zdGF0ZS0xMjM0NTY3ODkw',
    ],
    ['no state in the fragment', STARTED_STATE, undefined],
  ])(
    'refuses %s: no token is stored and the login page says why',
    async (_label, stored, received) => {
      if (stored) sessionStorage.setItem(STATE_KEY, stored);
      const { calls } = mockApi(signInApi());
      const { router } = landing({
        idToken: 'sign-in-token',
        returnTo: '/dashboard/orders',
        ...(received ? { state: received } : {}),
      });
      expect((await screen.findByRole('alert')).textContent).toBe(
        uiMessages.googleSignInNotStarted,
      );
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.getItem('jwttoken')).toBeNull();
      expect(calls.some((call) => call.path.startsWith('/api/auth/me'))).toBe(false);
      expect(calls.some((call) => call.path === '/api/jwtgenerate')).toBe(false);
      expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
    },
  );

  it('refuses a token when Google sign-in is switched off', async () => {
    const { calls } = mockApi(signInApi(false));
    const { router } = landing({ idToken: 'sign-in-token', returnTo: '/dashboard/orders' });
    expect((await screen.findByRole('alert')).textContent).toBe(uiMessages.googleSignInNotStarted);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwttoken')).toBeNull();
    expect(calls.some((call) => call.path === '/api/jwtgenerate')).toBe(false);
  });

  it('does not accept the same state twice', async () => {
    sessionStorage.setItem(STATE_KEY, STARTED_STATE);
    mockApi(signInApi());
    const fragment = { idToken: 'sign-in-token', returnTo: '/blog', state: STARTED_STATE };
    const first = landing(fragment);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/blog'));
    first.unmount();
    localStorage.clear();

    const again = landing(fragment);
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });
});

describe('starting Google sign-in', () => {
  it('keeps a fresh random state in this tab and sends it to the API with the return path', async () => {
    // jsdom cannot navigate away, and its location cannot be spied on: stand in for it.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({ 'GET /api/config': { body: { paymentProvider: 'test', oidc: true } } });
    renderApp('/login', { state: { from: { pathname: '/dashboard/orders' } } });
    const google = await screen.findByRole('button', { name: 'Google' });
    await waitFor(() => expect(google).toHaveProperty('disabled', false));
    fireEvent.click(google);

    const state = sessionStorage.getItem(STATE_KEY) ?? '';
    // 32 random bytes in base64url: well over 128 bits, and what the API accepts.
    expect(state).toMatch(/^[\w-]{43}$/);
    const url = new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/auth/oidc/start');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('returnTo')).toBe('/dashboard/orders');

    fireEvent.click(google);
    expect(sessionStorage.getItem(STATE_KEY)).not.toBe(state);
  });
});

describe('login after a refused Google sign-in', () => {
  it('says why', async () => {
    mockApi({ 'GET /api/config': { body: { paymentProvider: 'test', oidc: true } } });
    renderApp('/login?signin_error=failed');
    expect((await screen.findByRole('alert')).textContent).toBe(uiMessages.googleSignInFailed);
    expect(await screen.findByRole('button', { name: 'Google' })).toHaveProperty('disabled', false);
  });
});
