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
