// The moderation part of the bench (DESIGN §19), in the full run on PostgreSQL (last, once nothing
// else needs the volume's users as they are) and alone with BENCH_MODERATION_ONLY=1: the admin's
// user search (`GET /api/admin/users`) and audit log (`GET /api/admin/audit`) at 120,000 users and
// 1,000,000 audit rows, each call against the list budget (p99 20 ms at 10 connections), in the
// same interleaved rounds as the other lists, beside a bare node:http server answering the audit
// page's bytes (the ceiling, in the same run). Users people would search for: names of first and
// last names, e-mails at a handful of big providers and some smaller domains, a rare surname a
// few users have, a few hundred suspended now and more whose suspension ended. The full run's
// volume already has 120,000 users: they are renamed that way in place (their roles kept, a few
// made admins); alone, they are generated. The audit rows spread over a year, of every action,
// on users, listings, bookings and reviews, by the admins (inserted: the table's trigger refuses
// only UPDATE and DELETE). Then each statement's plan (EXPLAIN ANALYZE, BUFFERS), as the app
// runs it, with the indexes it reads. BENCH_AUDIT_ROWS (default 1,000,000).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_PAGE_SIZE, type AdminUserQuery } from '@reloop/shared';
import { SESSION_SETTINGS, type Database } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import { hashPassword } from '../../apps/api/src/identity/passwords.ts';
import { listAdminActions } from '../../apps/api/src/moderation/audit.ts';
import { searchUsers } from '../../apps/api/src/moderation/users.ts';
import type { Page } from '../../apps/api/src/pagination.ts';
import { startInstance } from '../../apps/api/test/helpers/server-process.ts';
import { startCeiling } from './ceiling.ts';
import { withClient } from './database.ts';
import { recordQueries } from './explain.ts';
import {
  formatRounds,
  formatTable,
  roundsFromEnv,
  runRoundsOn,
  summarize,
  type Call,
} from './measure.ts';
import { walkPages } from './pages.ts';
import { mintSessions } from './sessions.ts';
import { scratchDir, type Cleanup } from './setup.ts';
import { BENCH_PASSWORD, loggedStep } from './volume.ts';

export const MODERATION_USERS = 120_000;
export const AUDIT_ROWS = Math.max(1, Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000));
/** DESIGN §9's list budget, at 10 connections on loopback. */
const LIST_P99_MS = 20;
const CONNECTIONS = 10;
/** How deep the audit log is paged, following its links, as the other lists are. */
const DEPTH = 50;
const SUSPENDED_NOW = 300;
const SUSPENDED_BEFORE = 600;
/** One user in this many is an admin (30 of 120,000). */
const ADMIN_EVERY = 4000;
/** The rare surname: one user in this many has it (4 of 120,000). */
const RARE_EVERY = 30_000;
const RARE_SURNAME = 'Vanderkolk';
/** The volume's users (volume.ts), renamed in place when present. */
const VOLUME_EMAILS = '%@bench.reloop.dev';

/** The user searches measured: what an admin types and picks. */
const SEARCHES: { name: string; query: Omit<AdminUserQuery, 'limit'> }[] = [
  { name: 'users, no filter', query: {} },
  { name: 'users, role=seller', query: { role: 'seller' } },
  { name: 'users, status=suspended', query: { status: 'suspended' } },
  {
    name: `users, q=${RARE_SURNAME.toLowerCase()} (rare)`,
    query: { q: RARE_SURNAME.toLowerCase() },
  },
  { name: 'users, q=yahoo.com (common)', query: { q: 'yahoo.com' } },
  { name: 'users, q=olivia&role=seller', query: { q: 'olivia', role: 'seller' } },
];

