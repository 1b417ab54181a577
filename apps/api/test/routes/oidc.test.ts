import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { call } from '../helpers/behaviour.ts';
import { createActor } from '../helpers/marketplace.ts';
import { startTestIssuer, type TestAccount, type TestIssuer } from '../helpers/oidc-issuer.ts';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Google sign-in against a real OIDC issuer on loopback: the browser's whole trip (app → issuer
 * → app) is followed hop by hop, with each side's cookies, as a browser would.
 */
const PUBLIC_URL = 'http://reloop.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;

let issuer: TestIssuer;
let t: TestApp;
beforeEach(async () => {
  issuer = await startTestIssuer(REDIRECT_URI);
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: issuer.url,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    },
  });
});
afterEach(async () => {
  await t.close();
  await issuer.close();
});

let accounts = 0;
const googleAccount = (extra: Partial<TestAccount> = {}): TestAccount => {
  accounts += 1;
  return {
    sub: `google-${accounts}`,
    email: `ada-${accounts}-${Date.now()}@gmail.example`,
    name: 'Ada Lovelace',
    picture: 'https://images.example/ada.png',
    ...extra,
  };
};

interface Trip {
  /** Where the app finally sends the browser. */
  location: string;
}

/** What the web app keeps in sessionStorage when it starts a sign-in. */
const browserState = () => randomBytes(32).toString('base64url');

/**
 * Starts at /api/auth/oidc/start, follows the issuer's redirects, and delivers the issuer's
 * answer to the app's callback (optionally altered first, or after a pause).
 */
