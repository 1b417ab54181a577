import type { SQL } from 'drizzle-orm';
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
 * A statement written in SQL, for what the query builder cannot say (an insert in a `with`),
 * prepared by `name` as the builder's `.prepare(name)` does: each connection parses and plans
 * it once, not on every call. Its values are `sql.placeholder(key)`s, given to the call by key.
 */
export function preparedSql<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  statement: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const run = preparedSqlStatement<Row>(name, statement);
  return (values) => run(db, values);
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
  return async (db, values) => {
    const prepared = db._.session.prepareQuery<{
      execute: { rows: Row[] };
      all: unknown;
      values: unknown;
    }>(query, undefined, name, false);
    return (await prepared.execute(values)).rows;
  };
}
