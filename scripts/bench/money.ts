// The money part of the bench (DESIGN §15): handed-over bookings whose complaint window passed
// while no instance ran are released and paid out once two instances start side by side, each
// exactly once; then the ledger's reconciliation over every booking is timed and explained.
// The bookings are generated in SQL as the handover leaves them (completed, money held, the
// payment and its ledger entries, the sellers' payout accounts enabled) and their release jobs
// queued through pg-boss's own insert, as the handover queues one each.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PgBoss, type JobInsert } from 'pg-boss';
import { SESSION_SETTINGS, type Database } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import type { JobData } from '../../apps/api/src/jobs/queue.ts';
import { reconcile } from '../../apps/api/src/money/ledger.ts';
import { startInstance, type Instance } from '../../apps/api/test/helpers/server-process.ts';
import { withClient } from './database.ts';
import { recordQueries } from './explain.ts';
import { describeLoad, machineCpu, processCpuSeconds, watchMachine } from './machine.ts';
import { formatRows, median } from './measure.ts';
import { scratchDir, type Cleanup } from './setup.ts';
import { loggedStep, PAYMENT_RECORDS_SQL, type Volume } from './volume.ts';

/** Handed-over bookings to release: BENCH_MONEY_BOOKINGS, or 100,000 at the bench's volume. */
export const MONEY_BOOKINGS = Math.max(1, Number(process.env.BENCH_MONEY_BOOKINGS ?? 100_000));
const FULL_MONEY_BOOKINGS = 100_000;
const INSTANCES = ['A', 'B'];
/** DESIGN §15's reconciliation, over the whole ledger. */
const RECONCILE_BUDGET_MS = 1000;
const RECONCILE_ROUNDS = 5;
/** The app's default COMPLAINT_WINDOW_HOURS: a booking was handed over this long before releaseAt. */
const COMPLAINT_WINDOW = '48 hours';
/** Payment ids of the money part's bookings start with it (the volume's with `pi_bench_`). */
const PAYMENT_PREFIX = 'pi_release_';
/** Release jobs a pg-boss insert writes at once. */
const JOB_BATCH = 10_000;
const POLL_MS = 500;
const PROGRESS_EVERY_MS = 15_000;
/** Nothing released or paid out for this long: the run is stuck, not slow. */
const STALLED_MS = 120_000;

const n = (value: number) => value.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The bench's volume for `bookings` handed-over bookings run alone (BENCH_MONEY_ONLY): the whole
 * of it at 100,000, in proportion below, so a quick run loads a small database.
 */
export function moneyVolume(volume: Volume, bookings: number): Volume {
  const share = Math.min(1, bookings / FULL_MONEY_BOOKINGS);
  const scale = (value: number) => Math.max(10, Math.round(value * share));
  return {
    products: Math.max(scale(volume.products), bookings * 2),
    sellers: scale(volume.sellers),
    buyers: scale(volume.buyers),
    bookings: scale(volume.bookings),
    reviews: scale(volume.reviews),
  };
}

/**
 * Bookings as a handover leaves them, `releaseAt` up to a week past: unsold products nobody
 * booked, sold to a random buyer, paid, handed over (completed_at = releaseAt − the complaint
 * window), money held. Their payments, test intents and ledger entries follow as the volume's
 * paid bookings have theirs.
 */
const HANDED_OVER_SQL = `
  with picked as (
    select p.id from products p
    where p.status = 'unsold' and p.deleted_at is null
      and not exists (select 1 from bookings b where b.product_id = p.id)
    limit $1::int
  ),
  sold as (
    update products p set status = 'sold', advertised = false
    from picked where p.id = picked.id
    returning p.id, p.seller_id, p.name, p.image, p.resale_price_cents, p.location
  ),
  buyers as (select array_agg(id) as ids from users where role = 'buyer' and deleted_at is null),
  timed as (
    select s.*, now() - interval '1 minute' - random() * interval '7 days' as release_at,
           random() as r_paid, random() as r_booked
    from sold s
    offset 0 -- keeps each random() evaluated once per row
  )
  insert into bookings (product_id, buyer_id, seller_id, product_name, product_image, price_cents,
                        phone, meeting_location, status, payment_id, paid_at, completed_at, funds,
                        release_at, created_at)
  select t.id, b.ids[1 + floor(random() * array_length(b.ids, 1))::int], t.seller_id, t.name,
         t.image, t.resale_price_cents,
         '555' || lpad((abs(hashtext(t.id::text)) % 10000000)::text, 7, '0'), t.location,
         'completed', '${PAYMENT_PREFIX}' || replace(t.id::text, '-', ''),
         t.release_at - $2::interval - t.r_paid * interval '3 days',
         t.release_at - $2::interval, 'held', t.release_at,
         t.release_at - $2::interval - (t.r_paid + t.r_booked) * interval '3 days'
  from timed t cross join buyers b`;