const FIRST_NAMES = `array['Olivia','Liam','Emma','Noah','Amelia','Oliver','Ava','Elijah','Sophia',
  'James','Isabella','William','Mia','Benjamin','Evelyn','Lucas','Harper','Henry','Luna','Theo',
  'Camila','Jack','Gianna','Levi','Elizabeth','Alexander','Eleanor','Jackson','Ella','Mateo',
  'Abigail','Daniel','Sofia','Michael','Avery','Mason','Scarlett','Sebastian','Emily','Ethan',
  'Aria','Logan','Penelope','Owen','Chloe','Samuel','Layla','Jacob','Mila','Asher','Nora','Aiden',
  'Hazel','John','Madison','Joseph','Ellie','Wyatt','Lily','David','Priya','Wei','Fatima','Diego',
  'Yuki','Omar','Ana','Kwame','Ingrid','Rahul']`;
/** Surnames, drawn unevenly (a squared random number): the first ones are common. */
const LAST_NAMES = `array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis',
  'Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor',
  'Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark',
  'Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres',
  'Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell',
  'Carter','Roberts','Patel','Kim','Chen','Singh','Khan','Okafor','Mensah','Novak','Kowalski',
  'Schmidt','Muller','Rossi','Bianchi','Dubois','Lefebvre','Silva','Santos','Tanaka','Sato',
  'Ivanova','Petrov','Andersson','Nilsson','Murphy','Kelly','OConnor','Fischer','Weber','Haddad',
  'Costa']`;
const SMALL_DOMAINS = `array['northwind.io','contoso.com','fabrikam.net','acme-labs.dev',
  'uni-lyon.fr','tum.de','fastmail.com','gmx.de','mail.ru','web.de','orange.fr','comcast.net']`;

/**
 * Each user's name, e-mail and role from their number n and a few random numbers: a first and a
 * last name, the e-mail first.last + n at a provider (gmail 45%, outlook 15%, yahoo 8%, icloud
 * 8%, hotmail 6%, proton 4%, a smaller domain 14%), one in 4,000 an admin, otherwise 20% sellers.
 * `source` gives the rows (n, and the role when the users exist).
 */
function shapedUsersSql(source: string): string {
  return `
    with drawn as (
      select s.*, random() as r_first, random() as r_last, random() as r_domain,
             random() as r_role
      from (${source}) s
      offset 0 -- keeps each random() evaluated once per row
    ),
    named as (
      select d.*,
             (${FIRST_NAMES})[1 + floor(d.r_first * cardinality(${FIRST_NAMES}))::int] as first,
             case when d.n % ${RARE_EVERY} = 17 then '${RARE_SURNAME}'
                  else (${LAST_NAMES})[1 + floor(d.r_last ^ 2 * cardinality(${LAST_NAMES}))::int]
             end as last,
             case when d.r_domain < 0.45 then 'gmail.com'
                  when d.r_domain < 0.60 then 'outlook.com'
                  when d.r_domain < 0.68 then 'yahoo.com'
                  when d.r_domain < 0.76 then 'icloud.com'
                  when d.r_domain < 0.82 then 'hotmail.com'
                  when d.r_domain < 0.86 then 'proton.me'
                  else (${SMALL_DOMAINS})[1 + d.n % cardinality(${SMALL_DOMAINS})]
             end as domain
      from drawn d
    )
    select named.*,
           first || ' ' || last as full_name,
           lower(first || '.' || last || n || '@' || domain) as address
    from named`;
}

const generatedRole = (alias: string) =>
  `case when ${alias}.n % ${ADMIN_EVERY} = 0 then 'admin'
        when ${alias}.r_role < 0.2 then 'seller' else 'buyer' end`;

/** 120,000 new users, joined over the last three years, all with the bench's password. */
const GENERATE_USERS_SQL = `
  insert into users (email, name, image, role, verified, password_hash, created_at)
  select u.address, u.full_name, '', ${generatedRole('u')},
         ${generatedRole('u')} = 'seller' and random() < 0.6, $1,
         now() - random() * interval '3 years'
  from (${shapedUsersSql('select n from generate_series(1, $2::int) n')}) u`;

