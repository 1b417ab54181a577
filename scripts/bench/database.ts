// SQL connections the bench itself holds on the app's database.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export { withClient } from '../../apps/api/src/db/client.ts';

export interface IdleProbe {
  /**
   * Resolves once no other session on the database is running a statement. Statements still
   * running after a short grace are cancelled (their HTTP clients are gone: autocannon closed
   * its connections at the end of its window); resolves to how many were.
   */
  settle(): Promise<number>;
  close(): Promise<void>;
}

const GRACE_MS = 1000;

/** One connection kept open for the run, so probing costs a query, not a connection set-up. */
export async function idleProbe(url: string): Promise<IdleProbe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const busy = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend'
         and state = 'active' and pid <> pg_backend_pid()
         -- The job queue's own connections work on between calls (emails draining): a
         -- cancelled one would only make a job run again.
         and application_name <> 'reloop-jobs'`,
    );
    return rows.map((row) => row.pid);
  };
  // Idle only counts when it holds for a few polls: a cancelled request's other statement may
  // still be queued in the app's pool, about to start.
  const stillBusy = async () => {
    for (let poll = 0; poll < 3; poll++) {
      const running = await busy();
      if (running.length) return running;
      await sleep(20);
    }
    return [];
  };
  return {
    async settle() {
      const deadline = Date.now() + GRACE_MS;
      let running = await stillBusy();
      while (running.length && Date.now() < deadline) {
        await sleep(20);
        running = await stillBusy();
      }
      let cancelled = 0;
      for (let tries = 0; running.length && tries < 200; tries++) {
        const { rows } = await client.query<{ done: boolean }>(
          'select pg_cancel_backend(pid) as done from unnest($1::int[]) pid',
          [running],
        );
        cancelled += rows.filter((row) => row.done).length;
        await sleep(20);
        running = await stillBusy();
      }
      return cancelled;
    },
    close: () => client.end(),
  };
}
