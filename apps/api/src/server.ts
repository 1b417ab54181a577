// The process entry point: read config, open and migrate the database, seed, listen, and shut
// down cleanly on SIGINT/SIGTERM (stop accepting, answer every request already received, close
// the database, exit 0). docs/architecture.md, "What happens when things fail".
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, resolveJwtSecret, type AppConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { webDistDir } from './paths.ts';
import { demoAccounts, seedDatabase } from './seed/seed.ts';

// V8 watches which allocation sites make objects that survive a collection, and allocates
// their later objects straight in the old generation. Under load it took objects that live for
// one request for long-lived ones: the old generation filled at 30 MB/s, Node grew to 250–300 MB
// resident instead of about 180, and mark-compacts showed in every list's p99. Set before the
// first request; docs/decisions/014.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

/** Past this, a shutdown is stuck (e.g. a request that never ends): exit 1 rather than hang. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(shutdown: Shutdown): Promise<void> {
  const config = loadConfigOrExit();
  const opening = connectDatabase(config);
  shutdown.closeWith(() => opening.then((database) => database.close()));
  const database = await opening;
  let app: FastifyInstance;
  try {
    app = await database.exclusively(async () => {
      await database.migrate();
      return buildApp({ config, jwtSecret: resolveJwtSecret(config), database, webDistDir });
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // From here the app owns the database: closing the app closes it.
  shutdown.closeWith(() => app.close(), app.log);
  drainOnClose(app);
  try {
    await database.exclusively(() =>
      seedDatabase(app.db, { images: app.images, admin: config.admin, demo: config.seedDemo }),
    );
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  printWelcome(config, app.server.address(), app.payments.name, app.metricsPort);
}

/**
 * Closing the app first drains HTTP: the listener stops, every answer from then on says
 * `Connection: close` (the client then opens a new connection, refused, instead of sending on
 * this one, and Node ends the connection once it is sent), and only when no connection is left
 * do the onClose hooks, the database among them, run. Fastify keeps serving requests meanwhile
 * (return503OnClosing is off, app.ts).
 */
function drainOnClose(app: FastifyInstance): void {
  // Synchronous: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', () => drainConnections(app.server, app.log));
}

/** Idle keep-alive connections get this long to deliver a request already on its way. */
const IDLE_GRACE_MS = 1_000;
/** Connections still busy then (a request that never ends) are cut, so the database closes. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Stops accepting and waits for every connection to end. Node's http `close()` would destroy
 * the connections idle at that instant, and a client whose next request is in transit on one
 * gets a reset: the net server's close keeps them, and idle ones are closed every IDLE_GRACE_MS
 * (the first time those idle since the close, then any whose answer began before it and so
 * could not say `Connection: close`).
 */
async function drainConnections(server: HttpServer, log: FastifyBaseLogger): Promise<void> {
  const ended = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
  const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  const cutBusy = setTimeout(() => {
    log.warn(`connections still busy after ${DRAIN_TIMEOUT_MS} ms of shutdown, closing them`);
    server.closeAllConnections();
  }, DRAIN_TIMEOUT_MS);
  await ended;
  clearInterval(closeIdle);
  clearTimeout(cutBusy);
}

type Log = Pick<FastifyInstance['log'], 'info' | 'error'>;

interface Shutdown {
  /** True once a signal arrived: a start that fails after it is being stopped, not broken. */
  readonly stopping: boolean;
  /** What a signal closes from now on, and where it reports. */
  closeWith(close: () => Promise<void>, log?: Log): void;
}

/**
 * close-with-grace handles the signals (SIGINT, SIGTERM, SIGHUP, …) and uncaught errors: the
 * first closes whatever is open then and exits 0 (1 after an error), a second one or
 * SHUTDOWN_GRACE_MS without finishing exits 1 at once.
 */
function stopOnSignals(): Shutdown {
  let close: () => Promise<void> = async () => {};
  let log: Log = {
    info: () => {},
    error: (...args: unknown[]) => console.error(...args),
  };
  let stopping = false;
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (error: unknown) => log.error({ err: error }, 'shutdown failed') },
      onTimeout: (delay) => log.error(`shutdown took longer than ${delay} ms, exiting`),
      onSecondSignal: (signal) =>
        log.error({ signal }, 'second signal while shutting down, exiting'),
      onSecondError: (error) => log.error({ err: error }, 'error while shutting down, exiting'),
    },
    async ({ signal, err }) => {
      stopping = true;
      if (err) log.error({ err }, 'uncaught error, shutting down');
      else log.info({ signal }, 'shutting down');
      await close();
      log.info('shut down');
    },
  );
  return {
    get stopping() {
      return stopping;
    },
    closeWith: (next, nextLog) => {
      close = next;
      if (nextLog) log = nextLog;
    },
  };
}

function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function printWelcome(
  config: AppConfig,
  address: AddressInfo | string | null,
  paymentProvider: 'test' | 'stripe',
  metricsPort: number | undefined,
): void {
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host)
    ? 'localhost'
    : config.host;
  const baseUrl = config.publicUrl ?? `http://${host}:${port}`;
  const lines = [`Reloop is running on ${baseUrl}`];
  lines.push(
    `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`}`,
  );
  lines.push(
    paymentProvider === 'stripe'
      ? `  payments: Stripe (webhook endpoint: ${baseUrl}/api/payments/stripe/webhook)`
      : '  payments: built-in test provider (card 4242 4242 4242 4242)',
  );
  if (config.metrics && metricsPort !== undefined) {
    lines.push(`  metrics: http://${config.metrics.host}:${metricsPort}/metrics`);
  }
  if (config.seedDemo) {
    lines.push('  demo accounts:');
    for (const account of demoAccounts) {
      lines.push(`    ${account.role.padEnd(6)}  ${account.email}  /  ${account.password}`);
    }
  }
  if (config.admin) lines.push(`  admin account: ${config.admin.email}`);
  console.log(lines.join('\n'));
}

// Signals are handled from the first moment: a Ctrl-C while the embedded database starts must
// stop it too, never leave it running without its app.
const shutdown = stopOnSignals();
main(shutdown).catch((error: unknown) => {
  if (shutdown.stopping) return;
  console.error(
    `Reloop could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
