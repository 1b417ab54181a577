import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createActor, createProductAs } from '../helpers/marketplace.ts';

let t: TestApp;
let webDist: string;
const ASSET = 'console.log("app");'.repeat(50);

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'reloop-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><head><title>Reloop</title></head><div id="root"></div>',
  );
  // As the web build writes them: the asset, and its brotli and gzip forms beside it.
  const asset = path.join(webDist, 'assets', 'index-abc123.js');
  await writeFile(asset, ASSET);
  await writeFile(`${asset}.br`, brotliCompressSync(ASSET));
  await writeFile(`${asset}.gz`, gzipSync(ASSET));
});
afterAll(() => rm(webDist, { recursive: true, force: true }));
afterEach(() => t.close());

describe('system routes', () => {
  it('reports health when the database answers', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports not ready from the moment the instance starts shutting down', async () => {
    let duringClose: Response | undefined;
    let url = '';
    t = await createTestApp({
      // Runs after the health route's own preClose hook, as a balancer's check would arrive.
      beforeReady: (app) =>
        app.addHook('preClose', async () => {
          duringClose = await fetch(`${url}/api/health`);
        }),
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await t.close();
    t = { ...t, close: async () => {} }; // closed already; afterEach has nothing left to do
    expect(duringClose?.status).toBe(503);
    expect(await duringClose?.json()).toEqual({ message: messages.shuttingDown });
  });

  it('tells the web app about the test payment provider and no OIDC by default', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ paymentProvider: 'test', oidc: false });
  });

  it('tells the web app when OIDC sign-in is configured', async () => {
    t = await createTestApp({
      env: {
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ paymentProvider: 'test', oidc: true });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/signin',
        '/api/jwtgenerate',
        '/api/images',
      ]),
    );
  });
});

describe('errors and headers', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    t = await createTestApp({ webDistDir: webDist });
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/health'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
    }
  });

  it('serves the web app for any other path so its router can answer', async () => {
    t = await createTestApp({ webDistDir: webDist });
    for (const url of ['/', '/dashboard/orders', '/category/123?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('preloads the home page hero from its HTML, and only there', async () => {
    t = await createTestApp({ webDistDir: webDist });
    const preload =
      /<link rel="preload" as="image" href="\/hero\/[^"]+" fetchpriority="high"><\/head>/;
    expect((await t.app.inject({ method: 'GET', url: '/?ref=mail' })).body).toMatch(preload);
    for (const url of ['/blog', '/category/123']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('preload');
    }
  });

  it("names a listing's page and gives it Open Graph tags, so a shared link shows it", async () => {
    t = await createTestApp({ webDistDir: webDist, env: { PUBLIC_URL: 'https://reloop.example' } });
    const seller = await createActor(t.app, 'seller');
    const id = await createProductAs(t.app, seller, {
      name: 'ThinkPad <T14> & "charger"',
      resalePrice: 549.5,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/product/${id}?utm=chat`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>ThinkPad &lt;T14&gt; &amp; &quot;charger&quot; — Reloop</title>',
    );
    expect(page.body).toContain(
      '<meta property="og:title" content="ThinkPad &lt;T14&gt; &amp; &quot;charger&quot;">',
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="https://reloop.example/product/${id}">`,
    );
    expect(page.body).toMatch(
      /<meta property="og:image" content="https:\/\/reloop\.example\/api\/images\/[^"]+">/,
    );
    expect(page.body).toMatch(
      /<meta property="og:description" content="\$549\.50 · Good · Austin\. /,
    );
    expect(page.body).toContain('<div id="root">');
    for (const url of ['/product/00000000-0000-4000-8000-000000000000', '/product/nope']) {
      const unknown = await t.app.inject({ method: 'GET', url });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).not.toContain('og:title');
    }
  });

  it('sends a built asset as brotli or gzip when the client takes it, else as it is', async () => {
    t = await createTestApp({ webDistDir: webDist });
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET);

    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');

    for (const raw of [await get(), await get('identity')]) {
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body).toBe(ASSET);
    }
    // Every answer depends on Accept-Encoding, so caches must keep them apart.
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect((await get()).headers.vary).toMatch(/accept-encoding/i);
  });

  it('leaves API responses uncompressed', async () => {
    t = await createTestApp({ webDistDir: webDist });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/productcategory',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveLength(5);
  });

  it('hides the details of unexpected errors', async () => {
    t = await createTestApp({
      beforeReady: (app) =>
        app.get('/api/test-failure', async () => {
          throw new Error('database password is hunter2');
        }),
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: messages.internalError });
    expect(response.body).not.toContain('hunter2');
  });

  it('sends JSON the headers of an API response and pages those of a document', async () => {
    t = await createTestApp({ webDistDir: webDist });
    const json = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(json.headers['referrer-policy']).toBe('no-referrer');
    expect(json.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Only a document uses these.
    expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(json.headers['x-dns-prefetch-control']).toBeUndefined();

    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // The same on a 404 and on an error, which skip the route's handler.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(
      json.headers['content-security-policy'],
    );
    const badRequest = await t.app.inject({ method: 'GET', url: '/api/products/not-an-id' });
    expect(badRequest.statusCode).toBe(400);
    expect(badRequest.headers['x-frame-options']).toBe('DENY');
    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(traced.headers['x-request-id']).toBe('edge-42');
  });

  it.each([
    ['without PUBLIC_URL', {}],
    ['when PUBLIC_URL is plain http', { PUBLIC_URL: 'http://reloop.test' }],
  ])('sends no Strict-Transport-Security %s', async (_label, env) => {
    t = await createTestApp({ env });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is https, on every response', async () => {
    t = await createTestApp({ webDistDir: webDist, env: { PUBLIC_URL: 'https://reloop.example' } });
    for (const url of ['/api/health', '/api/nothing-here', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    }
  });
});