/** The volume's users renamed in place; their roles kept, one in 4,000 made an admin. */
const RENAME_USERS_SQL = `
  update users
  set name = u.full_name, email = u.address,
      role = case when u.n % ${ADMIN_EVERY} = 0 then 'admin' else users.role end
  from (${shapedUsersSql(
    `select id, row_number() over (order by created_at, id) as n from users
     where email like '${VOLUME_EMAILS}' and deleted_at is null`,
  )}) u
  where users.id = u.id`;

/** Suspensions: a few hundred running now (1–90 days left), more that ended in the last year. */
const SUSPENSIONS_SQL = `
  with chosen as (
    select id, row_number() over () as k
    from (select id from users where deleted_at is null and role in ('buyer', 'seller')
          order by random() limit $1::int + $2::int) picked
  )
  update users
  set suspended_until = case when chosen.k <= $1::int
                             then now() + (1 + random() * 89) * interval '1 day'
                             else now() - random() * interval '1 year' end,
      suspension_reason = (array['Scam listings reported by several buyers',
                                 'Asked buyers to pay outside Reloop',
                                 'Abusive messages', 'Repeated no-shows at handovers',
                                 'Counterfeit chargers listed as original'])[1 + chosen.k % 5]
  from chosen
  where users.id = chosen.id`;

const LAPTOPS = `array['ThinkPad X1 Carbon Gen 9','MacBook Air M1 13"','Dell XPS 13 9310',
  'HP EliteBook 840 G8','MacBook Pro 14" M1 Pro','Surface Laptop 4','ASUS ZenBook 14',
  'Lenovo Yoga 7i','Acer Swift 3','Framework Laptop 13','Razer Blade 15','LG gram 16']`;

/**
 * The audit log: $1 rows over the last year. Moderation of listings and reviews most often,
 * then verifications and suspensions; the busiest admins do most (a squared random number).
 * Targets of user actions are 20,000 of the users, with their names as labels; listings,
 * bookings and reviews are ids of their own with a laptop's name.
 */
const AUDIT_SQL = `
  with admins as (select array_agg(id order by id) as ids from users
                  where role = 'admin' and deleted_at is null),
  targets as (
    select row_number() over () as k, id, name
    from (select id, name from users where deleted_at is null and role in ('buyer', 'seller')
          order by random() limit 20000) t
  ),
  target_count as (select count(*)::int as n from targets),
  rows as (
    select i, random() as r_action, random() as r_admin, random() as r_target, random() as r_age,
           random() as r_reason
    from generate_series(1, $1::int) i
    offset 0
  ),
  acted as (
    select r.*,
           case when r.r_action < 0.22 then 'delete_listing'
                when r.r_action < 0.42 then 'dismiss_report'
                when r.r_action < 0.55 then 'hide_review'
                when r.r_action < 0.64 then 'resolve_complaint'
                when r.r_action < 0.75 then 'verify'
                when r.r_action < 0.78 then 'decline_verification'
                when r.r_action < 0.80 then 'unverify'
                when r.r_action < 0.90 then 'suspend'
                when r.r_action < 0.96 then 'unsuspend'
                else 'delete_user' end as action,
           1 + floor(r.r_target * (select n from target_count))::int as k
    from rows r
  ),
  typed as (
    select a.*,
           case when a.action in ('delete_listing', 'dismiss_report') then 'listing'
                when a.action = 'hide_review' then 'review'
                when a.action = 'resolve_complaint' then 'booking'
                else 'user' end as target_type,
           now() - a.r_age * interval '1 year' as at
    from acted a
  )
  insert into admin_actions (admin_id, action, target_type, target_id, target_label, reason,
                             changes, created_at)
  select admins.ids[1 + floor(t.r_admin ^ 2 * cardinality(admins.ids))::int],
         t.action, t.target_type,
         case when t.target_type = 'user' then target.id
              else overlay(overlay(md5('audit-' || t.i) placing '4' from 13 for 1)
                           placing '8' from 17 for 1)::uuid end,
         case when t.target_type = 'user' then target.name
              when t.target_type = 'booking' then 'Booking of ' || (${LAPTOPS})[1 + t.i % 12]
              when t.target_type = 'review' then 'Review of ' || (${LAPTOPS})[1 + t.i % 12]
              else (${LAPTOPS})[1 + t.i % 12] end,
         case when t.action in ('suspend', 'delete_user', 'delete_listing', 'hide_review',
                                'decline_verification', 'resolve_complaint')
              then (array['Reported as a scam by three buyers', 'Prohibited item',
                          'Abusive language', 'Misleading photos', 'Duplicate listing',
                          'Refund agreed with both sides'])[1 + floor(t.r_reason * 6)::int] end,
         case t.action
           when 'suspend' then jsonb_build_object(
             'until', to_char((t.at + interval '30 days') at time zone 'UTC',
                              'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             'previousUntil', null, 'listingsHidden', t.i % 7, 'bookingsCancelled', t.i % 3)
           when 'unsuspend' then jsonb_build_object('listingsShown', t.i % 7)
           when 'dismiss_report' then jsonb_build_object('reportsDismissed', 1 + t.i % 4)
           else '{}'::jsonb end,
         t.at
  from typed t
  cross join admins
  join targets target on target.k = t.k`;

