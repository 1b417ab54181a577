import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  /** Where the app answers, e.g. http://localhost:41234 */
  url: string;
  /** The server's process (it serves in the process `npm start` runs). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts Reloop the way `npm start` does (same script: builds the web app when stale, then the
 * server), on a free port, and resolves once it is listening. Without a DATA_DIR in `env` it
 * gets a fresh one, removed again by `stop()`; a DATA_DIR given is the caller's to keep.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'reloop-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Reloop is running on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nothing listens on right now, for a server that must know its address up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
