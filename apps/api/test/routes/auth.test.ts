import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { users } from '../../src/db/schema.ts';
import { needsRehash, verifyPassword } from '../../src/identity/passwords.ts';
import { MemorySignInThrottle, SIGN_IN_POLICY } from '../../src/identity/sign-in-throttle.ts';
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

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//tracker.example/pixel.png'])(
    'refuses the photo URL %s with 400 on body.photoURL and creates nobody',
    async (photoURL) => {
      const response = await post('/api/auth/signup', {
        email: 'photo@example.com',
        password: 'secret1',
        photoURL,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
        'body.photoURL',
      ]);
      expect(await t.db.select().from(users)).toHaveLength(0);
    },
  );

  it('rejects a password shorter than 6 characters', async () => {
    const response = await post('/api/auth/signup', { email: 'a@example.com', password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('body.password');
  });

  it.each([
    ['malformed JSON', 'application/json', '{"email": "a@example.com", ', 400],
    // Only the image upload takes multipart bodies.
    [
      'a multipart body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n',
      415,
    ],
  ])('answers %s with a 4xx JSON error, never a 5xx', async (_label, type, payload, status) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(status);
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

  const signInFrom = (remoteAddress: string, payload: { email: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload, remoteAddress });

  it('slows an address after 5 failures for an email: 429 with Retry-After, even for the right password', async () => {
    const user = await signUp(t.app, 'dave@example.com');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/api/auth/signin', {
        email: user.email,
        password: 'wrong-guess',
      });
      expect(response.statusCode).toBe(401);
    }
    const slowed = await post('/api/auth/signin', { email: user.email, password: user.password });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(slowed.json()).toEqual({ message: messages.tooManySignIns });
  });

  it('ten failures from one address do not lock the account for another address', async () => {
    const user = await signUp(t.app, 'owner@example.com');
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = await signInFrom('203.0.113.7', { email: user.email, password: 'guess' });
      statuses.push(guess.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(5).fill(429)]);

    const owner = await signInFrom('198.51.100.2', {
      email: 'Owner@Example.com',
      password: user.password,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.uid).toBe(user.uid);
    // The stranger's guessing stays slow.
    const stranger = await signInFrom('203.0.113.7', { email: user.email, password: 'guess' });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a burst of parallel wrong guesses: 5 get 401, the rest 429', async () => {
    const user = await signUp(t.app, 'erin@example.com');
    const burst = await Promise.all(
      Array.from({ length: 15 }, () =>
        post('/api/auth/signin', { email: user.email, password: 'wrong-guess' }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const slowed = await post('/api/auth/signin', { email: user.email, password: user.password });
    expect(slowed.statusCode).toBe(429);
  });

  it('caps the failures of one address over all emails (credential stuffing)', async () => {
    const capped = await createTestApp({
      signInThrottle: new MemorySignInThrottle({ ...SIGN_IN_POLICY, maxFailuresPerAddress: 3 }),
    });
    try {
      const user = await signUp(capped.app);
      const attempt = (remoteAddress: string, email: string, password = 'guess') =>
        capped.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email, password },
          remoteAddress,
        });
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await attempt('203.0.113.9', email)).statusCode).toBe(401);
      }
      const stuffed = await attempt('203.0.113.9', user.email, user.password);
      expect(stuffed.statusCode).toBe(429);
      expect(Number(stuffed.headers['retry-after'])).toBeGreaterThan(30 * 60);
      expect((await attempt('198.51.100.3', user.email, user.password)).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
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

  it('rehashes a password stored with earlier scrypt parameters at its next sign-in', async () => {
    const user = await signUp(t.app, 'grace@example.com');
    // As stored before the parameters were raised: N=2^15, r=8, p=1.
    const salt = randomBytes(16);
    const key = scryptSync(user.password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 2 ** 26 });
    const earlier = `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await t.db.update(users).set({ passwordHash: earlier }).where(eq(users.id, user.uid));
    const storedHash = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.uid)))[0]?.passwordHash ?? '';

    const signIn = () => post('/api/auth/signin', { email: user.email, password: user.password });
    expect((await signIn()).statusCode).toBe(200);
    const rehashed = await storedHash();
    expect(rehashed).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(needsRehash(rehashed)).toBe(false);
    expect(await verifyPassword(user.password, rehashed)).toBe(true);
    expect((await signIn()).statusCode).toBe(200);
    expect(await storedHash()).toBe(rehashed);
    const wrong = await post('/api/auth/signin', { email: user.email, password: 'not it' });
    expect(wrong.statusCode).toBe(401);
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

  it.each([
    ['an uploaded image', '/api/images/new.png'],
    ['an https URL', 'https://lh3.googleusercontent.example/a/photo.jpg'],
    ['nothing, to remove the photo', ''],
  ])('accepts %s as the photo', async (_label, photoURL) => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(user.idToken),
      payload: { photoURL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.photoURL).toBe(photoURL);
  });

  it.each(['javascript:alert(document.cookie)', 'ftp://files.example/me.png', 'me.png'])(
    'refuses the photo URL %s with 400 on body.photoURL, changing nothing',
    async (photoURL) => {
      const user = await signUp(t.app);
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: bearer(user.idToken),
        payload: { displayName: 'Changed', photoURL },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
        'body.photoURL',
      ]);
      expect((await me(user.idToken)).json().user).toMatchObject({ photoURL: '' });
      expect((await me(user.idToken)).json().user.displayName).not.toBe('Changed');
    },
  );

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
