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

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await connectDatabase(config);
  let app: FastifyInstance;
  try {
    await database.migrate();
    app = await buildApp({ config, jwtSecret: resolveJwtSecret(config), database, webDistDir });
  } catch (error) {
    // The embedded server must not outlive a failed start.
    await database.close();
    throw error;
  }
  // From here the app owns the database: closing the app closes it.
  try {
    await seedDatabase(app.db, { images: app.images, admin: config.admin, demo: config.seedDemo });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  stopOnSignals(app);
  printWelcome(config, app.server.address(), app.payments.name);
}

function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
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

main().catch((error: unknown) => {
  console.error(
    `Reloop could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
