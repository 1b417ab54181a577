import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppMetrics, type MetricSources } from './metrics.ts';

/**
 * `GET /metrics` on a listener of its own (METRICS_PORT): the public port, behind whatever
 * balancer faces users, never serves it, and a scraper reaches it without an account. Anything
 * else on this port is a 404.
 */
export class MetricsListener {
  readonly #server: Server;

  constructor(registry: Registry, log: FastifyBaseLogger) {
    this.#server = createServer((request, response) => {
      const path = request.url?.split('?', 1)[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          log.error({ err: error }, 'collecting metrics failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end();
        },
      );
    });
  }

  async listen(port: number, host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
  }

  /** The port it listens on (the one the OS chose for METRICS_PORT=0). */
  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // A scraper's kept-alive connection would hold the close until it timed out.
    this.#server.closeAllConnections();
    await closed;
  }
}

/**
 * Reloop's metrics for `app`: every answer timed by its route (the pattern, never the path, so
 * ids do not make a series each), served on `where` from ready to close.
 */
export function registerMetrics(
  app: FastifyInstance,
  where: { port: number; host: string },
  sources: MetricSources,
): { metrics: AppMetrics; listener: MetricsListener } {
  const metrics = new AppMetrics(sources);
  // Synchronous: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const listener = new MetricsListener(metrics.registry, app.log);
  app.addHook('onReady', () => listener.listen(where.port, where.host));
  app.addHook('onClose', () => listener.close());
  return { metrics, listener };
}
