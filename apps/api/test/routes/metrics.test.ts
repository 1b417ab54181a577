import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/payments/provider.ts';
import { call, sellProduct } from '../helpers/behaviour.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { createActor, createProductAs } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `GET /metrics` (DESIGN §18): Prometheus text on METRICS_PORT only, counting what an operator
 * alerts on. Counters are read before and after, so each test sees only what it caused.
 */
let t: TestApp;
afterEach(() => t.close());

const metricsApp = (options: Parameters<typeof createTestApp>[0] = {}) =>
  createTestApp({ ...options, env: { METRICS_PORT: '0', HOST: '127.0.0.1', ...options.env } });

async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`http://127.0.0.1:${t.app.metricsPort}/metrics`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The value of the sample `name{labels}` (labels in any order), or 0 when it is not there. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const { text } = await scrape();
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** Calls to the payment provider of `operation` that ended in `outcome`. */
const providerCalls = (operation: string, outcome: 'success' | 'failure') =>
  sample('reloop_payment_provider_request_duration_seconds_count', { operation, outcome });

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the metric never reached its value');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('metrics', () => {
  it('serves Prometheus text on its own port, with the process and the pool', async () => {
    t = await metricsApp();
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'reloop_http_request_duration_seconds',
      'reloop_db_pool_connections',
      'reloop_db_pool_waiting_queries',
      'reloop_job_queue_jobs',
      'reloop_job_runs_total',
      'reloop_payment_provider_request_duration_seconds',
      'reloop_ledger_movements_total',
      'reloop_event_streams_open',
    ]) {
      expect(response.text, name).toContain(`# TYPE ${name} `);
    }
    expect(await sample('reloop_db_pool_connections', { state: 'max' })).toBe(10);
    expect(await sample('reloop_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    // Every queue is there, counted as the queue last counted it.
    for (const queue of ['email', 'refund', 'release', 'payout', 'listing']) {
      expect(response.text).toMatch(
        new RegExp(`^reloop_job_queue_jobs\\{queue="${queue}",state="queued"\\} \\d+$`, 'm'),
      );
    }
  });

  it('is never served on the public port, nor anything else on its own', async () => {
    t = await metricsApp();
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('reloop_');
    const other = await fetch(`http://127.0.0.1:${t.app.metricsPort}/api/health`);
    expect(other.status).toBe(404);
    const posted = await fetch(`http://127.0.0.1:${t.app.metricsPort}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(404);
  });

  it('has no listener without METRICS_PORT', async () => {
    t = await createTestApp();
    expect(t.app.metricsPort).toBeUndefined();
  });

  it('times each answer by its route pattern and status, never by its path', async () => {
    t = await metricsApp();
    const ok = { method: 'GET', route: '/api/product/:id', status_code: '404' };
    const before = await sample('reloop_http_request_duration_seconds_count', ok);
    for (const id of [
      '0b6e8f0e-2c1d-4a59-9c39-8f0d3b1f0a11',
      '1b6e8f0e-2c1d-4a59-9c39-8f0d3b1f0a12',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).statusCode).toBe(
        404,
      );
    }
    expect(await sample('reloop_http_request_duration_seconds_count', ok)).toBe(before + 2);
    const { text } = await scrape();
    expect(text).not.toContain('0b6e8f0e');
  });

  it('counts payments, refunds and the ledger movements they book', async () => {
    t = await metricsApp();
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const { buyer, bookingId } = await sellProduct(t.app, productId);
    expect(await providerCalls('create_intent', 'success')).toBe(1);
    expect(await sample('reloop_ledger_movements_total', { movement: 'payment' })).toBe(1);
    const price = await sample('reloop_ledger_moved_cents_total', { movement: 'payment' });
    expect(price).toBeGreaterThan(0);

    const cancelled = await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, {
      actor: buyer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await providerCalls('refund', 'success')).toBe(1);
    expect(await sample('reloop_ledger_movements_total', { movement: 'refund' })).toBe(1);
    expect(await sample('reloop_ledger_moved_cents_total', { movement: 'refund' })).toBe(price);
  });

  it('counts a refused provider call and the failed job run behind it', async () => {
    let refundsFail = true;
    const failingRefunds = (provider: PaymentProvider): PaymentProvider => ({
      name: provider.name,
      createIntent: (input) => provider.createIntent(input),
      retrieveIntent: (id) => provider.retrieveIntent(id),
      refund: async (intentId, cents) => {
        if (refundsFail) throw new Error('the provider is down');
        return provider.refund(intentId, cents);
      },
      transfer: (input) => provider.transfer(input),
      createPayoutAccount: (input) => provider.createPayoutAccount(input),
      payoutOnboardingUrl: (accountId, url) => provider.payoutOnboardingUrl(accountId, url),
    });
    t = await metricsApp({ wrapPayments: failingRefunds, jobs: { retryDelaySeconds: 1 } });
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    await sellProduct(t.app, productId);

    // A seller who leaves cancels their paid booking; its refund is a job, which fails for now.
    const left = await call(t.app, 'DELETE', '/api/auth/account', {
      actor: seller,
      payload: { password: 'correct horse battery' },
    });
    expect(left.statusCode, left.body).toBe(204);
    await waitFor(
      async () =>
        (await sample('reloop_job_runs_total', { queue: 'refund', outcome: 'failed' })) >= 1,
    );
    expect(await providerCalls('refund', 'failure')).toBeGreaterThanOrEqual(1);
    expect(await providerCalls('refund', 'success')).toBe(0);

    // The provider is back: the retried job sends the refund.
    refundsFail = false;
    await waitFor(
      async () =>
        (await sample('reloop_job_runs_total', { queue: 'refund', outcome: 'completed' })) === 1,
    );
    expect(await providerCalls('refund', 'success')).toBe(1);
  });

  it('counts the event streams open on this instance', async () => {
    t = await metricsApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const buyer = await createActor(t.app, 'buyer');
    expect(await sample('reloop_event_streams_open')).toBe(0);
    const first = await openEventStream(address, buyer.token);
    const second = await openEventStream(address, buyer.token);
    await waitFor(async () => (await sample('reloop_event_streams_open')) === 2);
    first.close();
    second.close();
    await waitFor(async () => (await sample('reloop_event_streams_open')) === 0);
  });
});
