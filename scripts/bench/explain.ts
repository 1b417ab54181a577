// EXPLAIN (ANALYZE) of every list and search query exactly as the app runs it: the app's own
// functions run their statements on one connection, and each page is then explained on that
// connection, parameters and all: `EXPLAIN … EXECUTE name(params)` for the prepared lists, the
// same text and values for searches (planned per request). Each page runs five times first:
// from then on PostgreSQL may keep a prepared statement's generic plan, the one a warm app uses.
// A list's page is its last statement; a search's every statement is explained (its page, the
// lookup of similar words and the search with them, the count).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_PAGE_SIZE, searchQuerySchema, type Pagination } from '@reloop/shared';
import { listBuyerBookings, listSales } from '../../apps/api/src/bookings/bookings.ts';
import { SESSION_SETTINGS, type Database } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import type { Page } from '../../apps/api/src/pagination.ts';
import { CategoryCatalog } from '../../apps/api/src/products/categories.ts';
import {
  listAdvertisedProducts,
  listCategoryProducts,
  listSellerProducts,
} from '../../apps/api/src/products/products.ts';
import { listReportedProducts } from '../../apps/api/src/moderation/reports.ts';
import { searchProducts } from '../../apps/api/src/products/search.ts';
import {
  listReportedReviews,
  listReviewsOf,
  profileOf,
} from '../../apps/api/src/reviews/reviews.ts';
import { listUsersByRole } from '../../apps/api/src/users/users.ts';
import { SEARCHES } from './searches.ts';
import type { Picks } from './volume.ts';

const RUNS_BEFORE_GENERIC_PLAN = 5;
const DEEP_PAGE = 50;

export interface ExplainedPage {
  list: string;
  page: 'first' | 'next' | `${typeof DEEP_PAGE} deep`;
  /** Which of a search's statements this is; undefined for a list. */
  statement: SearchStatement | undefined;
  plan: string;
  /** The plan reads its rows from an index in list order: no Seq Scan and no Sort node. */
  readsIndexInOrder: boolean;
  /** Lists must read in order; a search may also sort what the GIN index found. */
  isSearch: boolean;
  executionMs: number;
}

type Read = (page: Pagination) => Promise<Page<unknown>>;

/** Every list and search, each on its first page, its next and 50 pages deep. */
export const explainLists = (url: string, picks: Picks) =>
  explainPages(url, (db) => [...listReads(db, picks), ...searchReads(db)]);

/** The searches alone (BENCH_SEARCH_ONLY). */
export const explainSearches = (url: string) => explainPages(url, searchReads);

function listReads(db: Database, picks: Picks): [string, Read][] {
  const catalog = new CategoryCatalog(db);
  return [
    ['category page', (page) => listCategoryProducts(db, catalog, picks.categoryId, page)],
    ['advertised', (page) => listAdvertisedProducts(db, page)],
    ["seller's products", (page) => listSellerProducts(db, picks.sellerEmail, page)],
    ["buyer's bookings", (page) => listBuyerBookings(db, picks.buyerEmail, undefined, page)],
    ["seller's sales", (page) => listSales(db, picks.sellerId, page)],
    ['buyers (admin)', (page) => listUsersByRole(db, 'buyer', page)],
    ['sellers (admin)', (page) => listUsersByRole(db, 'seller', page)],
    ['reported (admin)', (page) => listReportedProducts(db, page)],
    ["seller's reviews", (page) => listReviewsOf(db, picks.sellerId, page)],
    ['reported reviews (admin)', (page) => listReportedReviews(db, page)],
    // One row, not a list: explained as a list of a single page.
    [
      "seller's profile",
      async (page) => {
        await profileOf(db, picks.sellerId);
        return { rows: [], limit: page.limit, nextCursor: undefined };
      },
    ],
  ];
}

function searchReads(db: Database): [string, Read][] {
  return SEARCHES.map(({ name, path }): [string, Read] => {
    const query = searchQuerySchema.parse(
      Object.fromEntries(new URL(path, 'http://reloop.invalid').searchParams),
    );
    return [name, (page) => searchProducts(db, { ...query, ...page })];
  });
}

