import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real process as `npm start` runs it (without the web build), for tests that talk HTTP. */
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
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

export async function waitUntilListening(
  started: ServerProcess,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes('Reloop is running on')) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The embedded server's process, from the lock file PostgreSQL keeps in its cluster. */
export async function postmasterPid(dataDir: string): Promise<number> {
  const lockFile = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  return Number(lockFile.split('\n')[0]);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
