import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import type { QueueName } from '../../src/jobs/queue.ts';

/**
 * Waits until the queue `name` has nothing left to do (no job waiting, retrying or running), so
 * a test can read what its jobs did, or tell that something that did not happen will not.
 * Polls the queue's table.
 */
export async function queueSettled(
  db: Database,
  name: QueueName,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute<{ state: string; count: number }>(
      sql`select state, count(*)::int as count from pgboss.job
        where name = ${name} and state in ('created', 'retry', 'active') group by state`,
    );
    if (result.rows.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the ${name} queue still had work after ${timeoutMs} ms: ${JSON.stringify(result.rows)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