const n = (value: number) => value.toLocaleString('en-US');

export interface ModerationRun {
  /** A migrated, seeded database; the full run's volume on it, or nothing more. */
  sqlUrl: string;
  /** The JWT_SECRET every instance on the database shares: the admin's session is signed with it. */
  env: { JWT_SECRET: string };
  cleanup: Cleanup;
  log: (line: string) => void;
}

/** Runs the moderation part; false when a call misses its budget or requests fail. */
export async function benchModeration(run: ModerationRun): Promise<boolean> {
  const { log } = run;
  const { seconds, rounds, warmUpSeconds } = roundsFromEnv({
    seconds: 3,
    rounds: 3,
    warmUpSeconds: 1,
  });
  log(
    `\nmoderation (DESIGN §19): the admin's user search and audit log, ${n(MODERATION_USERS)} ` +
      `users and ${n(AUDIT_ROWS)} audit rows`,
  );
  const adminId = await loadModeration(run.sqlUrl, log);
  // From the sources, as the money and live events parts start theirs: the API alone, with no
  // web build to wait for.
  const instance = await startInstance(
    { DATABASE_URL: run.sqlUrl, JWT_SECRET: run.env.JWT_SECRET },
    await scratchDir(run.cleanup),
  );
  const server = {
    url: instance.url,
    stop: async () => {
      instance.process.child.kill('SIGTERM');
      await instance.process.exited;
    },
  };
  let ceiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const [token] = await mintSessions(run.sqlUrl, [adminId], run.env.JWT_SECRET);
    const headers = { authorization: `Bearer ${token}` };
    const call = (name: string, path: string): Call => ({
      name,
      budgetMs: LIST_P99_MS,
      options: { url: `${server.url}${path}`, headers },
    });
    const calls: Call[] = [];
    const notes: string[] = [];
    const audit = await walkPages(server.url, '/api/admin/audit', headers, DEPTH);
    calls.push(call('audit log, first page', audit.first));
    if (audit.deep) calls.push(call(`audit log, page ${audit.deep.depth + 1}`, audit.deep.path));
    for (const search of SEARCHES) {
      const path = `/api/admin/users${queryString(search.query)}`;
      calls.push(call(`${search.name}, first page`, path));
      if (Object.keys(search.query).length === 0) {
        const pages = await walkPages(server.url, path, headers, 1);
        if (pages.next) calls.push(call(`${search.name}, next page`, pages.next));
        else notes.push(`${search.name}: a single page, no next page to measure`);
      }
    }
    const auditPage = await fetch(`${server.url}${audit.first}`, { headers });
    ceiling = await startCeiling(
      Buffer.from(await auditPage.arrayBuffer()),
      auditPage.headers.get('content-type') ?? 'application/json',
    );
    calls.push({ name: 'bare node:http, the audit page', options: { url: ceiling.url } });

    log(
      `measuring ${calls.length} calls: ${rounds} interleaved rounds of ${seconds} s a call, ` +
        `${CONNECTIONS} connections`,
    );
    const samples = await runRoundsOn(run.sqlUrl, calls, {
      rounds,
      seconds,
      connections: CONNECTIONS,
      warmUpSeconds,
      log,
    });
    const summaries = calls.map((c) => summarize(c, samples.get(c.name) ?? []));
    for (const note of notes) log(`note: ${note}`);
    log(`\n${formatTable(summaries)}`);
    const missed = summaries.filter((s) => s.verdict === 'MISSED');
    if (missed.length > 0) log('\nrounds, with what the machine did meanwhile:');
    for (const { name } of missed) log(formatRounds(name, samples.get(name) ?? []));
    await logPlans(run.sqlUrl, log);
    return summaries.every((s) => s.verdict === 'ok' || s.verdict === '-');
  } finally {
    await ceiling?.stop();
    await server.stop();
  }
}

