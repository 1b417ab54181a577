import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freeLoopbackPort } from '../src/free-port.ts';
import { withClient } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { firstCategoryId, HttpClient, registerAccount } from './helpers/http-client.ts';
import { productBody } from './helpers/marketplace.ts';
import { TEST_JWT_SECRET } from './helpers/test-app.ts';
import {
  isAlive,
  postmasterPid,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from './helpers/server-process.ts';

/**
 * Stopping the real process. A deploy under traffic: SIGTERM while keep-alive connections are
 * busy; every request the server received is answered in full, the process exits 0 within a
 * few seconds, and its database is closed. Connections refused once the listener closed are
 * expected: those requests were never sent. And the limits: a request that never completes is
 * cut after a while, and a second signal ends the process at once.
 */
const CONNECTIONS = 20;

interface Call {
  method: string;
  path: string;
  status: number;
  /** What it may answer instead once the signal was sent (readiness turns 503). */
  statusWhileClosing?: number;
  body?: unknown;
}

interface LoadReport {
  answered: number;
  answeredAfterSignal: number;
  inFlightAtSignal: number;
  refused: number;
  /** Requests sent that got no complete response: reset, hung up, cut short. */
  lost: string[];
  /** Complete responses other than the call's success status (e.g. 503 or 500). */
  failed: string[];
  exitCode: number | null;
  secondsToExit: number;
}

/**
 * Busy keep-alive connections, then SIGTERM; how every request ended and how the process did.
 * Like browsers, some connections have nothing more to ask after the signal (half of the busy
 * ones, once answered, and two that were already at rest), and one is a slow upload whose body
 * is still arriving: the sockets stay open unless the server closes them.
 */
async function terminateUnderLoad(server: ServerProcess, port: number): Promise<LoadReport> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const busy = new HttpClient(baseUrl, CONNECTIONS);
  const atRest = new HttpClient(baseUrl, 2);
  const uploading = new HttpClient(baseUrl, 1);
  const seller = await registerAccount(busy, 'seller');
  const categoryId = await firstCategoryId(busy);
  const newProduct: Call = {
    method: 'POST',
    path: '/api/product',
    status: 201,
    body: productBody(categoryId),
  };
  const calls: Call[] = [
    { method: 'GET', path: '/api/health', status: 200, statusWhileClosing: 503 },
    { method: 'GET', path: `/api/products/${categoryId}?limit=24`, status: 200 },
    {
      method: 'GET',
      path: `/api/seller/products?email=${encodeURIComponent(seller.email)}&limit=24`,
      status: 200,
    },
    newProduct,
  ];
  await Promise.all([atRest.call('GET', '/api/health'), atRest.call('GET', '/api/health')]);

  const report: LoadReport = {
    answered: 0,
    answeredAfterSignal: 0,
    inFlightAtSignal: 0,
    refused: 0,
    lost: [],
    failed: [],
    exitCode: null,
    secondsToExit: 0,
  };
  let inFlight = 0;
  let signalled = false;
  /** Sends one call and records how it ended; false once the connection is gone. */
  const send = async (client: HttpClient, call: Call, bodyHeldUntil?: Promise<unknown>) => {
    inFlight += 1;
    try {
      const response = await client.call(call.method, call.path, {
        token: seller.token,
        body: call.body,
        bodyHeldUntil,
      });
      report.answered += 1;
      if (signalled) report.answeredAfterSignal += 1;
      const closingAnswer = signalled && response.status === call.statusWhileClosing;
      if (response.status !== call.status && !closingAnswer) {
        report.failed.push(
          `${call.method} ${call.path} → ${response.status} ${JSON.stringify(response.body)}`,
        );
      }
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED') report.refused += 1;
      else report.lost.push(`${call.method} ${call.path}: ${code ?? String(error)}`);
      return false;
    } finally {
      inFlight -= 1;
    }
  };
  let signal = () => {};
  const signalSent = new Promise<void>((resolve) => (signal = resolve));
  const upload = send(
    uploading,
    newProduct,
    signalSent.then(() => sleep(300)),
  );
  // A connection sends its call again as soon as it is answered, until the server refuses to
  // connect (its listener is closed), a request is lost, or it goes quiet after the signal.
  const connection = async (call: Call, goesQuiet: boolean) => {
    while (!(goesQuiet && signalled) && (await send(busy, call)));
  };
  const plan = Array.from({ length: CONNECTIONS / calls.length }, () => calls).flat();
  const load = Promise.all(plan.map((call, i) => connection(call, i % 2 === 1)));

  while (report.answered < 200 && report.lost.length === 0) await sleep(20);
  report.inFlightAtSignal = inFlight;
  signalled = true;
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  signal();
  report.exitCode = await server.exited;
  report.secondsToExit = (Date.now() - signalledAt) / 1000;
  await Promise.all([load, upload]);
  for (const client of [busy, atRest, uploading]) client.close();
  return report;
}

