import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Db, type Job, type JobResult, type Queue, type SendOptions } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { preparedOn } from '../db/prepared.ts';
import type { EmailJob } from '../mail/email-jobs.ts';
import type { ListingChange } from '../products/listing-changes.ts';

/**
 * The one way Reloop runs work later or again (DESIGN §14): a job queue in PostgreSQL (pg-boss),
 * so it needs nothing beyond the database every instance already shares. A job is enqueued in
 * the transaction of the event that causes it, so it exists exactly when the event does; a
 * worker runs it with retries and backoff, and across instances each job runs once (pg-boss
 * claims jobs with SKIP LOCKED). Jobs outlive processes: a job whose worker died is retried
 * when its claim expires.
 */

/** Every queue and what its jobs carry. */
export interface JobData {
  email: EmailJob;
  /** A booking's refund to send: cancelled, ended with an account, or a complaint's (payments/refund-jobs.ts). */
  refund: { bookingId: string };
  /** A handed-over booking's held money, released at its `releaseAt` (money/escrow.ts). */
  release: { bookingId: string };
  /** A released booking's money, transferred to its seller (money/payouts.ts). */
  payout: { bookingId: string };
  /** A handed-over booking's reviews, shown when the review window ends (reviews/reviews.ts). */
  reveal: { bookingId: string };
  /** A listing's change, told to its watchers and matching saved searches (watchlist/listing-news.ts). */
  listing: { productId: string; change: ListingChange };
  /** A user's saved-search matches, emailed at most once a day (saved-searches/digest.ts). */
  digest: { userId: string };
  /** A suspension's end: the account's listings come back (moderation/suspensions.ts). */
  suspensionEnd: { userId: string };
  /** Live events older than a stream can resume from, deleted every hour (events/pruning.ts). */
  pruneLiveEvents: Record<string, never>;
}
export type QueueName = keyof JobData;

/**
 * Work that waits out a service that is down (the SMTP server, the payment provider): retried
 * with exponential backoff up to an hour apart, for about four days, before it counts as failed
 * (kept, never dropped). A job is taken back from its worker only when its 5-minute claim runs
 * out, longer than any call it makes may take (the transport's and the provider's timeouts): the
 * worker died. Workers look for new jobs every 2 s and, while batches come full, at once; a job
 * does not NOTIFY them: a NOTIFY takes a lock every committing transaction that sent one waits
 * for in turn, which halved booking create's rate with its email on (decision 018).
 */
const PATIENT: Omit<Queue, 'name'> = {
  retryLimit: 100,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  retentionSeconds: 14 * 24 * 3600,
};

/**
 * How each queue retries. Running a money job again moves nothing twice: a refund is claimed and
 * sent with an idempotency key (payments/refunds.ts), a release checks the booking's funds under
 * its row lock, and a transfer carries the booking's idempotency key (money/payouts.ts). Nor does
 * a listing's news tell anyone twice: each match is recorded once, and a listing has one unread
 * notice of a kind per user.
 */
const QUEUES: { [Name in QueueName]: Omit<Queue, 'name'> } = {
  email: PATIENT,
  refund: PATIENT,
  release: PATIENT,
  payout: PATIENT,
  reveal: PATIENT,
  pruneLiveEvents: PATIENT,
  listing: PATIENT,
  suspensionEnd: PATIENT,
  // One waiting digest per user (its singletonKey): later matches join it.
  digest: { ...PATIENT, policy: 'short' },
};

export interface JobQueueOptions {
  /** The first retry's delay in seconds, doubling after; tests shorten it. */
  retryDelaySeconds?: number;
  /** Never started: for an app built only to describe its routes (`npm run api:types`). */
  idle?: boolean;
}

/** Where the queue reports failures: the app's logger. */
export type JobLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** Names of the queue's statements prepared on the app's connections, by their text. */
const statementNames = new Map<string, string>();

/**
 * The queue's statements run in `tx`, each prepared by name on the connection the first time
 * it runs there (as the app's own hot statements are, db/prepared.ts): a booking's job is the
 * same INSERT every time, and parsing and planning it on each booking cost as much as the
 * booking's own statement. pg-boss writes its statements with `$n` parameters, which
 * node-postgres takes as they are.
 */
function preparedIn(tx: Database): Db {
  return {
    async executeSql(text, values = []) {
      let name = statementNames.get(text);
      if (!name) {
        name = `jobs_${statementNames.size}`;
        statementNames.set(text, name);
      }
      const prepared = preparedOn(tx, { sql: text, params: values }, name);
      return { rows: (await prepared.execute()).rows };
    },
  };
}

/** A queue's jobs by state, as pg-boss last counted them (its monitor, about once a minute). */
export interface QueueDepth {
  queue: QueueName;
  queued: number;
  active: number;
  deferred: number;
  failed: number;
}

export type RunOutcome = 'completed' | 'failed';

/** Jobs a worker takes at once; they run side by side. */
const BATCH = 5;