/** Each seller of those bookings set up payouts with the test provider: enabled at once. */
const PAYOUT_ACCOUNTS_SQL = `
  insert into payout_accounts (user_id, provider, account_id, status, enabled_at)
  select distinct b.seller_id, 'test', 'acct_test_' || replace(b.seller_id::text, '-', ''),
         'enabled', now()
  from bookings b
  where b.payment_id like $1::text || '%'
  on conflict do nothing`;

export interface MoneyRun {
  /** The database, migrated and loaded, with no instance running on it. */
  sqlUrl: string;
  /** What else the instances are started with (JWT_SECRET, SMTP_URL). */
  env: Record<string, string>;
  bookings: number;
  cleanup: Cleanup;
  log: (line: string) => void;
}

/** Runs the money part; false when anything was not exactly once or a budget was missed. */
export async function benchMoney(run: MoneyRun): Promise<boolean> {
  const { log } = run;
  log(
    `\nmoney (DESIGN §15): ${n(run.bookings)} handed-over bookings past their releaseAt, ` +
      `released and paid out by ${INSTANCES.length} instances side by side`,
  );
  const queuedSince = await handOver(run);
  const drained = await releaseWithInstances(run);
  const checked = await checkExactlyOnce(run);
  await reportJobs(run, queuedSince);
  const reconciled = await timeReconcile(run);
  return drained && checked && reconciled;
}

