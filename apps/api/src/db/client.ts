import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The one database type the app codes against, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies the checked-in migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Must be awaited on shutdown: an open PGlite keeps the process alive. */
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** An in-memory PGlite started from a dump (tests open many of these quickly). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePostgres(pool, { schema });
    return {
      db: db as Database,
      engine: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(
      target.loadDataDir ? { loadDataDir: target.loadDataDir } : undefined,
    );
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Picks PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR. */
export function databaseTargetFor(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
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
