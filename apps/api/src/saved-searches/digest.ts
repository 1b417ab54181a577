import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { savedSearchMatches } from '../db/schema.ts';
import { lockUserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';

/**
 * The digest of a user's saved-search matches (DESIGN §17): the bell tells of each match at
 * once, email at most once every SEARCH_DIGEST_HOURS (a day). A `digest` job per user is queued
 * with the match that needs one, to start when the user's last digest is that long ago (at once
 * if it is already). The queue holds one waiting digest per user (pg-boss's `short` policy keyed
 * by the user), so later matches join the one already waiting. A job rather than a schedule
 * (pg-boss `schedule`, a cron): nothing runs for the many users with nothing new, a digest leaves
 * within the minute its time comes, and it survives restarts and runs once across instances as
 * every job does.
 */

export interface Digests {
  db: Database;
  jobs: JobQueue;
  /** The least time between two digests of one user. */
  everyMs: number;
}

/** When the user's next digest may go: a digest's interval after the last; null before any. */
async function nextDigestAt(tx: Database, userId: string, everyMs: number): Promise<Date | null> {
  const [last] = await tx
    .select({ at: max(savedSearchMatches.digestedAt) })
    .from(savedSearchMatches)
    .where(eq(savedSearchMatches.userId, userId));
  return last?.at ? new Date(last.at.getTime() + everyMs) : null;
}

/** Queues the user's digest, in `tx` (the match's), unless one is waiting already. */
export async function queueDigest(tx: Database, digests: Digests, userId: string): Promise<void> {
  const due = await nextDigestAt(tx, userId, digests.everyMs);
  await digests.jobs.enqueue(
    tx,
    'digest',
    { userId },
    { singletonKey: userId, ...(due ? { startAfter: due } : {}) },
  );
}

/**
 * Takes the user's matches that no digest has taken yet and queues their email, in one
 * transaction under the user's row lock, so two digest jobs of one user (a match recorded while
 * one ran) take each match once. A job that finds the last digest too recent (it was queued
 * against an older one) waits again.
 */
async function digest(digests: Digests, userId: string): Promise<void> {
  await digests.db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const due = await nextDigestAt(tx, userId, digests.everyMs);
    if (due && due.getTime() > Date.now()) {
      await queueDigest(tx, digests, userId);
      return;
    }
    // Milliseconds, as the email job's time carries them, so the email finds these matches by it.
    const [taken] = await tx
      .update(savedSearchMatches)
      .set({ digestedAt: sql`date_trunc('milliseconds', now())` })
      .where(and(eq(savedSearchMatches.userId, userId), isNull(savedSearchMatches.digestedAt)))
      .returning({ at: savedSearchMatches.digestedAt });
    if (!taken?.at) return;
    await digests.jobs.enqueue(tx, 'email', {
      kind: 'searchDigest',
      userId,
      digestedAt: taken.at.toISOString(),
    });
  });
}

/** Digest jobs at once in this process (jobs/queue.ts). */
const DIGEST_WORKERS = 1;

export function startDigests(digests: Digests): void {
  digests.jobs.work('digest', DIGEST_WORKERS, (job) => digest(digests, job.data.userId));
}