/** Generates the handed-over bookings and queues their release jobs; returns when (DB time). */
async function handOver(run: MoneyRun): Promise<Date> {
  const { log } = run;
  const ids = await withClient(run.sqlUrl, async (client) => {
    await client.query('set synchronous_commit = off');
    const step = loggedStep(client, log);
    await step('handed-over bookings', HANDED_OVER_SQL, [run.bookings, COMPLAINT_WINDOW]);
    for (const [label, sql] of PAYMENT_RECORDS_SQL) await step(label, sql, [PAYMENT_PREFIX]);
    await step('enabled payout accounts', PAYOUT_ACCOUNTS_SQL, [PAYMENT_PREFIX]);
    const started = performance.now();
    await client.query(
      'vacuum analyze bookings, products, payments, test_payment_intents, ledger_entries, payout_accounts',
    );
    log(`  vacuum analyze: ${seconds(performance.now() - started)}`);
    const { rows } = await client.query<{ id: string; release_at: Date }>(
      `select id, release_at from bookings where payment_id like $1::text || '%'`,
      [PAYMENT_PREFIX],
    );
    return rows;
  });
  if (ids.length < run.bookings) {
    throw new Error(`only ${ids.length} unsold products to hand over; ${run.bookings} asked for`);
  }
  const since = await withClient(run.sqlUrl, async (client) => {
    const { rows } = await client.query<{ now: Date }>('select now()');
    return rows[0]?.now ?? new Date(0);
  });
  // The handover queues each booking's release with these options (money/handover.ts).
  const boss = new PgBoss({
    connectionString: run.sqlUrl,
    max: 2,
    application_name: 'reloop-bench',
    migrate: false,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', (error) => log(`  job queue (bench side): ${String(error)}`));
  await boss.start();
  const started = performance.now();
  try {
    for (let from = 0; from < ids.length; from += JOB_BATCH) {
      const jobs = ids
        .slice(from, from + JOB_BATCH)
        .map(({ id, release_at }): JobInsert<JobData['release']> => ({
          data: { bookingId: id },
          startAfter: release_at,
          singletonKey: id,
        }));
      await boss.insert('release', jobs);
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  await withClient(run.sqlUrl, (client) => client.query('vacuum analyze pgboss.job'));
  // Like the volume: no checkpoint forced by this load should land in the measurement.
  await withClient(run.sqlUrl, (client) => client.query('checkpoint'));
  log(
    `  release jobs: ${n(ids.length)} queued through pg-boss's insert in ` +
      `${seconds(performance.now() - started)} (startAfter = releaseAt, singletonKey = booking)`,
  );
  return since;
}

/**
 * Starts the instances at once, as a deployment starts them after a pause, and waits until every
 * booking's payout is sent. Payouts rows are written by the release and marked sent by the
 * transfer, so they count both.
 */
async function releaseWithInstances(run: MoneyRun): Promise<boolean> {
  const { log } = run;
  const vacuums = await standInForAutovacuum(run.sqlUrl);
  if (vacuums) run.cleanup.add(() => vacuums.stop());
  const started = performance.now();
  const instances = await startInstances(run, INSTANCES.length);
  const upMs = performance.now() - started;
  // CPU from here on: the instances' start-up (compiling the sources) is not the releases'.
  const machine = watchMachine();
  const cpuBefore = machineCpu();
  const instanceCpu = () => instances.map((i) => processCpuSeconds(i.process.child.pid) ?? NaN);
  const instancesBefore = instanceCpu();
  log(`  instances up on ports ${instances.map((i) => i.port).join(' and ')} in ${seconds(upMs)}`);

  const progress = await withClient(run.sqlUrl, async (client) => {
    const backends = backendCpu(client);
    const counts = async () => {
      const { rows } = await client.query<{ released: number; sent: number }>(
        `select count(*)::int as released, count(*) filter (where status = 'sent')::int as sent
         from payouts`,
      );
      await backends.sample();
      return rows[0] ?? { released: 0, sent: 0 };
    };
    let last = await counts();
    let changedAt = performance.now();
    let loggedAt = performance.now();
    while (last.sent < run.bookings && performance.now() - changedAt < STALLED_MS) {
      const exited = instances.find((instance) => instance.process.child.exitCode !== null);
      if (exited) throw new Error(`instance ${exited.port} exited:\n${exited.process.output()}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const now = await counts();
      if (now.released !== last.released || now.sent !== last.sent) changedAt = performance.now();
      last = now;
      if (performance.now() - loggedAt >= PROGRESS_EVERY_MS) {
        loggedAt = performance.now();
        log(
          `  ${seconds(loggedAt - started)}: ${n(now.released)} released, ${n(now.sent)} paid out`,
        );
      }
    }
    return { ...last, allMs: performance.now() - started, backends: backends.byApplication() };
  });
  const instancesAfter = instanceCpu();
  const load = machine();
  const cpuAfter = machineCpu();
  await Promise.all(instances.map(stopInstance));
  const vacuumed = await vacuums?.stop();

  // The database's own clock: from the first release to the last release and the last transfer.
  const span = await withClient(run.sqlUrl, async (client) => {
    const { rows } = await client.query<{ start_s: number; released_s: number; paid_s: number }>(
      `select extract(epoch from min(created_at) - $1::timestamptz)::float as start_s,
              extract(epoch from max(created_at) - min(created_at))::float as released_s,
              extract(epoch from max(sent_at) - min(created_at))::float as paid_s
       from payouts`,
      [new Date(Date.now() - (performance.now() - started))],
    );
    return rows[0];
  });
  const done = progress.sent >= run.bookings;
  const perSecond = (count: number, s: number | undefined) =>
    s ? `${n(Math.round(count / s))}/s` : '–';
  log(
    `  ${done ? 'every booking' : `STALLED: ${n(progress.sent)} of ${n(run.bookings)}`} ` +
      `released in ${seconds((span?.released_s ?? NaN) * 1000)} and paid out in ` +
      `${seconds((span?.paid_s ?? NaN) * 1000)} from the first release ` +
      `(${perSecond(progress.released, span?.released_s)} releases, ` +
      `${perSecond(progress.sent, span?.paid_s)} payouts), which came ` +
      `${seconds((span?.start_s ?? NaN) * 1000)} after the instances were started; ` +
      `${seconds(progress.allMs)} in all`,
  );
  const busy =
    cpuBefore && cpuAfter
      ? (100 * (cpuAfter.busy - cpuBefore.busy)) /
        (cpuAfter.busy - cpuBefore.busy + cpuAfter.idle - cpuBefore.idle || 1)
      : undefined;
  // Per booking: each is one release, one payout and their two notices' emails.
  const perBooking = (cpuSeconds: number) =>
    `${cpuSeconds.toFixed(1)} s = ${((1000 * cpuSeconds) / run.bookings).toFixed(1)} ms a booking`;
  const instancesUsed = INSTANCES.map(
    (_, i) => (instancesAfter[i] ?? NaN) - (instancesBefore[i] ?? NaN),
  );
  const backendsUsed = [...progress.backends].map(
    ([application, cpu]) =>
      `${application ? `'${application}'` : "the app's pools"} ${perBooking(cpu)}`,
  );
  log(
    `  CPU once up: the instances ${perBooking(instancesUsed.reduce((sum, cpu) => sum + cpu, 0))} ` +
      `(${INSTANCES.map((name, i) => `${name} ${instancesUsed[i]?.toFixed(1)} s`).join(', ')}); ` +
      `the database's backends: ${backendsUsed.join(', ')}; machine ` +
      `${busy === undefined ? '?' : busy.toFixed(0)}% busy (with anything else on it)` +
      `${load ? `; ${describeLoad(load)}` : ''}`,
  );
  log(
    vacuumed
      ? `  autovacuum is off on this server: the bench stood in for it meanwhile ` +
          `(${vacuumed.vacuums} vacuums, ${vacuumed.analyzes} analyzes, ${seconds(vacuumed.ms)})`
      : '  autovacuum: on',
  );
  return done;
}

/**
 * CPU seconds the database's backends used from the first sample on, by the application that
 * opened them (the job queue's own connections are `reloop-jobs`), when PostgreSQL runs on this
 * machine: each sample reads every backend's from /proc, so one that ends between samples loses
 * at most what it used since the last.
 */
function backendCpu(client: pg.Client) {
  const first = new Map<number, number>();
  const latest = new Map<number, { cpu: number; application: string }>();
  let sampled = false;
  return {
    async sample() {
      const { rows } = await client.query<{ pid: number; application: string }>(
        `select pid, application_name as application from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      for (const { pid, application } of rows) {
        const cpu = processCpuSeconds(pid);
        if (cpu === undefined) continue;
        if (!sampled) first.set(pid, cpu);
        latest.set(pid, { cpu, application });
      }
      sampled = true;
    },
    /** Seconds by application name, '' for the app's pool. */
    byApplication(): Map<string, number> {
      const used = new Map<string, number>();
      for (const [pid, { cpu, application }] of latest) {
        used.set(application, (used.get(application) ?? 0) + cpu - (first.get(pid) ?? 0));
      }
      return used;
    },
  };
}

/**
 * What autovacuum would do on the database, for a server that runs without it (the test server's
 * `autovacuum = off`): every `autovacuum_naptime`, each table over autovacuum's thresholds is
 * vacuumed or analyzed, one at a time, throttled as autovacuum is. Without it the queue's table
 * keeps every claimed and completed job's dead row versions, and each fetch steps over them.
 */
async function standInForAutovacuum(sqlUrl: string) {
  const client = new pg.Client({ connectionString: sqlUrl, application_name: 'reloop-bench' });
  await client.connect();
  const setting = async (name: string) =>
    (await client.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0]
      ?.value ?? '';
  if ((await setting('autovacuum')) === 'on') {
    await client.end();
    return undefined;
  }
  const limit = Number(await setting('autovacuum_vacuum_cost_limit'));
  await client.query(`set vacuum_cost_delay = '${await setting('autovacuum_vacuum_cost_delay')}'`);
  if (limit > 0) await client.query(`set vacuum_cost_limit = ${limit}`);
  const naptimeMs = 1000 * Number.parseInt(await setting('autovacuum_naptime'), 10);
  let running = true;
  let wake: () => void = () => undefined;
  const done = { vacuums: 0, analyzes: 0, ms: 0 };
  // A failed statement (the database dropped after a failure elsewhere) ends the stand-in.
  const loop = (async () => {
    while (running) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, naptimeMs);
      });
      if (!running) break;
      const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(
        `select format('%I.%I', s.schemaname, s.relname) as name,
                s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
                  + current_setting('autovacuum_vacuum_scale_factor')::float8 * t.tuples
                or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
                  + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * t.tuples
                  as vacuum,
                s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
                  + current_setting('autovacuum_analyze_scale_factor')::float8 * t.tuples
                  as analyze
         from pg_stat_user_tables s
         cross join lateral (select greatest(c.reltuples, 0) as tuples
                             from pg_class c where c.oid = s.relid) t`,
      );
      for (const table of rows) {
        if (!running || !(table.vacuum || table.analyze)) continue;
        const started = performance.now();
        await client.query(
          table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`,
        );
        done.ms += performance.now() - started;
        if (table.vacuum) done.vacuums++;
        else done.analyzes++;
      }
    }
  })().catch((error: unknown) => console.error('autovacuum stand-in:', error));
  let stopped: Promise<typeof done> | undefined;
  return {
    stop() {
      running = false;
      wake();
      stopped ??= loop.then(() => client.end()).then(() => done);
      return stopped;
    },
  };
}

/** `count` instances of the server from its sources, started at once, stopped by the cleanup too. */
async function startInstances(run: MoneyRun, count: number): Promise<Instance[]> {
  const dataDir = await scratchDir(run.cleanup);
  const env = {
    DATABASE_URL: run.sqlUrl,
    LOG_LEVEL: 'warn',
    ...run.env,
  };
  return Promise.all(
    Array.from({ length: count }, async () => {
      const instance = await startInstance(env, dataDir);
      run.cleanup.add(() => stopInstance(instance));
      return instance;
    }),
  );
}

/** An instance migrates and seeds a new database, then stops: no instance runs on it after. */
export async function migrateAndSeed(run: MoneyRun): Promise<void> {
  const [instance] = await startInstances(run, 1);
  if (instance) await stopInstance(instance);
}

async function stopInstance(instance: Instance): Promise<void> {
  instance.process.child.kill('SIGTERM');
  await instance.process.exited;
}

/**
 * Every booking released once and paid out once: one release and one payout movement each, one
 * transfer each for what its payout says, and the ledger sound over every booking.
 */
async function checkExactlyOnce(run: MoneyRun): Promise<boolean> {
  const counts = await withClient(run.sqlUrl, async (client) => {
    const { rows } = await client.query<Record<string, number>>(
      `with money as (
         select id, payment_id, funds from bookings where payment_id like $1::text || '%'
       ),
       movements as (
         select l.booking_id, l.movement from ledger_entries l join money m on m.id = l.booking_id
         where l.movement in ('release', 'payout') group by 1, 2
       ),
       transfers as (
         select m.id, count(*) as count, sum(t.amount_cents) as cents
         from test_transfers t join money m on m.payment_id = t.source_intent_id group by 1
       )
       select (select count(*) from money)::int as bookings,
              (select count(*) from money where funds = 'released')::int as released,
              (select count(*) from movements where movement = 'release')::int as releases,
              (select count(*) from movements where movement = 'payout')::int as payouts,
              (select count(*) from test_transfers)::int as transfers,
              (select count(*) from transfers where count > 1)::int as twice,
              (select count(*) from transfers t join payouts p on p.booking_id = t.id
               where p.status <> 'sent' or p.amount_cents <> t.cents)::int as mismatched`,
      [PAYMENT_PREFIX],
    );
    return rows[0] ?? {};
  });
  const books = await withClient(run.sqlUrl, (client) =>
    reconcile(drizzle(client, { schema }) as unknown as Database),
  );
  const expected = run.bookings;
  const ok =
    counts.bookings === expected &&
    counts.released === expected &&
    counts.releases === expected &&
    counts.payouts === expected &&
    counts.transfers === expected &&
    counts.twice === 0 &&
    counts.mismatched === 0 &&
    books.unbalanced === 0 &&
    books.negativeHeld === 0;
  run.log(
    `  transfers (test_transfers rows): ${n(counts.transfers ?? 0)}\n` +
      `  exactly once: ${n(counts.releases ?? 0)} release movements, ${n(counts.payouts ?? 0)} ` +
      `payout movements, ${n(counts.transfers ?? 0)} transfers for ${n(expected)} bookings ` +
      `(${n(counts.released ?? 0)} with funds released); ${counts.twice} bookings transferred ` +
      `twice, ${counts.mismatched} transfers not matching their payout; reconcile() over ` +
      `${n(books.bookings)} bookings: ${books.unbalanced} unbalanced, ${books.negativeHeld} with ` +
      `held below zero: ${ok ? 'ok' : 'FAILED'}`,
  );
  return ok;
}

/** Where the time went, per queue: its jobs since the releases were queued, as pg-boss kept them. */
async function reportJobs(run: MoneyRun, since: Date): Promise<void> {
  const { rows } = await withClient(run.sqlUrl, (client) =>
    client.query<{
      queue: string;
      jobs: number;
      completed: number;
      retried: number;
      run_ms: number;
      span_s: number;
    }>(
      `select name as queue, count(*)::int as jobs,
              count(*) filter (where state = 'completed')::int as completed,
              count(*) filter (where retry_count > 0)::int as retried,
              coalesce(avg(extract(epoch from completed_on - started_on)) * 1000, 0)::float
                as run_ms,
              coalesce(extract(epoch from max(completed_on) - min(started_on)), 0)::float
                as span_s
       from pgboss.job
       where name in ('release', 'payout', 'email') and created_on >= $1
       group by name order by min(created_on), name`,
      [since],
    ),
  );
  const header = ['queue', 'jobs', 'completed', 'retried', 'ms a batch held', 'first to last'];
  const cells = rows.map((row) => [
    row.queue,
    n(row.jobs),
    n(row.completed),
    n(row.retried),
    row.run_ms.toFixed(0),
    seconds(row.span_s * 1000),
  ]);
  run.log(`  the queues' jobs since the releases were queued (pgboss.job):`);
  run.log(
    formatRows(header, cells)
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n'),
  );
}

/**
 * reconcile() over the whole ledger, as the app runs it (its session settings, its SQL), a few
 * times, with the plan of the last run: the median is judged against the budget.
 */
async function timeReconcile(run: MoneyRun): Promise<boolean> {
  const client = new pg.Client({ connectionString: run.sqlUrl, options: SESSION_SETTINGS });
  await client.connect();
  try {
    const lastQuery = recordQueries(client);
    const db = drizzle(client, { schema }) as unknown as Database;
    const timesMs: number[] = [];
    for (let round = 0; round < RECONCILE_ROUNDS; round++) {
      const started = performance.now();
      await reconcile(db);
      timesMs.push(performance.now() - started);
    }
    const { text, values } = lastQuery();
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${text}`,
      values,
    );
    const { rows: size } = await client.query<{ entries: number; bookings: number }>(
      `select count(*)::int as entries, count(distinct booking_id)::int as bookings
       from ledger_entries`,
    );
    const medianMs = median(timesMs);
    const ok = medianMs <= RECONCILE_BUDGET_MS;
    run.log(
      `\nreconcile() over the whole ledger (${n(size[0]?.entries ?? 0)} entries, ` +
        `${n(size[0]?.bookings ?? 0)} bookings): median ${medianMs.toFixed(0)} ms ` +
        `(${Math.min(...timesMs).toFixed(0)}–${Math.max(...timesMs).toFixed(0)}) over ` +
        `${RECONCILE_ROUNDS} runs; budget ${RECONCILE_BUDGET_MS} ms: ${ok ? 'ok' : 'MISSED'}`,
    );
    run.log(rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
    return ok;
  } finally {
    await client.end();
  }
}
