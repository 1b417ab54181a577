import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/seed/seed.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webDistDir?: string;
  signInThrottle?: AppOptions['signInThrottle'];
  stripeConnection?: AppOptions['stripeConnection'];
  /** The job queue's retry pace, e.g. a short first retry for an SMTP outage. */
  jobs?: AppOptions['jobs'];
  /** An existing database to start on (as a restart would), instead of a fresh one. */
  databaseUrl?: string;
  /** Start on a copy of this test database (see createTestDatabase), dropped on close. */
  copyOf?: string;
  /** Called before the app is ready, e.g. to add a route that throws. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Wraps the payment provider, e.g. to make its refunds or transfers fail. */
  wrapPayments?: AppOptions['wrapPayments'];
  /** The event streams' heartbeat pace, e.g. short to see a signed-out stream end. */
  liveEvents?: AppOptions['liveEvents'];
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The app as `npm start` builds it, on a fresh database and a fresh DATA_DIR. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', ...options.env });
  const database = options.databaseUrl
    ? openDatabase(options.databaseUrl)
    : await openTestDatabase(options.copyOf);
  const app = await buildApp({
    config,
    jwtSecret: TEST_JWT_SECRET,
    database,
    logger: false,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.signInThrottle ? { signInThrottle: options.signInThrottle } : {}),
    ...(options.stripeConnection ? { stripeConnection: options.stripeConnection } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.wrapPayments ? { wrapPayments: options.wrapPayments } : {}),
    ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
  }).catch(async (error: unknown) => {
    // A start that fails on purpose (an unreachable Redis or bucket) leaves nothing behind.
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  options.beforeReady?.(app);
  await app.ready();
  await seedDatabase(app.db, { images: app.images, admin: config.admin, demo: config.seedDemo });
  return {
    app,
    db: app.db,
    config,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedUpUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

let counter = 0;

/** Signs up a fresh account through the API, as the web app does. */
export async function signUp(app: FastifyInstance, email?: string): Promise<SignedUpUser> {
  counter += 1;
  const address = email ?? `user${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: address, password, displayName: `User ${counter}` },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ idToken: string; user: { uid: string; email: string } }>();
  return { uid: body.user.uid, email: body.user.email, password, idToken: body.idToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body built by hand, as a browser's FormData would send it. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----reloop-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
