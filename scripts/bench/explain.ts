// EXPLAIN (ANALYZE) of every list and search query exactly as the app runs it: the app's own
// functions run their statements on one connection, and each page is then explained on that
// connection, parameters and all: `EXPLAIN … EXECUTE name(params)` for the prepared lists, the
// same text and values for searches (planned per request). Each page runs five times first:
// from then on PostgreSQL may keep a prepared statement's generic plan, the one a warm app uses.
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
  listReportedProducts,
  listSellerProducts,
} from '../../apps/api/src/products/products.ts';
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
  plan: string;
  /** The plan reads its rows from an index in list order: no Seq Scan and no Sort node. */
  readsIndexInOrder: boolean;
  /** Lists must read in order; a search may also sort what the GIN index found. */
  isSearch: boolean;
  executionMs: number;
}

export async function explainLists(url: string, picks: Picks): Promise<ExplainedPage[]> {
  // The app's session settings, so the plans are the ones its pool gets.
  const client = new pg.Client({ connectionString: url, options: SESSION_SETTINGS });
  await client.connect();
  try {
    const lastQuery = recordQueries(client);
    const db = drizzle(client, { schema }) as unknown as Database;
    const catalog = new CategoryCatalog(db);
    const lists: [string, (page: Pagination) => Promise<Page<unknown>>][] = [
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
      ...SEARCHES.map(({ name, path }): [string, (page: Pagination) => Promise<Page<unknown>>] => {
        const query = searchQuerySchema.parse(
          Object.fromEntries(new URL(path, 'http://reloop.invalid').searchParams),
        );
        return [name, (page) => searchProducts(db, { ...query, ...page })];
      }),
    ];
    const explained: ExplainedPage[] = [];
    for (const [list, read] of lists) {
      const cursors = await cursorsOf(read);
      for (const [page, cursor] of cursors) {
        for (let run = 0; run < RUNS_BEFORE_GENERIC_PLAN; run++) {
          await read(pageAt(cursor));
        }
        const statement = lastQuery();
        const explain = 'explain (analyze, buffers, costs off)';
        const { rows } = await (statement.name
          ? client.query<{ 'QUERY PLAN': string }>(
              `${explain} execute ${statement.name}${argumentsOf(statement.values)}`,
            )
          : client.query<{ 'QUERY PLAN': string }>(
              `${explain} ${statement.text}`,
              statement.values,
            ));
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        explained.push({
          list,
          page,
          plan,
          readsIndexInOrder: !/Seq Scan|Sort/.test(plan),
          isSearch: list.startsWith('search'),
          executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
        });
      }
    }
    return explained;
  } finally {
    await client.end();
  }
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

/** Remembers the last statement the app ran on `client`: its name if prepared, text, values. */
export function recordQueries(
  client: pg.Client,
): () => { name: string | undefined; text: string; values: unknown[] } {
  let last: { name: string | undefined; text: string; values: unknown[] } | undefined;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // drizzle calls `query({ name?, text, … }, values)`.
  client.query = ((config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && Array.isArray(values)) {
      const { name, text } = config as { name?: string; text: string };
      last = { name, text, values };
    }
    return query(config, values, ...rest);
  }) as typeof client.query;
  return () => {
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
