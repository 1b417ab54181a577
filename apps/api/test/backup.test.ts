import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { freeLoopbackPort } from '../src/free-port.ts';
import { createPostgresDatabase } from '../../../e2e/src/postgres.ts';
import {
  firstCategoryId,
  HttpClient,
  payWithTestCard,
  registerAccount,
} from './helpers/http-client.ts';
import { productBody } from './helpers/marketplace.ts';
import { startServer, waitUntilListening } from './helpers/server-process.ts';

/**
 * `npm run backup`, wipe, `npm run restore`: every row of every table, every job waiting in the
 * queue and every image file comes back as it was, on the embedded database and on a
 * DATABASE_URL server, and the restored Reloop serves a listing and its image, and takes a
 * token signed before the backup. A target that is not empty is refused with one line, untouched.
 */
const cli = fileURLToPath(new URL('../src/backup/main.ts', import.meta.url));
const appRoot = fileURLToPath(new URL('..', import.meta.url));

function run(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, command, file], {
    cwd: appRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** Per table of Reloop's schemas: its row count and a hash of its rows in a fixed order. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ digest: string }>(
        `select count(*) || ' ' || md5(coalesce(string_agg(t::text, E'\\n' order by t::text), ''))
           as digest from ${name} t`,
      );
      digests[name] = rows[0]?.digest ?? '';
    }
    return digests;
  } finally {
    await client.end();
  }
}

async function imageDigests(dataDir: string): Promise<Record<string, string>> {
  const folder = path.join(dataDir, 'images');
  const digests: Record<string, string> = {};
  for (const name of (await readdir(folder, { recursive: true })).sort()) {
    const bytes = await readFile(path.join(folder, name)).catch(() => undefined);
    if (bytes) digests[name] = createHash('sha256').update(bytes).digest('hex');
  }
  return digests;
}

/** The job queue's jobs: what each does, its state and when it may start. */
async function jobs(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ startAfter: number }>(
      `select name, data, state::text, (extract(epoch from start_after) * 1000)::float8 as "startAfter"
         from pgboss.job order by id`,
    );
    return rows.map((row) => ({ ...row, startAfter: Math.round(row.startAfter) }));
  } finally {
    await client.end();
  }
}

async function databaseState(url: string) {
  return { tables: await tableDigests(url), jobs: await jobs(url) };
}

async function embeddedState(dataDir: string) {
  const server = await startEmbeddedPostgres(dataDir);
  try {
    return await databaseState(server.url);
  } finally {
    await server.stop();
  }
}

