import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, type AuthUser } from '@reloop/shared';
import { accountTokens, users } from '../../src/db/schema.ts';
import { errorPaths } from '../helpers/behaviour.ts';
import { type ReceivedEmail, type Mailbox } from '../helpers/mailbox.ts';
import {
  VERIFICATION_SUBJECT,
  emailsSettled,
  tokenIn,
  PUBLIC_URL,
  useMailedApp,
} from '../helpers/mailed-app.ts';
import { bearer, signUp, type TestApp } from '../helpers/test-app.ts';

/**
 * Getting back into an account and proving its address (DESIGN §14), with the emails received
 * over real SMTP: a password reset end to end, its one-use 60-minute link, the same answer for
 * any address, the hourly allowances of account emails, and email verification.
 */
let mailbox: Mailbox;
let t: TestApp;
useMailedApp((running) => ({ mailbox, t } = running));

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const signIn = (email: string, password: string) => post('/api/auth/signin', { email, password });
const askReset = (email: string) => post('/api/auth/password-reset', { email });
const confirmReset = (token: string, password: string) =>
  post('/api/auth/password-reset/confirm', { token, password });

const RESET_SUBJECT = 'Reset your Reloop password';

/** Asks for a reset of `email` and returns the email that comes. */
async function resetEmail(email: string): Promise<ReceivedEmail> {
  const response = await askReset(email);
  expect(response.statusCode, response.body).toBe(202);
  return mailbox.receive(email, { subject: RESET_SUBJECT });
}

/** Moves the clock of `userId`'s links `minutes` on, by moving their expiry back as much. */
const ageLinks = (userId: string, minutes: number) =>
  t.db
    .update(accountTokens)
    .set({ expiresAt: sql`${accountTokens.expiresAt} - ${`${minutes} minutes`}::interval` })
    .where(eq(accountTokens.userId, userId));

