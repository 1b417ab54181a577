import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort } from '../../src/free-port.ts';

/**
 * The real server process, from its sources (`npm start` runs the same code bundled, and the
 * browser journeys go through it), for tests that talk HTTP.
 */
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
/**
 * Where it runs: tsx compiles each file with the tsconfig.json of its working directory when that
 * includes the file, and only the app's sets the JSX runtime the email layout needs. Started from
 * the repository's root (the benches), it compiled JSX to `React.createElement`, and every email
 * failed with "React is not defined".
 */
const appRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: appRoot,
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

export interface Instance {
  port: number;
  url: string;
  process: ServerProcess;
}

/**
 * One instance of several, listening on a free loopback port with a DATA_DIR of its own inside
 * `dataDir`; everything else (database, Redis, bucket) comes from `env`, shared with the others.
 */
export async function startInstance(
  env: Record<string, string>,
  dataDir: string,
): Promise<Instance> {
  const port = await freeLoopbackPort();
  const started = startServer({
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, `instance-${port}`),
  });
  await waitUntilListening(started, 60_000);
  return { port, url: `http://127.0.0.1:${port}`, process: started };
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
