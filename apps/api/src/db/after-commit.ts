import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';

/**
 * Work that may only happen once a transaction has committed (telling other instances that
 * live events are there to read): kept with the transaction, run after its COMMIT, dropped if
 * it rolls back. Each hook runs once per transaction however often it was asked for.
 */
type CommitHook = (db: Database) => void;

const scope = new AsyncLocalStorage<Set<CommitHook>>();

/** Runs `hook` (given the database) once the caller's transaction has committed. */
export function afterCommit(hook: CommitHook): void {
  const hooks = scope.getStore();
  if (!hooks) throw new Error('afterCommit is only for work inside db.transaction');
  hooks.add(hook);
}

/**
 * Makes `db.transaction` keep the hooks its work asks for and run them after the commit. A
 * savepoint (`tx.transaction`) adds to its outer transaction's hooks.
 */
export function runCommitHooks(db: Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const hooks = new Set<CommitHook>();
    const result = await scope.run(hooks, () => transaction(work, config));
    for (const hook of hooks) hook(db);
    return result;
  }) as Database['transaction'];
}