describe('POST /api/auth/password-reset and /confirm', () => {
  it('emails a link that sets a new password and signs every earlier session out', async () => {
    const user = await signUp(t.app);
    const other = (await signIn(user.email, user.password)).json<{ idToken: string }>().idToken;

    const response = await askReset(user.email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    const email = await mailbox.receive(user.email, { subject: RESET_SUBJECT });
    expect(email.from).toBe('"Reloop" <no-reply@localhost>');
    // Both parts carry the link, absolute on PUBLIC_URL.
    const link = email.link('/reset-password');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(email.text).toContain(link.href);
    expect(email.html).toContain(`href="${link.href}"`);
    expect(email.text).toContain('60 minutes');

    const confirmed = await confirmReset(tokenIn(email, '/reset-password'), 'a brand new secret');
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(confirmed.body).toBe('');

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const signedIn = await signIn(user.email, 'a brand new secret');
    expect(signedIn.statusCode).toBe(200);
    for (const token of [user.idToken, other]) {
      const before = await me(token);
      expect(before.statusCode).toBe(401);
      expect(before.json()).toEqual({ message: messages.invalidToken });
    }
    expect((await me(signedIn.json<{ idToken: string }>().idToken)).statusCode).toBe(200);
  });

  it('uses a link once', async () => {
    const user = await signUp(t.app);
    const token = tokenIn(await resetEmail(user.email), '/reset-password');
    expect((await confirmReset(token, 'first new secret')).statusCode).toBe(204);

    const again = await confirmReset(token, 'second new secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.linkNotValid });
    expect((await signIn(user.email, 'first new secret')).statusCode).toBe(200);
    expect((await signIn(user.email, 'second new secret')).statusCode).toBe(401);
  });

  it('honours a link for 60 minutes and not after', async () => {
    const user = await signUp(t.app);
    // The clock is moved by moving the link's expiry back in SQL: 59 minutes on, it works.
    const early = tokenIn(await resetEmail(user.email), '/reset-password');
    await ageLinks(user.uid, 59);
    expect((await confirmReset(early, 'set at 59 minutes')).statusCode).toBe(204);

    // 60 minutes on, it no longer does, and the password stays as it was.
    const late = tokenIn(await resetEmail(user.email), '/reset-password');
    await ageLinks(user.uid, 60);
    const response = await confirmReset(late, 'set at 60 minutes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.linkNotValid });
    expect((await signIn(user.email, 'set at 59 minutes')).statusCode).toBe(200);
  });

  it('voids a link once a newer one is sent', async () => {
    const user = await signUp(t.app);
    const older = tokenIn(await resetEmail(user.email), '/reset-password');
    const newer = tokenIn(await resetEmail(user.email), '/reset-password');
    expect(newer).not.toBe(older);

    const stale = await confirmReset(older, 'from the older link');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: messages.linkNotValid });
    expect((await confirmReset(newer, 'from the newer link')).statusCode).toBe(204);
  });

  it('leaves one working link when two resets are asked for at once', async () => {
    // Three accounts, two resets each, all at once: the emails are composed side by side.
    const accounts = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const asked = await Promise.all(
      accounts.flatMap((user) => [askReset(user.email), askReset(user.email)]),
    );
    expect(asked.map((response) => response.statusCode)).toEqual(Array(6).fill(202));
    for (const user of accounts) {
      const outcomes = [];
      for (let received = 0; received < 2; received += 1) {
        const email = await mailbox.receive(user.email, { subject: RESET_SUBJECT });
        const confirmed = await confirmReset(tokenIn(email, '/reset-password'), 'new secret');
        outcomes.push(confirmed.statusCode);
      }
      expect(outcomes.sort(), user.email).toEqual([204, 400]);
    }
  });

  it('names the malformed field, and refuses a well-formed token Reloop did not send', async () => {
    const user = await signUp(t.app);
    const missing = await post('/api/auth/password-reset/confirm', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: messages.invalidRequest });
    expect(errorPaths(missing)).toEqual(['body.password', 'body.token']);
    for (const token of ['', 'x'.repeat(201), 42]) {
      const response = await post('/api/auth/password-reset/confirm', {
        token,
        password: 'new secret',
      });
      expect(response.statusCode).toBe(400);
      expect(errorPaths(response)).toEqual(['body.token']);
    }
    const short = await confirmReset('anything', '123');
    expect(errorPaths(short)).toEqual(['body.password']);

    // Shaped like a link, but unknown, with a wrong secret, or sent for another purpose.
    const verification = tokenIn(
      await mailbox.receive(user.email, { subject: VERIFICATION_SUBJECT }),
      '/verify-email',
    );
    const [id] = tokenIn(await resetEmail(user.email), '/reset-password').split('.');
    for (const token of [
      'not-a-token',
      `${crypto.randomUUID()}.${'A'.repeat(43)}`,
      `${id}.${'A'.repeat(43)}`,
      verification,
    ]) {
      const response = await confirmReset(token, 'new secret');
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual({ message: messages.linkNotValid });
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('tells an account that signs in only with Google that it has no password', async () => {
    const [google] = await t.db
      .insert(users)
      .values({ email: 'google-only@example.com', name: 'G', emailVerifiedAt: new Date() })
      .returning();
    expect(google?.passwordHash).toBeNull();

    const response = await askReset('google-only@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    const email = await mailbox.receive('google-only@example.com');
    expect(email.subject).toBe('Signing in to Reloop');
    expect(email.text).toContain('Google');
    expect(email.link('/login').origin).toBe(PUBLIC_URL);
    expect(email.links().some((link) => link.pathname === '/reset-password')).toBe(false);
    // No link was made that could set a password.
    expect(await t.db.select().from(accountTokens)).toEqual([]);
  });
});

describe('no account enumeration', () => {
  it('answers a known and an unknown address alike, and emails only the known one', async () => {
    const user = await signUp(t.app);
    const known = await askReset(user.email);
    const unknown = await askReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    await mailbox.receive(user.email, { subject: RESET_SUBJECT });
    await emailsSettled(t.db);
    expect(mailbox.to('nobody-here@example.com')).toEqual([]);
  });
});

describe('account email allowances', () => {
  const expectFlooded = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toEqual({ message: messages.tooManyAccountEmails });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('allows 5 resets an hour per address, known or not', async () => {
    const user = await signUp(t.app);
    for (const address of [user.email, 'nobody-here@example.com']) {
      for (let sent = 0; sent < 5; sent += 1) {
        expect((await askReset(address)).statusCode).toBe(202);
      }
      expectFlooded(await askReset(address));
      // Any spelling of the address is the same recipient.
      expectFlooded(await askReset(address.toUpperCase()));
    }
    // Another address is not held back by them.
    expect((await askReset('someone-else@example.com')).statusCode).toBe(202);

    await emailsSettled(t.db);
    const resets = mailbox.to(user.email).filter((email) => email.subject === RESET_SUBJECT);
    expect(resets).toHaveLength(5);
  });

  it('allows 20 resets an hour per client, whatever the addresses', async () => {
    for (let sent = 0; sent < 20; sent += 1) {
      expect((await askReset(`someone-${sent}@example.com`)).statusCode).toBe(202);
    }
    expectFlooded(await askReset('someone-else@example.com'));
  });

  it('counts resends of the verification link per address, with resets', async () => {
    const user = await signUp(t.app);
    const resend = () => post('/api/auth/verify-email/resend', {}, bearer(user.idToken));
    for (let sent = 0; sent < 5; sent += 1) expect((await resend()).statusCode).toBe(202);
    expectFlooded(await resend());
    expectFlooded(await askReset(user.email));
    await emailsSettled(t.db);
    // The sign-up's link and the five resent.
    const links = mailbox.to(user.email).filter((email) => email.subject === VERIFICATION_SUBJECT);
    expect(links).toHaveLength(6);
  });

  it('counts resends of the verification link per client, with resets', async () => {
    const [user, other] = [await signUp(t.app), await signUp(t.app)];
    for (let sent = 0; sent < 19; sent += 1) {
      expect((await askReset(`someone-${sent}@example.com`)).statusCode).toBe(202);
    }
    const resend = (idToken: string) => post('/api/auth/verify-email/resend', {}, bearer(idToken));
    expect((await resend(user.idToken)).statusCode).toBe(202);
    expectFlooded(await resend(other.idToken));
  });
});

describe('email verification', () => {
  const verify = (token: string) => post('/api/auth/verify-email', { token });
  const emailVerified = async (token: string) =>
    (await me(token)).json<{ user: AuthUser }>().user.emailVerified;

  it('sends a link at sign-up that verifies the address', async () => {
    const user = await signUp(t.app);
    expect(await emailVerified(user.idToken)).toBe(false);
    const email = await mailbox.receive(user.email, { subject: VERIFICATION_SUBJECT });
    expect(email.link('/verify-email').origin).toBe(PUBLIC_URL);
    expect(email.text).toContain(email.link('/verify-email').href);
    expect(email.html).toContain(`href="${email.link('/verify-email').href}"`);

    const response = await verify(tokenIn(email, '/verify-email'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ emailVerified: true });
    expect(await emailVerified(user.idToken)).toBe(true);

    const again = await verify(tokenIn(email, '/verify-email'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.linkNotValid });
    const resend = await post('/api/auth/verify-email/resend', {}, bearer(user.idToken));
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ message: messages.emailAlreadyVerified });
  });

  it('sends a new link on request, which voids the earlier one', async () => {
    const user = await signUp(t.app);
    const first = tokenIn(
      await mailbox.receive(user.email, { subject: VERIFICATION_SUBJECT }),
      '/verify-email',
    );
    const resend = await post('/api/auth/verify-email/resend', {}, bearer(user.idToken));
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({});
    const second = tokenIn(
      await mailbox.receive(user.email, { subject: VERIFICATION_SUBJECT }),
      '/verify-email',
    );
    expect(second).not.toBe(first);

    expect((await verify(first)).statusCode).toBe(400);
    expect(await emailVerified(user.idToken)).toBe(false);
    expect((await verify(second)).statusCode).toBe(200);
    expect(await emailVerified(user.idToken)).toBe(true);
  });

  it('refuses a resend without signing in, and a malformed token naming the field', async () => {
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
    const missing = await post('/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(errorPaths(missing)).toEqual(['body.token']);
    const unknown = await verify(`${crypto.randomUUID()}.${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: messages.linkNotValid });
  });
});
