import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { users } from '../../src/db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('sign-up', () => {
  it('creates an account, stores the email lower-case and returns a working token', async () => {
    const response = await post('/api/auth/signup', {
      email: '  Ana.Lopez@Example.COM ',
      password: 'secret1',
      displayName: 'Ana López',
      photoURL: '/api/images/ana.jpg',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: 'ana.lopez@example.com',
      displayName: 'Ana López',
      photoURL: '/api/images/ana.jpg',
    });
    expect((await me(body.idToken)).json().user.uid).toBe(body.user.uid);
    const [stored] = await t.db.select().from(users).where(eq(users.id, body.user.uid));
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('secret1');
  });

  it('refuses a second account for the same email in any letter case', async () => {
    await signUp(t.app, 'taken@example.com');
    const response = await post('/api/auth/signup', {
      email: 'TAKEN@example.com',
      password: 'secret1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.emailTaken });
  });

  it('rejects bad fields with 400 and names each field', async () => {
    const response = await post('/api/auth/signup', { email: 'not-an-email', password: 123 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(messages.invalidRequest);
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.email',
      'body.password',
    ]);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('rejects a password shorter than 6 characters', async () => {
    const response = await post('/api/auth/signup', { email: 'a@example.com', password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('body.password');
  });

  it('answers malformed JSON with a 400 JSON error, never a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('sign-in', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const user = await signUp(t.app, 'bob@example.com');
    const response = await post('/api/auth/signin', {
      email: 'Bob@Example.com',
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.uid).toBe(user.uid);
    expect((await me(response.json().idToken)).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    await signUp(t.app, 'carol@example.com');
    const wrongPassword = await post('/api/auth/signin', {
      email: 'carol@example.com',
      password: 'not the password',
    });
    const unknownEmail = await post('/api/auth/signin', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: messages.wrongCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('locks an email out with 429 and Retry-After after 10 failures, even for the right password', async () => {
    const user = await signUp(t.app, 'dave@example.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await post('/api/auth/signin', {
        email: user.email,
        password: 'wrong-guess',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await post('/api/auth/signin', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toEqual({ message: messages.tooManySignIns });
  });

  it('counts a burst of parallel wrong guesses: 10 get 401, the rest 429', async () => {
    const user = await signUp(t.app, 'erin@example.com');
    const burst = await Promise.all(
      Array.from({ length: 15 }, () =>
        post('/api/auth/signin', { email: user.email, password: 'wrong-guess' }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const locked = await post('/api/auth/signin', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await signUp(t.app, 'frank@example.com');
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await post('/api/auth/signin', {
        email: user.email,
        password: user.password,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a deleted user', async () => {
    const user = await signUp(t.app);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.uid));
    const response = await post('/api/auth/signin', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(401);
  });
});

describe('token exchange (jwtgenerate)', () => {
  it('returns an API token for the signed-in email', async () => {
    const user = await signUp(t.app);
    const response = await post(
      '/api/jwtgenerate',
      { email: user.email.toUpperCase() },
      bearer(user.idToken),
    );
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().token)).json().user.uid).toBe(user.uid);
  });

  it('refuses with 403 when the email is someone else’s', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await post('/api/jwtgenerate', { email: other.email }, bearer(user.idToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.emailMismatch });
  });

  it('needs a token', async () => {
    const response = await post('/api/jwtgenerate', { email: 'someone@example.com' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.signInRequired });
  });
});

describe('sessions', () => {
  it('revokes every token of a session on sign-out', async () => {
    const user = await signUp(t.app);
    const apiToken = (
      await post('/api/jwtgenerate', { email: user.email }, bearer(user.idToken))
    ).json().token as string;
    const signOut = await post('/api/auth/signout', undefined, bearer(apiToken));
    expect(signOut.statusCode).toBe(204);
    for (const token of [user.idToken, apiToken]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.invalidToken });
    }
  });

  it('keeps other sessions of the same user alive after one signs out', async () => {
    const user = await signUp(t.app);
    const second = (
      await post('/api/auth/signin', { email: user.email, password: user.password })
    ).json().idToken as string;
    await post('/api/auth/signout', undefined, bearer(user.idToken));
    expect((await me(second)).statusCode).toBe(200);
  });

  it('rejects every token of a deleted user', async () => {
    const user = await signUp(t.app);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.uid));
    expect((await me(user.idToken)).statusCode).toBe(401);
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['an unsigned token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ])('rejects %s with 401', async (_label, token) => {
    expect((await me(token)).statusCode).toBe(401);
  });

  it('rejects a token whose signature was tampered with', async () => {
    const user = await signUp(t.app);
    const [header, payload, signature] = user.idToken.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('updates the display name and photo', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(user.idToken),
      payload: { displayName: 'New Name', photoURL: '/api/images/new.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      displayName: 'New Name',
      photoURL: '/api/images/new.png',
    });
    expect((await me(user.idToken)).json().user.displayName).toBe('New Name');
  });

  it('rejects a wrongly typed field without changing anything', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(user.idToken),
      payload: { displayName: ['not', 'a', 'string'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('body.displayName');
    expect((await me(user.idToken)).json().user.displayName).not.toEqual(['not', 'a', 'string']);
  });
});
