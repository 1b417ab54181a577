import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../src/free-port.ts';
import {
  isAlive,
  postmasterPid,
  startServer,
  waitUntilListening,
} from './helpers/server-process.ts';

/**
 * The real process as `npm start` runs it: real HTTP, its embedded PostgreSQL on disk, clean
 * exit on SIGINT/SIGTERM, data that survives a restart, and a start after `kill -9` that takes
 * over the server the killed process left running.
 */
const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-server-'));
    port = await freeLoopbackPort();
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('serves health over HTTP, exits 0 on SIGINT and keeps data across a restart', async () => {
    const first = startServer(env);
    await waitUntilListening(first);
    expect(first.output()).toContain('buyer@reloop.dev');
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const account = { email: 'kept@example.com', password: 'secret1' };
    expect((await postJson(`${base}/api/auth/signup`, account)).status).toBe(201);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = startServer(env);
    await waitUntilListening(second);
    expect((await postJson(`${base}/api/auth/signin`, account)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);

  it('takes over the database server a killed process left running, with the data intact', async () => {
    const first = startServer(env);
    await waitUntilListening(first);
    const base = `http://127.0.0.1:${port}`;
    const account = { email: 'survivor@example.com', password: 'secret1' };
    expect((await postJson(`${base}/api/auth/signup`, account)).status).toBe(201);
    const leftover = await postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isAlive(leftover)).toBe(true);

    const second = startServer(env);
    await waitUntilListening(second);
    expect(isAlive(leftover)).toBe(false);
    expect((await postJson(`${base}/api/auth/signin`, account)).status).toBe(200);
    const current = await postmasterPid(dataDir);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(isAlive(current)).toBe(false);
  }, 60_000);

  it('stops its database server when interrupted while still starting', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'reloop-interrupted-'));
    const started = startServer({ ...env, DATA_DIR: fresh });
    const lockFile = path.join(fresh, 'pg', 'postmaster.pid');
    while (!existsSync(lockFile)) {
      if (started.child.exitCode !== null) throw new Error(`exited: ${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const server = await postmasterPid(fresh);
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(started.output()).not.toContain('Reloop is running');
    expect(isAlive(server)).toBe(false);
    await rm(fresh, { recursive: true, force: true });
  }, 60_000);

  it('will not start over the database of the earlier embedded engine', async () => {
    const earlier = await mkdtemp(path.join(tmpdir(), 'reloop-earlier-'));
    await mkdir(path.join(earlier, 'pgdata'));
    const started = startServer({ ...env, DATA_DIR: earlier });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(
      /^Reloop could not start: .*pgdata holds a database of an earlier Reloop \(PGlite\).*$/,
    );
    expect(existsSync(path.join(earlier, 'pg'))).toBe(false);
    await rm(earlier, { recursive: true, force: true });
  });

  // PostgreSQL will not run as root, so as root the server runs as the `postgres` user, which
  // must be able to pass through every folder above DATA_DIR.
  it.runIf(process.getuid?.() === 0)(
    'as root, refuses with one clear line a DATA_DIR the postgres user cannot reach',
    async () => {
      const closed = await mkdtemp(path.join(tmpdir(), 'reloop-closed-')); // mode 700
      const dataDir = path.join(closed, 'data');
      const started = startServer({ ...env, DATA_DIR: dataDir });
      expect(await started.exited).toBe(1);
      expect(started.output().trim()).toBe(
        `Reloop could not start: DATA_DIR ${dataDir} is not reachable by the postgres user ` +
          `that the embedded PostgreSQL runs as (as root), since ${closed} is closed to it: ` +
          `choose a DATA_DIR whose parent folders others may enter (chmod o+x ${closed}) ` +
          `or set DATABASE_URL`,
      );
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'pg.init'))).toBe(false);
      await rm(closed, { recursive: true, force: true });
    },
  );

  it('refuses to start on bad configuration with one clear line', async () => {
    const started = startServer({ ...env, PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(/^Invalid configuration: PORT .*$/);
  });
});
