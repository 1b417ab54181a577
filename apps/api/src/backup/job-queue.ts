import type pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import pgBossPackage from 'pg-boss/package.json' with { type: 'json' };

/**
 * The job queue's half of the database (docs/decisions/025): pg-boss keeps its jobs in its own
 * schema, and jobs waiting there (a held payment's release at its time, payouts, refunds,
 * emails) are deferred work that a restore must bring back. The archive holds those rows; the
 * tables are what pg-boss's own construction plan makes, for the pg-boss schema version the
 * rows were written under.
 */

/** pg-boss's default schema, which jobs/queue.ts uses. */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss tables whose rows are not archived: the queue counts its monitor takes (again within
 * a minute; kept in day partitions a restore would lack), the processes running at backup time
 * (none runs after a restore), and the record of pg-boss's upgrades of that database (a freshly
 * made schema has had them all).
 */
export const NOT_ARCHIVED = ['queue_stats', 'instance', 'bam'].map(
  (name) => `${JOB_SCHEMA}.${name}`,
);

/** The pg-boss schema version this Reloop's pg-boss makes and reads. */
export const JOB_QUEUE_SCHEMA_VERSION = pgBossPackage.pgboss.schema;

/** The pg-boss schema version in the database (its `version` table); null before it started. */
export async function jobQueueVersion(client: pg.Client): Promise<number | null> {
  const { rows } = await client.query<{ installed: boolean }>(
    'select to_regclass($1) is not null as installed',
    [`${JOB_SCHEMA}.version`],
  );
  if (!rows[0]?.installed) return null;
  const version = await client.query<{ version: number }>(
    `select version from ${JOB_SCHEMA}.version`,
  );
  return version.rows[0]?.version ?? null;
}

/**
 * Makes pg-boss's tables inside `client`'s open transaction, as pg-boss installs them. Its plan
 * is a transaction of its own (BEGIN … COMMIT); its statements run here inside the restore's,
 * so a failed restore leaves no queue behind.
 */
export async function createJobQueueSchema(client: pg.Client): Promise<void> {
  const plan = getConstructionPlans(JOB_SCHEMA).trim();
  const statements = /^BEGIN;(.*)COMMIT;$/s.exec(plan)?.[1];
  if (statements === undefined) throw new Error('pg-boss construction plan is not one transaction');
  await client.query(statements);
  // The plan's timeouts are for its own short transaction, not for loading the rows after it.
  await client.query(
    'set local lock_timeout = default; set local idle_in_transaction_session_timeout = default',
  );
}
