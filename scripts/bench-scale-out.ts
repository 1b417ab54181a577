// `npm run bench:scale-out`: how much more a second Reloop instance serves. One scratch
// PostgreSQL database at DESIGN §9's volume (1M products, 20k sellers, 100k buyers, 300k
// bookings), two instances of the real server sharing it and one Redis (docs/scaling.md), and
// haproxy, round robin with health checks, once in front of instance A alone and once in front of
// A and B: both configurations go through the same balancer. A read-heavy mix of public,
// unthrottled GET calls (listings, category pages, a search, the advertised list, the
// categories) is measured on each in interleaved rounds; printed are the median req/s with its
// min–max over rounds, latency, failures, and the ratio 2 instances / 1 instance.
// Exits 2 when BENCH_POSTGRES_URL is not set or haproxy is missing, 1 when requests fail. Takes
// about 5 minutes with the defaults on the 2-core machine, 3 to 4 of them loading the volume; on
// it the load generator, haproxy, both instances and PostgreSQL share two cores, so the ratio
// says more about the machine than about Reloop there.
//
// BENCH_POSTGRES_URL (required, e.g. postgres://postgres@127.0.0.1:5432/test), BENCH_SECONDS
// (default 10) per configuration and round, BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default
// 20), BENCH_WARMUP_SECONDS (default 3) per configuration before the rounds, BENCH_REDIS_URL
// (default redis://127.0.0.1:6379; the instances' keys go under a fresh prefix, removed at the
// end), HAPROXY_PATH (default /usr/sbin/haproxy).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import type autocannon from 'autocannon';
import type { Category } from '@reloop/shared';
import { HAPROXY_PATH, haproxyInstalled, startHaproxy } from '../apps/api/test/helpers/haproxy.ts';
import { removeKeysUnder } from '../apps/api/test/helpers/redis.ts';
import { startInstance, type Instance } from '../apps/api/test/helpers/server-process.ts';
import { createPostgresDatabase } from '../e2e/src/postgres.ts';
import { machineCpu, processCpuSeconds } from './bench/machine.ts';
import {
  failures,
  formatRows,
  median,
  ms,
  roundsFromEnv,
  runRoundsOn,
  summarize,
  type Call,
  type Sample,
} from './bench/measure.ts';
import { SEARCHES } from './bench/searches.ts';
import {
  describeVolume,
  POSTGRES_VOLUME,
  scratchDir,
  withCleanup,
  type Cleanup,
} from './bench/setup.ts';
import { generateVolume, pick } from './bench/volume.ts';

const {
  seconds: SECONDS,
  rounds: ROUNDS,
  warmUpSeconds: WARM_UP_SECONDS,
} = roundsFromEnv({ seconds: 10, rounds: 3, warmUpSeconds: 3 });
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 20));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Listings the mix rotates over, so one cached row does not stand for a million. */
const LISTINGS = 1000;
const ONE = '1 instance';
const TWO = '2 instances';

const log = (line: string) => console.log(line);

/** What the mix's requests rotate over. */
interface Targets {
  productIds: string[];
  categoryIds: string[];
}

async function main(postgresUrl: string): Promise<boolean> {
  const startLoad = loadavg();
  log('=== scale-out: req/s of 1 → 2 Reloop instances behind haproxy, read-heavy mix ===');
  log(
    `method: one scratch PostgreSQL database (${describeVolume(POSTGRES_VOLUME)}), two ` +
      'instances started once, sharing it and Redis; haproxy (round robin, health checks) in ' +
      `front of [A] and in front of [A, B]; ${ROUNDS} interleaved rounds (1 instance, then 2) of ` +
      `${SECONDS} s at ${CONNECTIONS} connections, after a ${WARM_UP_SECONDS} s warm-up of ` +
      'each; figures are medians over rounds, with min–max',
  );
  log(`mix: ${MIX_DESCRIPTION}`);
  log(
    `machine: availableParallelism ${availableParallelism()}, node ${process.version}, ` +
      `${haproxyVersion()}, load average ${formatLoad(startLoad)} at start; the load ` +
      'generator (autocannon, one thread), haproxy, both instances and PostgreSQL share it',
  );
  return withCleanup((cleanup) => benchScaleOut(postgresUrl, cleanup));
}

