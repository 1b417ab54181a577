import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Prepared statements belong to the pool they were built on, so a module builds its set once
 * per database handle (the app has one; tests have one per app) and reuses it for every call.
 */
export function preparedPerDatabase<Statements>(
  build: (db: Database) => Statements,
): (db: Database) => Statements {
  const built = new WeakMap<Database, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

const dialect = new PgDialect();

/**
 * `query` prepared by `name` on `db`'s session: node-postgres parses and plans it once per
 * connection, the first time it runs there. For a statement built once and run on any
 * connection (a transaction's) with concrete values or `sql.placeholder`s.
 */
export function preparedOn<Row>(db: Database, query: Query, name: string) {
  return db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    name,
    false,
  );
}

/**
 * A statement written in SQL, for what the query builder cannot say (an insert in a `with`),
 * prepared by `name` as the builder's `.prepare(name)` does: each connection parses and plans
 * it once, not on every call. Its values are `sql.placeholder(key)`s, given to the call by key.
 */
export function preparedSql<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  statement: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const prepared = preparedOn<Row>(db, dialect.sqlToQuery(statement), name);
  return async (values) => (await prepared.execute(values)).rows;
}

/**
 * `preparedSql` for a statement that runs inside transactions: written out once, prepared by
 * name on whichever connection the transaction holds (each connection parses it once).
 */
export function preparedSqlStatement<Row extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => (await preparedOn<Row>(db, query, name).execute(values)).rows;
}
