import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';

/**
 * How long live events are kept: a stream that reconnects later than this has been away long
 * enough that its pages read everything again anyway (the web does so on every reconnect).
 */
const KEPT = sql`interval '1 day'`;

/** Deletes expired live events every hour, as a job: once across instances, never lost. */
export function startLiveEventPruning(db: Database, jobs: JobQueue): void {
  jobs.work('pruneLiveEvents', 1, async () => {
    await db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - ${KEPT}`));
  });
  jobs.every('pruneLiveEvents', '0 * * * *');
}