async function benchScaleOut(postgresUrl: string, cleanup: Cleanup): Promise<boolean> {
  const database = await createPostgresDatabase(postgresUrl);
  cleanup.add(() => database.drop());
  const dataDir = await scratchDir(cleanup);
  const keyPrefix = `reloop-bench:${randomUUID()}:`;
  cleanup.add(() => removeKeysUnder(keyPrefix, REDIS_URL));
  const shared = {
    ...database.serverEnv,
    REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    TRUST_PROXY: '127.0.0.1',
    // The volume copies the demo listings (names, specs, photos), as in `npm run bench`, so
    // its searches find what buyers would; reads never touch their images.
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  // Started together on the empty database, as a deployment starts them: one migrates and seeds.
  const [a, b] = await Promise.all(['A', 'B'].map(() => startStoppedBy(cleanup, shared, dataDir)));
  if (!a || !b) throw new Error('an instance did not start');
  log(`instances up on ports ${a.port} (A) and ${b.port} (B); generating the volume in SQL…`);
  const counts = await generateVolume(database.url, POSTGRES_VOLUME, log);
  log(
    `  in the database: ${counts.products} products (${counts.sold} sold, ` +
      `${counts.advertised} advertised), ${counts.sellers} sellers, ${counts.buyers} buyers, ` +
      `${counts.bookings} bookings`,
  );
  const picks = await pick(database.url, LISTINGS);
  const categories = (await (await fetch(`${a.url}/api/productcategory`)).json()) as Category[];
  const targets: Targets = {
    productIds: picks.bookableProductIds,
    categoryIds: categories.map((category) => category._id),
  };
  await checkMix(a.url, targets);

  const one = await startHaproxy([a.port]);
  cleanup.add(() => one.stop());
  const two = await startHaproxy([a.port, b.port]);
  cleanup.add(() => two.stop());
  log(`haproxy in front of [A] at ${one.url}, in front of [A, B] at ${two.url}`);

  const calls = [mixCall(ONE, one.url, targets), mixCall(TWO, two.url, targets)];
  const measureLoad = loadavg();
  log(`measuring (load average ${formatLoad(measureLoad)} as it begins)`);
  const cpuBefore = {
    machine: machineCpu(),
    a: processCpuSeconds(a.process.child.pid),
    b: processCpuSeconds(b.process.child.pid),
  };
  const measureStarted = performance.now();
  const samples = await runRoundsOn(database.url, calls, {
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmUpSeconds: WARM_UP_SECONDS,
    log,
  });
  const wallSeconds = (performance.now() - measureStarted) / 1000;
  const machine = machineCpu();
  const used = (pid: number | undefined, before: number | undefined) => {
    const after = processCpuSeconds(pid);
    return after === undefined || before === undefined ? '?' : (after - before).toFixed(1);
  };
  if (machine && cpuBefore.machine) {
    const busy = machine.busy - cpuBefore.machine.busy;
    const total = busy + machine.idle - cpuBefore.machine.idle;
    log(
      `CPU while measuring (${wallSeconds.toFixed(0)} s with warm-ups and settling): machine ` +
        `${((100 * busy) / total).toFixed(0)}% busy; instance A used ${used(a.process.child.pid, cpuBefore.a)} s, ` +
        `B ${used(b.process.child.pid, cpuBefore.b)} s (B serves only in the 2-instance runs)`,
    );
  }
  return report(calls, samples);
}

/** One instance of the real server, stopped by `cleanup`. */
async function startStoppedBy(
  cleanup: Cleanup,
  shared: Record<string, string>,
  dataDir: string,
): Promise<Instance> {
  const instance = await startInstance(shared, dataDir);
  cleanup.add(async () => {
    instance.process.child.kill('SIGTERM');
    await instance.process.exited;
  });
  return instance;
}

type Kind = 'listing' | 'category page' | 'search' | 'advertised' | 'categories';

/**
 * Each connection goes round this cycle, as browsing buyers would. Listings, category pages and
 * searches each move on to their next target on every request, whichever connection sends it.
 */
const MIX: Kind[] = [
  'categories',
  'category page',
  'listing',
  'search',
  'listing',
  'advertised',
  'category page',
  'listing',
];

const MIX_DESCRIPTION = (() => {
  const count = (kind: Kind) => MIX.filter((entry) => entry === kind).length;
  return (
    `a cycle of ${MIX.length} GETs per connection: ${count('listing')} listings ` +
    `(/api/product/:id over ${LISTINGS} unsold products), ${count('category page')} category ` +
    `first pages (/api/products/:categoryId over every category), ${count('search')} search ` +
    `(/api/search over the ${SEARCHES.length} searches of npm run bench), ` +
    `${count('advertised')} advertised first page (/api/advertise/products), ` +
    `${count('categories')} categories (/api/productcategory); none is rate limited`
  );
})();

/** Each kind's path: fixed, or the next of its targets on every call. */
function mixPaths(targets: Targets): Record<Kind, string | (() => string)> {
  return {
    listing: rotation(targets.productIds.map((id) => `/api/product/${id}`)),
    'category page': rotation(targets.categoryIds.map((id) => `/api/products/${id}`)),
    search: rotation(SEARCHES.map((search) => search.path)),
    advertised: '/api/advertise/products',
    categories: '/api/productcategory',
  };
}

function mixCall(name: string, url: string, targets: Targets): Call {
  const paths = mixPaths(targets);
  const requests = MIX.map((kind): autocannon.Request => {
    const target = paths[kind];
    return typeof target === 'string'
      ? { method: 'GET', path: target }
      : { method: 'GET', setupRequest: (request) => ({ ...request, path: target() }) };
  });
  return { name, options: { url, requests } };
}

/** Every kind of the mix answers 200 before anything is measured. */
async function checkMix(baseUrl: string, targets: Targets): Promise<void> {
  const paths = mixPaths(targets);
  for (const kind of new Set(MIX)) {
    const target = paths[kind];
    const requestPath = typeof target === 'string' ? target : target();
    const response = await fetch(`${baseUrl}${requestPath}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${kind}: GET ${requestPath} answered ${response.status}`);
  }
}

/** The next of `paths` on every call, round and round. */
function rotation(paths: string[]): () => string {
  let next = 0;
  return () => paths[next++ % paths.length] ?? '/';
}

function report(calls: Call[], samples: Map<string, Sample[]>): boolean {
  const [oneSamples, twoSamples] = [ONE, TWO].map((name) => samples.get(name) ?? []);
  const header = ['configuration', 'req/s', 'req/s min–max', 'p50 ms', 'p99 ms', 'failed'];
  const summaries = calls.map((call) => summarize(call, samples.get(call.name) ?? []));
  const cells = summaries.map((summary) => {
    const rps = (samples.get(summary.name) ?? []).map((sample) => sample.rps);
    return [
      summary.name,
      String(Math.round(summary.rps)),
      `${Math.round(Math.min(...rps))}–${Math.round(Math.max(...rps))}`,
      ms(summary.p50),
      ms(summary.p99),
      failures(summary),
    ];
  });
  log(`\n${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, ${MIX.length}-GET mix`);
  log(formatRows(header, cells));

  const one = oneSamples ?? [];
  const two = twoSamples ?? [];
  const ratios = one.map((sample, round) => (two[round]?.rps ?? 0) / sample.rps);
  const ratio = median(two.map((s) => s.rps)) / median(one.map((s) => s.rps));
  log(
    `\nratio 2 instances / 1 instance: ${ratio.toFixed(2)} (median req/s over median req/s; ` +
      `per-round ratios ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
  const failed = summaries.some((summary) => summary.verdict === 'FAILED');
  if (failed) {
    console.error('Requests failed (non-2xx, errors or timeouts): the figures do not count.');
  }
  return !failed;
}

function haproxyVersion(): string {
  const output = execFileSync(HAPROXY_PATH, ['-v'], { encoding: 'utf8' });
  return /HAProxy version (\S+)/.exec(output)?.[0] ?? 'HAProxy (version unknown)';
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(' ');
}

const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (!postgresUrl) {
  console.error(
    'BENCH_POSTGRES_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test): nothing to measure',
  );
  process.exit(2);
}
if (!haproxyInstalled) {
  console.error(`no haproxy at ${HAPROXY_PATH} (apt-get install haproxy, or set HAPROXY_PATH)`);
  process.exit(2);
}
const runStarted = performance.now();
const passed = await main(postgresUrl);
log(`\nwhole run: ${((performance.now() - runStarted) / 60_000).toFixed(1)} min`);
if (!passed) process.exit(1);
