// The sitemap part of the bench (DESIGN §18), in the full run on PostgreSQL and alone with
// BENCH_SITEMAP_ONLY=1, on the generated volume (a million listings): an instance started with
// PUBLIC_URL answers the sitemap index (goal < 1 s) and the first file of 50,000 listing URLs,
// streamed (goal < 3 s), each read to its last byte, in ROUNDS interleaved rounds; the median
// is the figure, min–max its spread. The plans of the index's statement, of the same pages
// found by a window function instead, and of one batch of a file's stream are printed.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fileFirstsQuery, SITEMAP_SIZES } from '../../apps/api/src/seo/sitemap.ts';
import { freePort, startServer } from '../../e2e/src/server.ts';
import { withClient } from './database.ts';
import { formatRows, median, ms } from './measure.ts';

const INDEX_GOAL_MS = 1000;
const FILE_GOAL_MS = 3000;
const ROUNDS = 5;
/** http: startServer reads the instance's address from its welcome line, which names it. */
const PUBLIC_URL = 'http://reloop.example';

export interface SitemapRun {
  sqlUrl: string;
  /** The JWT_SECRET every instance on the database shares. */
  env: { JWT_SECRET: string };
  log: (line: string) => void;
}

/** Milliseconds from the request to the body's last byte, and the body. */
async function timedFetch(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

const spread = (values: number[]) =>
  `${ms(median(values))} ms (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

export async function benchSitemap(run: SitemapRun): Promise<boolean> {
  const { log } = run;
  log('\nsitemap: an instance with PUBLIC_URL…');
  // The instance names PUBLIC_URL as its address; the bench reaches it on loopback, by port.
  const port = await freePort();
  const server = await startServer({
    DATABASE_URL: run.sqlUrl,
    JWT_SECRET: run.env.JWT_SECRET,
    PUBLIC_URL,
    PORT: String(port),
  });
  // Stopped before the parts after it, whose instances must be the database's only ones.
  try {
    return await measure(`http://127.0.0.1:${port}`, run.sqlUrl, log);
  } finally {
    await server.stop();
  }
}

async function measure(serverUrl: string, sqlUrl: string, log: (line: string) => void) {
  const origin = (url: string) => url.replace(PUBLIC_URL, serverUrl);
  const first = await timedFetch(`${serverUrl}/sitemap.xml`);
  const files = [...first.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  const firstFile = files.find((file) => file.includes('/sitemaps/listings-'));
  if (!firstFile) throw new Error('the sitemap index names no file of listings');
  const fileUrls = (await timedFetch(origin(firstFile))).body.match(/<url>/g)?.length ?? 0;
  log(`  the index names ${files.length} files; the first file of listings holds ${fileUrls} URLs`);

  const indexMs: number[] = [];
  const fileMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    indexMs.push((await timedFetch(`${serverUrl}/sitemap.xml`)).ms);
    fileMs.push((await timedFetch(origin(firstFile))).ms);
  }
  const indexOk = median(indexMs) < INDEX_GOAL_MS;
  const fileOk = median(fileMs) < FILE_GOAL_MS && fileUrls === SITEMAP_SIZES.perFile;
  log(
    formatRows(
      ['call', `median (min–max) of ${ROUNDS}`, 'goal', 'verdict'],
      [
        ['sitemap index', spread(indexMs), `< ${INDEX_GOAL_MS} ms`, indexOk ? 'ok' : 'MISSED'],
        [
          `sitemap file (${fileUrls} URLs)`,
          spread(fileMs),
          `< ${FILE_GOAL_MS} ms`,
          fileOk ? 'ok' : 'MISSED',
        ],
      ],
    ),
  );
  await logPlans(sqlUrl, log);
  return indexOk && fileOk;
}

/** EXPLAIN ANALYZE of the index's statement, its window-function alternative, and a batch. */
async function logPlans(sqlUrl: string, log: (line: string) => void): Promise<void> {
  const { sql: firstsSql } = new PgDialect().sqlToQuery(fileFirstsQuery(SITEMAP_SIZES.perFile));
  const forSale = sql.raw(`deleted_at is null and status = 'unsold'`);
  const windowSql = new PgDialect().sqlToQuery(sql`
    select id from (
      select id, row_number() over (order by id) - 1 as position from products where ${forSale}
    ) numbered where position % ${sql.raw(String(SITEMAP_SIZES.perFile))} = 0`).sql;
  // One batch of a file's stream, as seo/sitemap.ts's listingIds reads it after its first.
  const batchSql = new PgDialect().sqlToQuery(sql`
    select id from products where ${forSale} and id > '80000000-0000-4000-8000-000000000000'
    order by id limit ${sql.raw(String(SITEMAP_SIZES.batch))}`).sql;
  await withClient(sqlUrl, async (client) => {
    for (const [name, text] of [
      ['the index (recursive, OFFSET over the index)', firstsSql],
      ['the same pages by a window function', windowSql],
      ["one batch of a file's stream", batchSql],
    ] as const) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
      );
      log(`\n${name}:\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  });
}
