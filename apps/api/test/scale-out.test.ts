import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@reloop/shared';
import { categories, demoListings } from '../src/seed/catalog.ts';
import { withClient } from '../src/db/client.ts';
import { databaseUrlWithName } from './helpers/database.ts';
import { haproxyInstalled, HAPROXY_PATH, startHaproxy, type Balancer } from './helpers/haproxy.ts';
import {
  firstCategoryId,
  HttpClient,
  payWithTestCard,
  registerAccount,
} from './helpers/http-client.ts';
import { productBody } from './helpers/marketplace.ts';
import { freshKeyPrefix, removeKeysUnder, testRedisUrl } from './helpers/redis.ts';
import { startTestS3, type TestS3 } from './helpers/s3.ts';
import { startInstance, type Instance } from './helpers/server-process.ts';
import { TEST_JWT_SECRET } from './helpers/test-app.ts';

/**
 * Two Reloop processes behind haproxy, as docs/scaling.md deploys them: one PostgreSQL
 * database, one Redis, one S3-compatible bucket. Every rule must hold whichever instance a
 * request reaches. CI installs haproxy (.ci/run) and requires this suite; elsewhere it is
 * skipped, loudly, when haproxy is missing.
 */
const required = process.env.SCALE_OUT_REQUIRED === '1';
if (!haproxyInstalled) {
  if (required) throw new Error(`SCALE_OUT_REQUIRED is set but ${HAPROXY_PATH} is missing`);
  console.warn(
    `SKIPPING the scale-out suite: no haproxy at ${HAPROXY_PATH} (apt-get install haproxy)`,
  );
}

interface Connected extends Instance {
  client: HttpClient;
}

let s3: TestS3;
let databaseName: string;
const keyPrefix = freshKeyPrefix();
let dataDir: string;
const instances: Connected[] = [];
let balancer: Balancer;
let throughBalancer: HttpClient;

beforeAll(async () => {
  if (!haproxyInstalled) return;
  s3 = await startTestS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-scale-out-'));
  // An empty database, not a migrated copy: the instances start together and must not both
  // migrate it or both seed it.
  databaseName = `reloop_scale_out_${process.pid}_${Date.now()}`;
  const serverUrl = inject('postgresServerUrl');
  await withClient(serverUrl, (client) => client.query(`create database "${databaseName}"`));
  const shared = {
    DATABASE_URL: databaseUrlWithName(serverUrl, databaseName),
    JWT_SECRET: TEST_JWT_SECRET,
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: 'true',
    ...s3.env,
  };
  const started = await Promise.all([
    startInstance(shared, dataDir),
    startInstance(shared, dataDir),
  ]);
  instances.push(...started.map((one) => ({ ...one, client: new HttpClient(one.url) })));
  balancer = await startHaproxy(instances.map((instance) => instance.port));
  throughBalancer = new HttpClient(balancer.url);
}, 120_000);