type Handler<Name extends QueueName> = (job: Job<JobData[Name]>) => Promise<void>;

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #options: JobQueueOptions;
  readonly #log: JobLog;
  readonly #handlers = new Map<QueueName, { handler: Handler<never>; concurrency: number }>();
  readonly #schedules = new Map<QueueName, string>();
  #started = false;
  #observeRun: (queue: QueueName, outcome: RunOutcome) => void = () => undefined;

  constructor(databaseUrl: string, log: JobLog, options: JobQueueOptions = {}) {
    this.#log = log;
    this.#options = options;
    this.#boss = new PgBoss({
      connectionString: databaseUrl,
      // Workers and maintenance only: the jobs themselves are written on the app's own pool.
      max: 4,
      application_name: 'reloop-jobs',
    });
    // A lost connection or a failed maintenance pass is logged; pg-boss retries on its own.
    this.#boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  /** Installs or upgrades the queue's tables when needed, creates the queues, starts workers. */
  async start(): Promise<void> {
    if (this.#options.idle) return;
    await this.#boss.start();
    this.#started = true;
    for (const [name, options] of Object.entries(QUEUES)) {
      const retryDelay = this.#options.retryDelaySeconds ?? options.retryDelay;
      await this.#boss.createQueue(name, { ...options, retryDelay });
      // createQueue leaves an existing queue as it was: a changed policy reaches it here.
      await this.#boss.updateQueue(name, {
        retryLimit: options.retryLimit,
        retryDelay,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds,
        retentionSeconds: options.retentionSeconds,
        // Queues made while jobs still sent a NOTIFY stop doing so.
        notify: false,
      });
    }
    for (const [name, { handler, concurrency }] of this.#handlers) {
      await this.#work(name, handler, concurrency);
    }
    // One schedule per queue in the database, whichever instance writes it: each run is one job.
    for (const [name, cron] of this.#schedules) await this.#boss.schedule(name, cron, {});
  }

  /** Queues a job of `name` at each time `cron` (UTC) names, from start() on. */
  every<Name extends QueueName>(name: Name, cron: string): void {
    if (this.#started) throw new Error(`schedule for ${name} registered after the queue started`);
    this.#schedules.set(name, cron);
  }

  /**
   * Queues a job inside `tx`, the transaction of the event that causes it: if the event rolls
   * back, so does the job. On the pool (`tx` a database), it is a statement of its own.
   */
  async enqueue<Name extends QueueName>(
    tx: Database,
    name: Name,
    data: JobData[Name],
    options: SendOptions = {},
  ): Promise<void> {
    await this.#boss.send(name, data, { ...options, db: preparedIn(tx) });
  }

  /**
   * Runs `handler` for each job of `name` from start() on, in `workers` loops in this process,
   * each taking up to BATCH jobs a fetch. A handler that throws has only its own job retried, as
   * the queue says (per-job results): a failure never makes a finished job run again.
   */
  work<Name extends QueueName>(name: Name, workers: number, handler: Handler<Name>): void {
    if (this.#started) throw new Error(`worker for ${name} registered after the queue started`);
    this.#handlers.set(name, { handler: handler as Handler<never>, concurrency: workers });
  }

  /** Tells `observer` the outcome of each job this process runs (the metrics count them). */
  observeRuns(observer: (queue: QueueName, outcome: RunOutcome) => void): void {
    this.#observeRun = observer;
  }

  /** Every queue's jobs by state; none before the queue has started. */
  async depths(): Promise<QueueDepth[]> {
    if (!this.#started) return [];
    const queues = await this.#boss.getQueues(Object.keys(QUEUES));
    return queues.map((queue) => ({
      queue: queue.name as QueueName,
      queued: queue.queuedCount,
      active: queue.activeCount,
      deferred: queue.deferredCount,
      failed: queue.failedCount,
    }));
  }

  async #work(name: QueueName, handler: Handler<never>, workers: number): Promise<void> {
    await this.#boss.work(
      name,
      {
        batchSize: BATCH,
        localConcurrency: workers,
        perJobResults: true,
        // A full batch means more are waiting: fetch again at once, so a burst drains at the
        // pace of its work, not one batch per poll.
        burstWhenBatchFull: true,
        pollingIntervalSeconds: 2,
      },
      async (jobs) => {
        const outcomes = await Promise.allSettled(jobs.map((job) => handler(job as Job<never>)));
        return jobs.map((job, index): JobResult => {
          const outcome = outcomes[index];
          if (outcome?.status !== 'rejected') {
            this.#observeRun(name, 'completed');
            return { id: job.id, status: 'completed' };
          }
          this.#observeRun(name, 'failed');
          this.#log.warn(
            { err: outcome.reason, queue: name, jobId: job.id, retry: job.retryCount },
            'job failed; it will be retried',
          );
          return { id: job.id, status: 'failed', output: { message: String(outcome.reason) } };
        });
      },
    );
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), and closes the pool. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