function expectAllAnswered(report: LoadReport): void {
  expect(report.inFlightAtSignal).toBeGreaterThan(0);
  expect(report.lost).toEqual([]);
  expect(report.failed).toEqual([]);
  expect(report.answeredAfterSignal).toBeGreaterThan(0);
  expect(report.exitCode).toBe(0);
  expect(report.secondsToExit).toBeLessThan(8);
}

describe('stopping the server process', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  let postgres: number | undefined;

  afterEach(async () => {
    // A failed run must not leave its processes behind for the next one.
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    if (postgres !== undefined && isAlive(postgres)) process.kill(postgres, 'SIGKILL');
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    server = database = postgres = undefined;
  });

  const start = async (env: Record<string, string>) => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-shutdown-'));
    const port = await freeLoopbackPort();
    server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ...env,
    });
    await waitUntilListening(server);
    return { server, port };
  };

  it('answers every request, stops the embedded database and exits 0', async () => {
    const { server, port } = await start({});
    postgres = await postmasterPid(dataDir);
    const report = await terminateUnderLoad(server, port);
    console.info('embedded database:', summary(report));
    expectAllAnswered(report);
    expect(isAlive(postgres)).toBe(false);
  }, 60_000);

  it('answers every request, disconnects from DATABASE_URL and exits 0', async () => {
    database = await createTestDatabase();
    const { server, port } = await start({
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const report = await terminateUnderLoad(server, port);
    console.info('DATABASE_URL:', summary(report));
    expectAllAnswered(report);
    const name = database.name;
    const connections = () =>
      withClient(inject('postgresServerUrl'), async (client) => {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        return rows[0]?.n;
      });
    await expect.poll(connections, { timeout: 5_000 }).toBe(0);
  }, 60_000);

  /** An upload whose body never arrives, on a connection the server has already served. */
  const stallAnUpload = async (port: number) => {
    const client = new HttpClient(`http://127.0.0.1:${port}`, 1);
    const seller = await registerAccount(client, 'seller');
    const stalled = client.call('POST', '/api/product', {
      token: seller.token,
      body: { name: 'never finished' },
      bodyHeldUntil: new Promise(() => {}),
    });
    await sleep(200);
    return { client, stalled };
  };

  it('cuts a request that never completes, then still closes the database and exits 0', async () => {
    const { server, port } = await start({});
    postgres = await postmasterPid(dataDir);
    const { client, stalled } = await stallAnUpload(port);
    server.child.kill('SIGTERM');
    await expect(stalled).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('connections still busy');
    expect(isAlive(postgres)).toBe(false);
    client.close();
  }, 60_000);

  it('exits 1 at once on a second signal', async () => {
    const { server, port } = await start({});
    postgres = await postmasterPid(dataDir);
    const { client, stalled } = await stallAnUpload(port);
    server.child.kill('SIGTERM');
    await sleep(200);
    server.child.kill('SIGINT');
    await expect(stalled).rejects.toThrow();
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('second signal while shutting down');
    client.close();
  }, 60_000);
});

function summary(report: LoadReport): string {
  return (
    `${report.answered} answered (${report.answeredAfterSignal} after SIGTERM, ` +
    `${report.inFlightAtSignal} in flight at it), ${report.refused} refused, ` +
    `${report.lost.length} lost, ${report.failed.length} failed, exit ${report.exitCode} ` +
    `after ${report.secondsToExit.toFixed(1)} s`
  );
}
