import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { LiveEventHub } from '../events/hub.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Movement } from '../money/ledger.ts';

export interface MetricSources {
  database: DatabaseHandle;
  jobs: JobQueue;
  liveEvents: LiveEventHub;
}

/**
 * What an operator watches Reloop by (DESIGN §18), in Prometheus's terms: each app has a
 * registry of its own, which `GET /metrics` on METRICS_PORT answers (metrics/listener.ts).
 * Counters count from the process's start; gauges are read when scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'reloop_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'reloop_job_runs_total',
    help: 'Jobs this process ran, by queue and outcome (a failed run is retried)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly providerCalls = new Histogram({
    name: 'reloop_payment_provider_request_duration_seconds',
    help: 'Calls to the payment provider (payments, refunds, transfers), by operation and outcome',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly movements = new Counter({
    name: 'reloop_ledger_movements_total',
    help: 'Money movements booked in the ledger and committed: payment, refund, release, payout',
    labelNames: ['movement'] as const,
    registers: [this.registry],
  });

  readonly movedCents = new Counter({
    name: 'reloop_ledger_moved_cents_total',
    help: 'Cents moved by committed ledger movements, by movement',
    labelNames: ['movement'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const { registry } = this;
    collectDefaultMetrics({ register: registry });
    new Gauge({
      name: 'reloop_db_pool_connections',
      help: "The database pool's connections by state, and its size",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = sources.database.poolUse();
        this.set({ state: 'max' }, use.max);
        this.set({ state: 'open' }, use.total);
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'reloop_db_pool_waiting_queries',
      help: 'Queries waiting for a free database connection',
      registers: [registry],
      collect() {
        this.set(sources.database.poolUse().waiting);
      },
    });
    new Gauge({
      name: 'reloop_job_queue_jobs',
      help: 'Jobs in each queue by state, as the queue last counted them (about once a minute)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        for (const depth of await sources.jobs.depths()) {
          for (const state of ['queued', 'active', 'deferred', 'failed'] as const) {
            this.set({ queue: depth.queue, state }, depth[state]);
          }
        }
      },
    });
    new Gauge({
      name: 'reloop_event_streams_open',
      help: 'Live event streams this instance holds open (GET /api/events)',
      registers: [registry],
      collect() {
        this.set(sources.liveEvents.openStreams);
      },
    });
    sources.jobs.observeRuns((queue, outcome) => this.jobRuns.inc({ queue, outcome }));
    movementCounters.set(sources.database.db, this);
  }
}

/** Each database's metrics, so the ledger counts a movement where its app reports. */
const movementCounters = new WeakMap<Database, AppMetrics>();

/** Counts a committed movement of `cents` on the app whose database `db` is. */
export function countMovement(db: Database, movement: Movement, cents: number): void {
  const metrics = movementCounters.get(db);
  metrics?.movements.inc({ movement });
  metrics?.movedCents.inc({ movement }, cents);
}
