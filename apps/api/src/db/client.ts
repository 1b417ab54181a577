import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { runCommitHooks } from './after-commit.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import * as schema from './schema.ts';

/** What the app codes against: PostgreSQL through node-postgres, or a transaction on it. */
export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** Where the server is, for the parts that keep connections of their own (the job queue). */
  url: string;
  /** Applies the checked-in migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other Reloop instance on this database runs its own: two instances
   * starting together must not both apply a migration or both seed the same rows.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The pool's connections now, and the queries waiting for one (the metrics report them). */
  poolUse(): PoolUse;
  /** Ends the pool (and stops the embedded server when this process started it). */
  close(): Promise<void>;
}

export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Pool size per process: the 2-core reference machine saturates well below it. */
const POOL_SIZE = 10;

/**
 * Random reads cost about what sequential ones do on SSDs and for data in memory (PostgreSQL's
 * default of 4 assumes spinning disks). At the default, the planner reads a busy seller's or
 * buyer's every row with a bitmap scan and sorts them rather than read one page in index order:
 * 1.3 s instead of 0.8 ms for a buyer with 6,386 bookings, measured cold at 300,000 bookings.
 */
export const SESSION_SETTINGS = '-c random_page_cost=1.1';

/** The advisory lock start-up work holds (session-scoped: a crashed instance releases it). */
const START_UP_LOCK = 0x5e1007;

/** A pool on the PostgreSQL server at `url`; `afterClose` runs once the pool has ended. */
export function openDatabase(url: string, afterClose?: () => Promise<void>): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options: SESSION_SETTINGS });
  // An idle connection the server ends (a restart, an admin's terminate) is replaced by the
  // pool on the next query; without a listener its error would crash the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzle(pool, { schema });
  runCommitHooks(db);
  return {
    db,
    url,
    migrate: () => migrate(db, { migrationsFolder }),
    exclusively: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    poolUse: () => ({
      max: POOL_SIZE,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await pool.end();
      await afterClose?.();
    },
  };
}

/**
 * The server DATABASE_URL names, or else the embedded server under DATA_DIR, started here and
 * stopped when the handle closes.
 */
export async function connectDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase(config.databaseUrl);
  const server = await startEmbeddedPostgres(config.dataDir);
  return openDatabase(server.url, server.stop);
}

/** Runs `work` on one connection of its own to `url`, always closing it. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL error code of a failed query; drizzle wraps the driver's error in `cause`. */
export function sqlErrorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