afterAll(async () => {
  if (!haproxyInstalled) return;
  throughBalancer?.close();
  await balancer?.stop();
  for (const instance of instances) {
    instance.client.close();
    instance.process.child.kill('SIGTERM');
    await instance.process.exited;
  }
  await withClient(inject('postgresServerUrl'), (client) =>
    client.query(`drop database if exists "${databaseName}" with (force)`),
  );
  await s3?.close();
  await removeKeysUnder(keyPrefix);
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

function instance(index: 0 | 1): Connected {
  const started = instances[index];
  if (!started) throw new Error(`instance ${index} did not start`);
  return started;
}
const a = () => instance(0);
const b = () => instance(1);

describe.skipIf(!haproxyInstalled)('two instances behind haproxy', () => {
  it('started together on an empty database: migrated once, seeded once', async () => {
    const counts = await withClient(
      databaseUrlWithName(inject('postgresServerUrl'), databaseName),
      async (client) => {
        const count = async (table: string) =>
          Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
        return { categories: await count('categories'), products: await count('products') };
      },
    );
    expect(counts).toEqual({ categories: categories.length, products: demoListings.length });
    const fromA = await instance(0).client.expect<unknown[]>(200, 'GET', '/api/productcategory');
    const fromB = await instance(1).client.expect<unknown[]>(200, 'GET', '/api/productcategory');
    expect(fromA).toHaveLength(categories.length);
    expect(fromB).toEqual(fromA);
  });

  it('serves from one instance an image a seller uploaded on the other', async () => {
    const seller = await registerAccount(a().client, 'seller');
    const png = await sharp({
      create: { width: 32, height: 20, channels: 3, background: { r: 30, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'laptop.png');
    const uploaded = await fetch(`${a().url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data;

    for (const base of [b().url, balancer.url]) {
      const served = await fetch(`${base}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const image = Buffer.from(await served.arrayBuffer());
      expect((await sharp(image).metadata()).width).toBe(32);
    }
  });

  it('throttles ten failed sign-ins spread over both instances as one', async () => {
    const { email } = await registerAccount(a().client, 'buyer');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? a() : b();
      const response = await instance.client.call('POST', '/api/auth/signin', {
        body: { email, password: 'not the password' },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toEqual({ message: messages.tooManySignIns });
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('refuses on one instance a session signed out on the other', async () => {
    const { token } = await registerAccount(a().client, 'buyer');
    await b().client.expect(200, 'GET', '/api/auth/me', { token });
    await a().client.expect(204, 'POST', '/api/auth/signout', { token });
    const after = await b().client.call('GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: messages.invalidToken });
  });

  it('gives exactly one order when two buyers pay for the same laptop on different instances', async () => {
    const seller = await registerAccount(a().client, 'seller');
    const categoryId = await firstCategoryId(a().client);
    const product = await a().client.expect<{ _id: string }>(201, 'POST', '/api/product', {
      token: seller.token,
      body: productBody(categoryId),
    });
    const buyers = await Promise.all([
      registerAccount(a().client, 'buyer'),
      registerAccount(b().client, 'buyer'),
    ]);
    const paid = await Promise.all(
      buyers.map(async (buyer, index) => {
        const client = (index === 0 ? a() : b()).client;
        const booking = await client.expect<{ _id: string }>(201, 'POST', '/api/booking', {
          token: buyer.token,
          body: {
            productId: product._id,
            buyerPhone: '5125550199',
            buyerMeetingLocation: 'Central Library',
          },
        });
        return {
          client,
          buyer,
          bookingId: booking._id,
          paymentId: await payWithTestCard(client, buyer, booking._id),
        };
      }),
    );
    const orders = await Promise.all(
      paid.map(({ client, buyer, bookingId, paymentId }) =>
        client.call('POST', '/api/orders', { token: buyer.token, body: { bookingId, paymentId } }),
      ),
    );
    expect(orders.map((order) => order.status).sort()).toEqual([200, 409]);
    const loser = orders.find((order) => order.status === 409);
    expect(loser?.body).toMatchObject({ refundId: expect.any(String) });

    const sales = await b().client.all<{ status: string }>('/api/sales', seller.token);
    expect(sales.filter((sale) => sale.status === 'paid')).toHaveLength(1);
    const listing = await b().client.call('GET', `/api/product/${product._id}`);
    expect(listing.body).toMatchObject({ status: 'sold' });
  });

  it('keeps answering through the balancer when one instance is killed mid-run', async () => {
    const statuses: number[] = [];
    let killed = false;
    const load = (async () => {
      for (let request = 0; request < 300; request += 1) {
        const response = await throughBalancer.call('GET', '/api/productcategory');
        statuses.push(response.status);
        if (request === 100) {
          a().process.child.kill('SIGKILL');
          killed = true;
        }
      }
    })();
    await load;
    expect(killed).toBe(true);
    expect(await a().process.exited).toBe(null);
    expect(statuses).toHaveLength(300);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The survivor alone is in rotation now.
    await throughBalancer.expect(200, 'GET', '/api/health');
  });
});
