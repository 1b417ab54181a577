import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real process as `npm start` runs it: real HTTP, embedded database on disk, clean exit
 * on SIGINT/SIGTERM, and data that survives a restart. It is about the process, not the
 * database engine, so the PostgreSQL project leaves this file out (vitest.config.ts).
 */
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilListening(started: Started, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes('Reloop is running on')) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
    port = await freePort();
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

  it('refuses to start on bad configuration with one clear line', async () => {
    const started = startServer({ ...env, PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(/^Invalid configuration: PORT .*$/);
  });
});
