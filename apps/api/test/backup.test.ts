import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { freeLoopbackPort } from '../src/free-port.ts';
import { createPostgresDatabase } from '../../../e2e/src/postgres.ts';
import { firstCategoryId, HttpClient, registerAccount } from './helpers/http-client.ts';
import { productBody } from './helpers/marketplace.ts';
import { startServer, waitUntilListening } from './helpers/server-process.ts';

/**
 * `npm run backup`, wipe, `npm run restore`: every row of every table and every image file
 * comes back as it was, on the embedded database and on a DATABASE_URL server, and the
 * restored Reloop serves a listing and its image. A target that is not empty is refused with
 * one line, untouched.
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

async function embeddedDigests(dataDir: string): Promise<Record<string, string>> {
  const server = await startEmbeddedPostgres(dataDir);
  try {
    return await tableDigests(server.url);
  } finally {
    await server.stop();
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

async function bookAndMessage(client: HttpClient): Promise<void> {
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
    const backedUp = await withReloop(env, async (client) => {
      await bookAndMessage(client);
      return run('backup', archive, env);
    });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toMatch(/^Backed up \d+ tables \([\d,]+ rows\) and \d+ images/);
    const tables = await embeddedDigests(dataDir);
    const images = await imageDigests(dataDir);
    expect(Object.keys(images).length).toBeGreaterThan(0);

    await rm(dataDir, { recursive: true });
    const restored = run('restore', archive, env);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored /);
    expect(await embeddedDigests(dataDir)).toEqual(tables);
    expect(await imageDigests(dataDir)).toEqual(images);

    const entries = await readdir(dataDir);
    const refused = run('restore', archive, env);
    expect(refused).toEqual({
      status: 1,
      stdout: '',
      stderr: `DATA_DIR ${dataDir} is not empty: restore into a new, empty DATA_DIR`,
    });
    expect(await readdir(dataDir)).toEqual(entries);
    expect(await embeddedDigests(dataDir)).toEqual(tables);

    await withReloop(env, servesListingWithImage(images));
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
      const backedUp = await withReloop(env, async (client) => {
        await bookAndMessage(client);
        return run('backup', archive, env);
      });
      expect(backedUp.stderr).toBe('');
      const tables = await tableDigests(original.url);
      const images = await imageDigests(dataDir);

      await rm(path.join(dataDir, 'images'), { recursive: true });
      const target = { ...emptied.serverEnv, DATA_DIR: dataDir };
      const restored = run('restore', archive, target);
      expect(restored.stderr).toBe('');
      expect(await tableDigests(emptied.url)).toEqual(tables);
      expect(await imageDigests(dataDir)).toEqual(images);

      const unused = path.join(scratch, 'unused');
      const refused = run('restore', archive, { ...env, DATA_DIR: unused });
      expect(refused).toEqual({
        status: 1,
        stdout: '',
        stderr: 'the database DATABASE_URL names is not empty: restore into a new, empty database',
      });
      expect(await tableDigests(original.url)).toEqual(tables);
      await expect(readdir(unused)).rejects.toThrow(/ENOENT/);

      await withReloop(target, servesListingWithImage(images));
    } finally {
      await original.drop();
      await emptied.drop();
    }
  }, 180_000);
});