async function explainPages(
  url: string,
  readsOf: (db: Database) => [string, Read][],
): Promise<ExplainedPage[]> {
  // The app's session settings, so the plans are the ones its pool gets.
  const client = new pg.Client({ connectionString: url, options: SESSION_SETTINGS });
  await client.connect();
  try {
    const statementsSince = recordStatements(client);
    const db = drizzle(client, { schema }) as unknown as Database;
    const explained: ExplainedPage[] = [];
    for (const [list, read] of readsOf(db)) {
      const isSearch = list.startsWith('search');
      for (const [page, cursor] of await cursorsOf(read)) {
        let ran: Statement[] = [];
        for (let run = 0; run < RUNS_BEFORE_GENERIC_PLAN; run++) {
          statementsSince();
          await read(pageAt(cursor));
          ran = statementsSince();
        }
        const last = ran.at(-1);
        if (!last) throw new Error(`${list} ran no statement`);
        for (const statement of isSearch ? ran : [last]) {
          const plan = await explainAnalyze(client, statement);
          explained.push({
            list,
            page,
            statement: isSearch ? searchStatementOf(statement) : undefined,
            plan,
            readsIndexInOrder: !/Seq Scan|Sort/.test(withoutSubPlans(plan)),
            isSearch,
            executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
          });
        }
      }
    }
    return explained;
  } finally {
    await client.end();
  }
}

async function explainAnalyze(client: pg.Client, statement: Statement): Promise<string> {
  const explain = 'explain (analyze, buffers, costs off)';
  const { rows } = await (statement.name
    ? client.query<{ 'QUERY PLAN': string }>(
        `${explain} execute ${statement.name}${argumentsOf(statement.values)}`,
      )
    : client.query<{ 'QUERY PLAN': string }>(`${explain} ${statement.text}`, statement.values));
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** A search's statements (products/search.ts): its page, the lookup of similar words, its count. */
export type SearchStatement = 'page' | 'similar words' | 'count';

function searchStatementOf({ text }: Statement): SearchStatement {
  if (text.includes('similarity(')) return 'similar words';
  if (text.includes('count(')) return 'count';
  return 'page';
}

/** The first page, the one after it, and the page 50 deep, as cursors (none for the first). */
async function cursorsOf(
  read: (page: Pagination) => Promise<Page<unknown>>,
): Promise<[ExplainedPage['page'], string | undefined][]> {
  const found: [ExplainedPage['page'], string | undefined][] = [['first', undefined]];
  let cursor: string | undefined;
  for (let depth = 1; depth <= DEEP_PAGE; depth += 1) {
    cursor = (await read(pageAt(cursor))).nextCursor;
    if (!cursor) break;
    if (depth === 1) found.push(['next', cursor]);
    if (depth === DEEP_PAGE - 1) found.push([`${DEEP_PAGE} deep`, cursor]);
  }
  return found;
}

interface Statement {
  /** Its name, when prepared. */
  name: string | undefined;
  text: string;
  values: unknown[];
}

/**
 * Records the statements the app runs on `client`; the function returned gives those since it
 * was last called. EXPLAIN statements (a search's count estimate) are left out: they are plans
 * already.
 */
function recordStatements(client: pg.Client): () => Statement[] {
  let recorded: Statement[] = [];
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // drizzle calls `query({ name?, text, … }, values)`.
  client.query = ((config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && Array.isArray(values)) {
      const { name, text } = config as { name?: string; text: string };
      if (!/^\s*explain\b/i.test(text)) recorded.push({ name, text, values });
    }
    return query(config, values, ...rest);
  }) as typeof client.query;
  return () => {
    const since = recorded;
    recorded = [];
    return since;
  };
}

/** Remembers the last statement the app ran on `client`: its name if prepared, text, values. */
export function recordQueries(client: pg.Client): () => Statement {
  const statementsSince = recordStatements(client);
  let last: Statement | undefined;
  return () => {
    last = statementsSince().at(-1) ?? last;
    if (!last) throw new Error('the list ran no statement');
    return last;
  };
}

/** The page of the app's default size that starts after `cursor` (the first without one). */
function pageAt(cursor: string | undefined): Pagination {
  return { limit: DEFAULT_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
}

/** `(a, b)` for EXECUTE; nothing for a statement without parameters. */
function argumentsOf(values: unknown[]): string {
  return values.length ? `(${values.map(literal).join(', ')})` : '';
}

function literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The plan less its SubPlans: the list's own reading, which must be an index in order. A SubPlan
 * runs per row for that row's few details (a reported listing's reports, summed up and sorted),
 * never over the list.
 */
export function withoutSubPlans(plan: string): string {
  const kept: string[] = [];
  let subPlanIndent: number | undefined;
  for (const line of plan.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (subPlanIndent !== undefined && indent > subPlanIndent) continue;
    subPlanIndent = /^\s*SubPlan\b/.test(line) ? indent : undefined;
    if (subPlanIndent === undefined) kept.push(line);
  }
  return kept.join('\n');
}
