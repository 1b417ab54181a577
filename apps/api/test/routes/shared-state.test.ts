import { createServer, Socket, type Server } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { freeLoopbackPort } from '../../src/free-port.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createActor } from '../helpers/marketplace.ts';
import { freshKeyPrefix, removeKeysUnder, testRedisUrl } from '../helpers/redis.ts';
import { startTestS3, type TestS3 } from '../helpers/s3.ts';
import {
  bearer,
  createTestApp,
  multipart,
  signUp,
  type TestApp,
  type TestAppOptions,
} from '../helpers/test-app.ts';

/**
 * What several instances share, checked with two apps in this process on one database: images
 * in an S3-compatible bucket, and rate limits and the sign-in throttle counted in Redis. What
 * happens while Redis is down is checked through a loopback proxy to it that the test cuts.
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

let database: TestDatabase;
const opened: TestApp[] = [];
let keyPrefix = freshKeyPrefix();
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
  await database.drop();
  await removeKeysUnder(keyPrefix);
  keyPrefix = freshKeyPrefix();
});

/** Two instances on one database, one Redis namespace and one bucket. */
async function twoInstances(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  database = await createTestDatabase();
  const shared: TestAppOptions = {
    databaseUrl: database.url,
    env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: keyPrefix, ...s3.env, ...env },
  };
  const first = await createTestApp(shared);
  opened.push(first);
  const second = await createTestApp(shared);
  opened.push(second);
  return [first, second];
}

async function uploadPng(t: TestApp, token: string): Promise<string> {
  const png = await sharp({
    create: { width: 24, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const body = multipart('image', 'photo.png', 'image/png', png);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

describe('images in an S3-compatible bucket', () => {
  it('serves an image one instance stored from the other, with the same cache headers', async () => {
    const [first, second] = await twoInstances();
    const url = await uploadPng(first, (await signUp(first.app)).idToken);
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.png$/);

    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBeTruthy();
    expect((await sharp(served.rawPayload).metadata()).width).toBe(24);

    const missing = await second.app.inject({ method: 'GET', url: '/api/images/missing.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound });
    const unsafe = await second.app.inject({ method: 'GET', url: '/api/images/..%2Fsecret' });
    expect(unsafe.statusCode).toBe(404);
  });

  it('puts the seeded category images in the bucket', async () => {
    const [first] = await twoInstances();
    const categories = (
      await first.app.inject({ method: 'GET', url: '/api/productcategory' })
    ).json<{ image: string }[]>();
    expect(categories.length).toBeGreaterThan(0);
    for (const { image } of categories) {
      const served = await first.app.inject({ method: 'GET', url: image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('sends browsers to S3_PUBLIC_URL when it is set, and lets the page load from there', async () => {
    const [first] = await twoInstances({ S3_PUBLIC_URL: 'http://images.reloop.test/bucket/' });
    const url = await uploadPng(first, (await signUp(first.app)).idToken);
    const name = url.slice('/api/images/'.length);
    const served = await first.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toBe(`http://images.reloop.test/bucket/${name}`);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https: http://images.reloop.test",
    );
  });

  it('refuses to start, in one line, when the bucket cannot be reached', async () => {
    database = await createTestDatabase();
    const start = createTestApp({
      databaseUrl: database.url,
      env: { ...s3.env, S3_BUCKET: 'no-such-bucket' },
    });
    await expect(start).rejects.toThrow(/^S3 bucket "no-such-bucket" is not reachable \(\w+\); /);
  });
});

/** `times` POSTs of `payload` to `url`, to one instance and the other in turn: their statuses. */
async function postAlternately(
  instances: [TestApp, TestApp],
  times: number,
  url: string,
  payload: object,
): Promise<number[]> {
  const statuses = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    const instance = attempt % 2 === 0 ? instances[0] : instances[1];
    statuses.push((await instance.app.inject({ method: 'POST', url, payload })).statusCode);
  }
  return statuses;
}

describe('counts in Redis', () => {
  it('throttles failed sign-ins to one email as one, whichever instance they reach', async () => {
    const instances = await twoInstances();
    const { email } = await signUp(instances[0].app);
    const statuses = await postAlternately(instances, 10, '/api/auth/signin', {
      email,
      password: 'not the password',
    });
    // Five failures are free per address and email (SIGN_IN_POLICY), over both instances.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('counts a route rate limit over both instances', async () => {
    // Sign-up allows 30 a minute per client; invalid bodies count too (the limit runs first).
    const statuses = await postAlternately(await twoInstances(), 31, '/api/auth/signup', {});
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("counts a user's allowance of bookings over both instances", async () => {
    const instances = await twoInstances();
    const buyer = await createActor(instances[0].app, 'buyer');
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const instance = attempt % 2 === 0 ? instances[0] : instances[1];
      const booking = await instance.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: buyer.headers,
        // A product that is not there: each try spends one all the same.
        payload: {
          productId: '00000000-0000-4000-8000-000000000000',
          buyerPhone: '5125550199',
          buyerMeetingLocation: 'Central Library',
        },
      });
      statuses.push(booking.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
  });

  it('refuses to start, in one line, when Redis does not answer', async () => {
    database = await createTestDatabase();
    const port = await freeLoopbackPort();
    const start = createTestApp({
      databaseUrl: database.url,
      env: { REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` },
    });
    await expect(start).rejects.toThrow(`Redis at redis://:***@127.0.0.1:${port} is unreachable`);
  });
});

/** A TCP relay to Redis that can be cut and restored, as a network between them would fail. */
async function relayToRedis(): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
}> {
  const target = new URL(testRedisUrl);
  const port = await freeLoopbackPort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const restore = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await restore();
  return { url: `redis://127.0.0.1:${port}${target.pathname}`, cut, restore };
}

describe('while Redis is down', () => {
  it('refuses sign-ins, lets rate-limited calls through, reports not ready, and recovers', async () => {
    const relay = await relayToRedis();
    try {
      const [first] = await twoInstances({ REDIS_URL: relay.url });
      const { email, password } = await signUp(first.app);
      const signIn = () =>
        first.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
      const health = () => first.app.inject({ method: 'GET', url: '/api/health' });
      expect((await health()).statusCode).toBe(200);

      await relay.cut();
      const refused = await signIn();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.signInPaused });
      expect(refused.headers['retry-after']).toBe('30');
      const unhealthy = await health();
      expect(unhealthy.statusCode).toBe(503);
      expect(unhealthy.json()).toEqual({ message: messages.redisUnavailable });
      // Sign-up is rate-limited: uncounted now, it reaches validation as usual.
      const limited = await first.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {},
      });
      expect(limited.statusCode).toBe(400);

      await relay.restore();
      await expect.poll(async () => (await health()).statusCode, { timeout: 10_000 }).toBe(200);
      expect((await signIn()).statusCode).toBe(200);
    } finally {
      await relay.cut();
    }
  });
});