function queryString(query: Omit<AdminUserQuery, 'limit'>): string {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return params.size ? `?${params}` : '';
}

/** The users and the audit rows, analyzed; the seeded admin's id, whose session calls. */
async function loadModeration(sqlUrl: string, log: (line: string) => void): Promise<string> {
  return withClient(sqlUrl, async (client) => {
    await client.query('set synchronous_commit = off');
    const step = loggedStep(client, log);
    const {
      rows: [volume],
    } = await client.query<{ n: number }>(
      'select count(*)::int as n from users where email like $1 and deleted_at is null',
      [VOLUME_EMAILS],
    );
    if ((volume?.n ?? 0) >= MODERATION_USERS) {
      await step("the volume's users, renamed as people", RENAME_USERS_SQL, []);
    } else {
      await step('users', GENERATE_USERS_SQL, [
        await hashPassword(BENCH_PASSWORD),
        MODERATION_USERS,
      ]);
    }
    await step('suspensions', SUSPENSIONS_SQL, [SUSPENDED_NOW, SUSPENDED_BEFORE]);
    await step('audit rows', AUDIT_SQL, [AUDIT_ROWS]);
    const started = performance.now();
    // As tables written over months would be: hint bits set, statistics known; and the load's
    // WAL flushed now rather than by a checkpoint in the middle of the rounds.
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze admin_actions');
    await client.query('checkpoint');
    log(`  vacuum analyze and checkpoint: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await describeData(client, log);
    const { rows } = await client.query<{ id: string }>(
      `select id from users where email = 'admin@reloop.dev' and deleted_at is null`,
    );
    if (!rows[0]) throw new Error('the seeded admin is missing');
    return rows[0].id;
  });
}

/** What was loaded, and how many users each search matches. */
async function describeData(client: pg.Client, log: (line: string) => void): Promise<void> {
  const { rows } = await client.query<Record<string, number>>(`
    select count(*)::int as users,
           count(*) filter (where role = 'buyer')::int as buyers,
           count(*) filter (where role = 'seller')::int as sellers,
           count(*) filter (where role = 'admin')::int as admins,
           count(*) filter (where suspended_until > now())::int as suspended,
           count(*) filter (where suspended_until <= now())::int as ended,
           (select count(*)::int from admin_actions) as audit,
           (select pg_total_relation_size('admin_actions') / 1048576)::int as audit_mb,
           (select pg_relation_size('users_name_email_trgm_idx') / 1048576)::int as trgm_mb
    from users where deleted_at is null`);
  const c = rows[0] ?? {};
  log(
    `  live users: ${n(c.users ?? 0)} (${n(c.buyers ?? 0)} buyers, ${n(c.sellers ?? 0)} sellers, ` +
      `${n(c.admins ?? 0)} admins; ${n(c.suspended ?? 0)} suspended now, ${n(c.ended ?? 0)} ` +
      `whose suspension ended); ${n(c.audit ?? 0)} audit rows (${c.audit_mb} MB with indexes); ` +
      `the trigram index ${c.trgm_mb} MB`,
  );
  for (const search of SEARCHES) {
    const { q, role, status } = search.query;
    const { rows: counted } = await client.query<{ n: number }>(
      `select count(*)::int as n from users
       where deleted_at is null
         and ($1::text is null or name || ' ' || email ilike '%' || $1 || '%')
         and ($2::text is null or role = $2)
         and ($3::text is null or suspended_until > now())`,
      [q ?? null, role ?? null, status ?? null],
    );
    log(`  ${search.name}: ${n(counted[0]?.n ?? 0)} users match`);
  }
}

interface Explained {
  name: string;
  plan: string;
}

type Read = (cursor: string | undefined) => Promise<Page<unknown>>;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each page's statement as the app runs it (its own functions, on
 * a connection with its session settings, each page read five times first so a prepared
 * statement may keep its generic plan), with the indexes it reads and its time.
 */
async function logPlans(sqlUrl: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: sqlUrl, options: SESSION_SETTINGS });
  await client.connect();
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    const lastQuery = recordQueries(client);
    const page = (cursor: string | undefined) => ({
      limit: DEFAULT_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    const audit: Read = (cursor) => listAdminActions(db, page(cursor));
    const pages: [string, Read, string | undefined][] = [];
    let cursor: string | undefined;
    for (let depth = 1; depth <= DEPTH; depth++) {
      cursor = (await audit(cursor)).nextCursor;
      if (!cursor) break;
    }
    pages.push(['audit log, first page', audit, undefined]);
    if (cursor) pages.push([`audit log, page ${DEPTH + 1}`, audit, cursor]);
    for (const search of SEARCHES) {
      const read: Read = (at) => searchUsers(db, { ...search.query, ...page(at) });
      pages.push([`${search.name}, first page`, read, undefined]);
      if (Object.keys(search.query).length === 0) {
        const next = (await read(undefined)).nextCursor;
        if (next) pages.push([`${search.name}, next page`, read, next]);
      }
    }
    const explainLast = async () => {
      const statement = lastQuery();
      const explain = 'explain (analyze, buffers)';
      const { rows } = await (statement.name
        ? client.query<{ 'QUERY PLAN': string }>(
            `${explain} execute ${statement.name}${argumentsOf(statement.values)}`,
          )
        : client.query<{ 'QUERY PLAN': string }>(`${explain} ${statement.text}`, statement.values));
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const explained: Explained[] = [];
    for (const [name, read, at] of pages) {
      for (let run = 0; run < 5; run++) await read(at);
      explained.push({ name, plan: await explainLast() });
    }
    log('\nquery plans (EXPLAIN ANALYZE, BUFFERS, of the statements the calls run):');
    for (const { name, plan } of explained) log(`  ${name.padEnd(44)} ${summaryOf(plan)}`);
    for (const { name, plan } of explained) log(`\n${name}:\n${plan}`);
  } finally {
    await client.end();
  }
}

/** A plan in one line: its time, the shared buffers it touched, its scans and whether it sorts. */
function summaryOf(plan: string): string {
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN);
  const buffers = /Buffers: shared ([^\n]+)/.exec(plan)?.[1] ?? '';
  const scans = [
    ...new Set(
      [
        ...plan.matchAll(
          /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using| on) (\w+)/g,
        ),
      ].map((match) => `${match[1]} ${match[2]}`),
    ),
  ];
  const sorts = /\bSort\b/.test(plan) ? ', then a Sort' : '';
  return `${executionMs.toFixed(3).padStart(8)} ms  ${scans.join(' + ')}${sorts}  (${buffers})`;
}

/** `(a, b)` for EXECUTE; nothing for a statement without parameters. */
function argumentsOf(values: unknown[]): string {
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  return values.length ? `(${values.map(literal).join(', ')})` : '';
}
