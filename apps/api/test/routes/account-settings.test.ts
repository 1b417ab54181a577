import { describe, expect, it } from 'vitest';
import { messages, type AuthUser } from '@reloop/shared';
import { errorPaths } from '../helpers/behaviour.ts';
import { type Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, tokenIn, PUBLIC_URL, useMailedApp } from '../helpers/mailed-app.ts';
import { bearer, signUp, type TestApp } from '../helpers/test-app.ts';

/**
 * What a signed-in user changes about their account (DESIGN §14): the password (other sessions
 * signed out), the email address (confirmed from the new address, the old one told), and which
 * notice emails they want.
 */
let mailbox: Mailbox;
let t: TestApp;
useMailedApp((running) => ({ mailbox, t } = running));

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
const me = async (token: string) => {
  const response = await inject('GET', '/api/auth/me', token);
  return { status: response.statusCode, user: response.json<{ user?: AuthUser }>().user };
};
const signIn = (email: string, password: string) =>
  inject('POST', '/api/auth/signin', undefined, { email, password });
/** A second session of the same account, as another device would have. */
const anotherSession = async (email: string, password: string) =>
  (await signIn(email, password)).json<{ idToken: string }>().idToken;

describe('POST /api/auth/password', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    inject('POST', '/api/auth/password', token, { currentPassword, newPassword });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await signUp(t.app);
    const other = await anotherSession(user.email, user.password);
    const response = await change(user.idToken, 'not my password', 'a new password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.wrongPassword,
      errors: [{ path: 'body.currentPassword', message: messages.wrongPassword }],
    });
    expect((await me(other)).status).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('changes it, signs every other session out and keeps this one', async () => {
    const user = await signUp(t.app);
    const other = await anotherSession(user.email, user.password);
    const response = await change(user.idToken, user.password, 'a new password');
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    expect((await me(other)).status).toBe(401);
    expect((await me(user.idToken)).status).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a new password')).statusCode).toBe(200);
  });

  it('names a missing or too short new password, and needs a sign-in', async () => {
    const user = await signUp(t.app);
    const short = await change(user.idToken, user.password, '123');
    expect(short.statusCode).toBe(400);
    expect(errorPaths(short)).toEqual(['body.newPassword']);
    const missing = await inject('POST', '/api/auth/password', user.idToken, {});
    expect(errorPaths(missing)).toEqual(['body.currentPassword', 'body.newPassword']);
    const anonymous = await inject('POST', '/api/auth/password', undefined, {
      currentPassword: user.password,
      newPassword: 'a new password',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/auth/email and /confirm', () => {
  const CHANGE_SUBJECT = 'Confirm your new email address for Reloop';
  const requestChange = (token: string, newEmail: string, password: string) =>
    inject('POST', '/api/auth/email', token, { newEmail, password });
  const confirmChange = (token: string) =>
    inject('POST', '/api/auth/email/confirm', undefined, { token });

  it('refuses a wrong password, the same address and a taken one', async () => {
    const user = await signUp(t.app);
    const taken = await signUp(t.app);

    const wrong = await requestChange(user.idToken, 'new.address@example.com', 'not it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: messages.wrongPassword,
      errors: [{ path: 'body.password', message: messages.wrongPassword }],
    });
    const same = await requestChange(user.idToken, user.email.toUpperCase(), user.password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: messages.sameEmail,
      errors: [{ path: 'body.newEmail', message: messages.sameEmail }],
    });
    const clash = await requestChange(user.idToken, taken.email, user.password);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: messages.emailTaken });
    const malformed = await requestChange(user.idToken, 'not an address', user.password);
    expect(malformed.statusCode).toBe(400);
    expect(errorPaths(malformed)).toEqual(['body.newEmail']);

    await emailsSettled(t.db);
    expect(mailbox.received.filter((email) => email.subject === CHANGE_SUBJECT)).toEqual([]);
  });

  it('changes the address only once the link sent to the new one is followed', async () => {
    const user = await signUp(t.app);
    const response = await requestChange(user.idToken, 'New.Address@Example.COM', user.password);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({});

    const email = await mailbox.receive('new.address@example.com', { subject: CHANGE_SUBJECT });
    const link = email.link('/verify-email');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('change')).toBe('1');
    expect(email.text).toContain(link.href);
    expect(email.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    // Nothing changed yet.
    expect((await me(user.idToken)).user?.email).toBe(user.email);
    expect((await signIn('new.address@example.com', user.password)).statusCode).toBe(401);

    const confirmed = await confirmChange(tokenIn(email, '/verify-email'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ user: AuthUser }>().user).toMatchObject({
      uid: user.uid,
      email: 'new.address@example.com',
      emailVerified: true,
    });
    expect((await me(user.idToken)).user?.email).toBe('new.address@example.com');
    expect((await signIn('new.address@example.com', user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);

    const told = await mailbox.receive(user.email, {
      subject: 'Your Reloop email address was changed',
    });
    expect(told.text).toContain('new.address@example.com');
    expect(told.link('/forgot-password').origin).toBe(PUBLIC_URL);

    // The link is used up.
    const again = await confirmChange(tokenIn(email, '/verify-email'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.linkNotValid });
  });

  it('refuses the change when someone took the address before it was confirmed', async () => {
    const user = await signUp(t.app);
    expect(
      (await requestChange(user.idToken, 'wanted@example.com', user.password)).statusCode,
    ).toBe(202);
    const email = await mailbox.receive('wanted@example.com', { subject: CHANGE_SUBJECT });
    await signUp(t.app, 'wanted@example.com');

    const response = await confirmChange(tokenIn(email, '/verify-email'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.emailTaken });
    expect((await me(user.idToken)).user?.email).toBe(user.email);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a link of another kind, or none, naming the field', async () => {
    const user = await signUp(t.app);
    const verification = await mailbox.receive(user.email);
    const response = await confirmChange(tokenIn(verification, '/verify-email'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.linkNotValid });
    const missing = await inject('POST', '/api/auth/email/confirm', undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(errorPaths(missing)).toEqual(['body.token']);
  });
});

describe('GET and PUT /api/auth/notifications', () => {
  const everything = {
    bookings: true,
    messages: true,
    reviews: true,
    watchlist: true,
    savedSearches: true,
  };

  it('wants every notice by default, and keeps what is put', async () => {
    const user = await signUp(t.app);
    const initial = await inject('GET', '/api/auth/notifications', user.idToken);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual(everything);

    const chosen = {
      bookings: false,
      messages: true,
      reviews: false,
      watchlist: false,
      savedSearches: true,
    };
    const put = await inject('PUT', '/api/auth/notifications', user.idToken, chosen);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(chosen);
    expect((await inject('GET', '/api/auth/notifications', user.idToken)).json()).toEqual(chosen);
  });

  it('refuses a missing or an unknown field, and changes nothing', async () => {
    const user = await signUp(t.app);
    const missing = await inject('PUT', '/api/auth/notifications', user.idToken, {
      bookings: false,
      messages: false,
      reviews: false,
    });
    expect(missing.statusCode).toBe(400);
    expect(errorPaths(missing)).toEqual(['body.savedSearches', 'body.watchlist']);
    const extra = await inject('PUT', '/api/auth/notifications', user.idToken, {
      ...everything,
      bookings: false,
      marketing: false,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ message: messages.invalidRequest });
    const wrongType = await inject('PUT', '/api/auth/notifications', user.idToken, {
      ...everything,
      messages: 'no',
    });
    expect(errorPaths(wrongType)).toEqual(['body.messages']);

    expect((await inject('GET', '/api/auth/notifications', user.idToken)).json()).toEqual(
      everything,
    );
    expect((await inject('GET', '/api/auth/notifications')).statusCode).toBe(401);
    expect((await inject('PUT', '/api/auth/notifications', undefined, everything)).statusCode).toBe(
      401,
    );
  });
});