async function signIn(
  account: TestAccount,
  options: {
    returnTo?: string;
    state?: string;
    alter?: (callback: URL) => void;
    pauseMs?: number;
  } = {},
): Promise<Trip> {
  issuer.signInAs(account);
  const query = new URLSearchParams({ state: options.state ?? browserState() });
  if (options.returnTo) query.set('returnTo', options.returnTo);
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start?${query}` });
  expect(start.statusCode).toBe(302);
  const appCookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  expect(String(start.headers['set-cookie'])).toContain('HttpOnly');

  const issuerCookies = new Map<string, string>();
  let next = new URL(String(start.headers.location));
  while (next.origin === issuer.url) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...issuerCookies].map(([key, value]) => `${key}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [key = '', ...value] = pair.split('=');
      issuerCookies.set(key, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the issuer stopped at ${next.href}: ${response.status}`);
    next = new URL(location, next);
  }
  expect(next.href.startsWith(REDIRECT_URI)).toBe(true);
  options.alter?.(next);
  if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  const callback = await t.app.inject({
    method: 'GET',
    url: next.pathname + next.search,
    headers: { cookie: appCookie },
  });
  expect(callback.statusCode).toBe(302);
  return { location: String(callback.headers.location) };
}

const fragmentOf = (location: string) =>
  new URLSearchParams(location.slice(location.indexOf('#') + 1));

async function me(idToken: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: bearer(idToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    user: { uid: string; email: string; displayName: string; photoURL: string };
  }>().user;
}

describe('Google sign-in (OIDC)', () => {
  it('tells the web app that Google sign-in is on', async () => {
    expect((await call(t.app, 'GET', '/api/config')).json()).toMatchObject({ oidc: true });
  });

  it("creates a buyer on first sign-in, with the issuer's name and picture", async () => {
    const account = googleAccount();
    const { location } = await signIn(account, { returnTo: '/category/abc?x=1' });
    expect(location.startsWith('/auth/callback#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('returnTo')).toBe('/category/abc?x=1');

    const user = await me(fragment.get('idToken') ?? '');
    expect(user).toMatchObject({
      email: account.email,
      displayName: 'Ada Lovelace',
      photoURL: 'https://images.example/ada.png',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row).toMatchObject({ role: 'buyer', passwordHash: null });
  });

  it("names a user 'not available' when the issuer shares no name", async () => {
    const account = googleAccount({ name: undefined, picture: undefined });
    const { location } = await signIn(account);
    expect(await me(fragmentOf(location).get('idToken') ?? '')).toMatchObject({
      displayName: 'not available',
      photoURL: '',
    });
  });

  it('signs an existing email into that account, keeping its role', async () => {
    const seller = await createActor(t.app, 'seller');
    const { location } = await signIn(googleAccount({ email: seller.email.toUpperCase() }));
    const user = await me(fragmentOf(location).get('idToken') ?? '');
    expect(user.uid).toBe(seller.uid);
    const [row] = await t.db.select().from(users).where(eq(users.id, seller.uid));
    expect(row?.role).toBe('seller');
  });

  it("returns the web app's state with the sign-in token, for the web app to check", async () => {
    const state = browserState();
    const { location } = await signIn(googleAccount(), { state });
    expect(location.startsWith('/auth/callback#')).toBe(true);
    expect(fragmentOf(location).get('state')).toBe(state);
  });

  it.each([
    ['missing', ''],
    ['too short to be random', '?state=abc'],
    ['not base64url', `?state=${encodeURIComponent(`${'a'.repeat(30)}/+=`)}`],
    ['sent twice', `?state=${'a'.repeat(43)}&state=${'b'.repeat(43)}`],
  ])('refuses to start with a state that is %s: 400 naming the field', async (_label, query) => {
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
    expect(start.statusCode).toBe(400);
    expect(start.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'querystring.state',
    ]);
    expect(start.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an answer whose state was changed, and creates nobody', async () => {
    const account = googleAccount();
    const trip = await signIn(account, {
      alter: (callback) => callback.searchParams.set('state', 'forged-state'),
    });
    expect(trip.location).toBe('/login?signin_error=failed');
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);
  });

  it('refuses an email the issuer has not verified: no account is entered or created', async () => {
    const seller = await createActor(t.app, 'seller');
    const sessionsOfSeller = () =>
      t.db.select().from(sessions).where(eq(sessions.userId, seller.uid));
    const before = await sessionsOfSeller();
    const takeover = await signIn(googleAccount({ email: seller.email, email_verified: false }));
    expect(takeover.location).toBe('/login?signin_error=failed');
    expect(await sessionsOfSeller()).toEqual(before);

    const stranger = googleAccount({ email_verified: false });
    const trip = await signIn(stranger);
    expect(trip.location).toBe('/login?signin_error=failed');
    expect(await t.db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
  });

  it('sends the browser back to the login page when the issuer cannot be reached', async () => {
    await issuer.close();
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/start?state=${browserState()}`,
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?signin_error=failed');
    expect(start.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired authorization code', async () => {
    issuer.setCodeLifetime(1);
    const account = googleAccount();
    const trip = await signIn(account, { pauseMs: 2100 });
    expect(trip.location).toBe('/login?signin_error=failed');
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);
  });

  it('refuses a callback no sign-in was started for', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/callback?code=made-up&state=made-up',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?signin_error=failed');
  });

  it("does not reopen a deleted account: the email starts a new buyer's account", async () => {
    const seller = await createActor(t.app, 'seller');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.uid));
    const { location } = await signIn(googleAccount({ email: seller.email }));
    const user = await me(fragmentOf(location).get('idToken') ?? '');
    expect(user.uid).not.toBe(seller.uid);
    const rows = await t.db.select().from(users).where(eq(users.email, seller.email));
    expect(
      rows.map(({ id, role, deletedAt }) => ({ id, role, deleted: deletedAt !== null })),
    ).toEqual(
      expect.arrayContaining([
        { id: seller.uid, role: 'seller', deleted: true },
        { id: user.uid, role: 'buyer', deleted: false },
      ]),
    );
  });

  it('only ever returns to a path of this app', async () => {
    const { location } = await signIn(googleAccount(), { returnTo: '//evil.example/steal' });
    expect(fragmentOf(location).get('returnTo')).toBe('/');
  });
});

describe('without PUBLIC_URL, the address taken from the Host header', () => {
  it('ends on the login page, not a 500, when the Host header names no host', async () => {
    const hostless = await createTestApp({
      env: {
        OIDC_ISSUER: issuer.url,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
    });
    try {
      const urls = [
        '/api/auth/oidc/callback?code=x&state=y',
        `/api/auth/oidc/start?state=${browserState()}`,
      ];
      for (const url of urls) {
        const response = await hostless.app.inject({
          method: 'GET',
          url,
          headers: { host: 'not a host' },
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/login?signin_error=failed');
      }
    } finally {
      await hostless.close();
    }
  });
});

describe('without OIDC configured', () => {
  it('has no Google sign-in', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain.app, 'GET', '/api/config')).json()).toMatchObject({ oidc: false });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
