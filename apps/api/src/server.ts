import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, resolveJwtSecret, type AppConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { demoAccounts, seedDatabase } from './seed/seed.ts';

/**
 * The process entry point: read config, open and migrate the database, seed, listen, and
 * shut down cleanly on SIGINT/SIGTERM (stop accepting, finish requests, close the database).
 */
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

async function main(shutdown: Shutdown): Promise<void> {
  const config = loadConfigOrExit();
  const opening = connectDatabase(config);
  shutdown.closeWith(() => opening.then((database) => database.close()));
  const database = await opening;
  let app: FastifyInstance;
  try {
    await database.migrate();
    app = await buildApp({ config, jwtSecret: resolveJwtSecret(config), database, webDistDir });
  } catch (error) {
    await database.close();
    throw error;
  }
  // From here the app owns the database: closing the app closes it.
  shutdown.closeWith(() => app.close(), app.log);
  try {
    await seedDatabase(app.db, { images: app.images, admin: config.admin, demo: config.seedDemo });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  printWelcome(config, app.server.address(), app.payments.name);
}

interface Shutdown {
  /** True once a signal arrived: a start that fails after it is being stopped, not broken. */
  readonly stopping: boolean;
  /** What a signal closes from now on, and where it reports. */
  closeWith(close: () => Promise<void>, log?: Pick<FastifyInstance['log'], 'info' | 'error'>): void;
}

function stopOnSignals(): Shutdown {
  let close: () => Promise<void> = async () => {};
  let log: Pick<FastifyInstance['log'], 'info' | 'error'> = {
    info: () => {},
    error: (...args: unknown[]) => console.error(...args),
  };
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
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