/** Until no job is due or running: those left wait for a later time, so the rows hold still. */
async function untilNoJobIsDue(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ due: number }>(
        `select count(*)::int as due from pgboss.job
          where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
      );
      if (rows[0]?.due === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

/** Runs Reloop on `env` (which seeds the demo), `during` while it serves; stops it after. */
async function withReloop<T>(
  env: Record<string, string>,
  during: (client: HttpClient, baseUrl: string) => Promise<T>,
): Promise<T> {
  const port = await freeLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
  const client = new HttpClient(baseUrl);
  try {
    await waitUntilListening(server, 60_000);
    return await during(client, baseUrl);
  } finally {
    client.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/**
 * A booking with a message, paid for and handed over: its money is held, and its release is a
 * job waiting until the complaint window ends. Returns when no job is due, so a backup then and
 * the database after it hold the same rows.
 */
async function handOverASale(client: HttpClient, databaseUrl: string) {
  const seller = await registerAccount(client, 'seller');
  const buyer = await registerAccount(client, 'buyer');
  const product = await client.expect<{ _id: string }>(201, 'POST', '/api/product', {
    token: seller.token,
    body: productBody(await firstCategoryId(client)),
  });
  const booking = await client.expect<{ _id: string }>(201, 'POST', '/api/booking', {
    token: buyer.token,
    body: { productId: product._id, buyerPhone: '5125550199', buyerMeetingLocation: 'Library' },
  });
  await client.expect(201, 'POST', `/api/bookings/${booking._id}/messages`, {
    token: buyer.token,
    body: { text: 'Is the battery original?' },
  });
  const paymentId = await payWithTestCard(client, buyer, booking._id);
  await client.expect(200, 'POST', '/api/orders', {
    token: buyer.token,
    body: { bookingId: booking._id, paymentId },
  });
  const { releaseAt } = await client.expect<{ releaseAt: string }>(
    200,
    'POST',
    `/api/bookings/${booking._id}/complete`,
    { token: buyer.token },
  );
  await untilNoJobIsDue(databaseUrl);
  return {
    buyer,
    release: {
      name: 'release',
      data: { bookingId: booking._id },
      state: 'created',
      startAfter: Date.parse(releaseAt),
    },
  };
}

/** A listing of the restored app and its image, as a visitor gets them, byte for byte. */
function servesListingWithImage(images: Record<string, string>) {
  return async (client: HttpClient, baseUrl: string): Promise<void> => {
    const [listing] = await client.expect<{ imgUrl: string }[]>(
      200,
      'GET',
      '/api/advertise/products?limit=1',
    );
    const image = await fetch(`${baseUrl}${listing?.imgUrl}`);
    expect(image.status).toBe(200);
    const hash = createHash('sha256')
      .update(Buffer.from(await image.arrayBuffer()))
      .digest('hex');
    expect(hash).toBe(images[path.basename(listing?.imgUrl ?? '')]);
  };
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'reloop-backup-test-'));
  // As root the embedded server runs as the postgres user, who must reach DATA_DIR.
  await chmod(scratch, 0o711);
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('backup and restore on the embedded database', () => {
  it('brings back every row and image into an emptied DATA_DIR, and refuses one in use', async () => {
    const dataDir = path.join(scratch, 'embedded');
    const archive = path.join(scratch, 'embedded.tgz');
    const env = { DATA_DIR: dataDir };
    const { sale, backedUp } = await withReloop(env, async (client) => {
      const url = await runningEmbeddedPostgresUrl(dataDir);
      if (!url) throw new Error('the running Reloop has no embedded server');
      const sold = await handOverASale(client, url);
      return { sale: sold, backedUp: run('backup', archive, env) };
    });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(/^Backed up \d+ tables \([\d,]+ rows\) and \d+ images[^;]*$/);
    const state = await embeddedState(dataDir);
    expect(state.jobs).toContainEqual(sale.release);
    expect(sale.release.startAfter).toBeGreaterThan(Date.now());
    const images = await imageDigests(dataDir);
    expect(Object.keys(images).length).toBeGreaterThan(0);

    await rm(dataDir, { recursive: true });
    const restored = run('restore', archive, env);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored [^;]*$/);
    expect(await embeddedState(dataDir)).toEqual(state);
    expect(await imageDigests(dataDir)).toEqual(images);
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);

    const entries = await readdir(dataDir);
    const refused = run('restore', archive, env);
    expect(refused).toEqual({
      status: 1,
      stdout: '',
      stderr: `DATA_DIR ${dataDir} is not empty: restore into a new, empty DATA_DIR`,
    });
    expect(await readdir(dataDir)).toEqual(entries);
    expect(await embeddedState(dataDir)).toEqual(state);

    await withReloop(env, async (client, baseUrl) => {
      await servesListingWithImage(images)(client, baseUrl);
      // The buyer's token from before the backup still signs them in.
      await client.expect(200, 'GET', `/api/booking/${sale.release.data.bookingId}`, {
        token: sale.buyer.token,
      });
    });
  }, 180_000);
});

describe('backup and restore on a DATABASE_URL server', () => {
  it('brings back every row and image into an empty database, and refuses one in use', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL names the PostgreSQL server to test on');
    const original = await createPostgresDatabase(serverUrl);
    const emptied = await createPostgresDatabase(serverUrl);
    try {
      const dataDir = path.join(scratch, 'server');
      const archive = path.join(scratch, 'server.tgz');
      const env = { ...original.serverEnv, DATA_DIR: dataDir };
      const { sale, backedUp } = await withReloop(env, async (client) => ({
        sale: await handOverASale(client, original.url),
        backedUp: run('backup', archive, env),
      }));
      expect(backedUp.stderr).toBe('');
      expect(backedUp.stdout).toMatch(
        /; sign-ins and unsubscribe links hold only where the same JWT_SECRET is set$/,
      );
      const state = await databaseState(original.url);
      expect(state.jobs).toContainEqual(sale.release);
      const images = await imageDigests(dataDir);

      await rm(path.join(dataDir, 'images'), { recursive: true });
      const target = { ...emptied.serverEnv, DATA_DIR: dataDir };
      const restored = run('restore', archive, target);
      expect(restored.stderr).toBe('');
      expect(await databaseState(emptied.url)).toEqual(state);
      expect(await imageDigests(dataDir)).toEqual(images);

      const unused = path.join(scratch, 'unused');
      const refused = run('restore', archive, { ...env, DATA_DIR: unused });
      expect(refused).toEqual({
        status: 1,
        stdout: '',
        stderr: 'the database DATABASE_URL names is not empty: restore into a new, empty database',
      });
      expect(await databaseState(original.url)).toEqual(state);
      await expect(readdir(unused)).rejects.toThrow(/ENOENT/);

      await withReloop(target, servesListingWithImage(images));
    } finally {
      await original.drop();
      await emptied.drop();
    }
  }, 180_000);
});
