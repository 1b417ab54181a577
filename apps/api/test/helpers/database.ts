import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

/** A fresh, migrated database of its own, copied from the run's template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = inject('postgresServerUrl');
  const name = `reloop_test_${randomUUID().replaceAll('-', '')}`;
  await withServer(serverUrl, (client) =>
    client.query(`create database "${name}" template "${inject('postgresTemplate')}"`),
  );
  return openDatabase(databaseUrlWithName(serverUrl, name), () =>
    withServer(serverUrl, (client) => dropWhenDisconnected(client, name)),
  );
}

/**
 * The pool's `end()` resolves before its connections have finished closing; dropping the
 * database `with (force)` at that moment kills them, and the error surfaces as unhandled. So
 * the drop waits for them to leave, and forces only as a last resort.
 */
async function dropWhenDisconnected(client: pg.Client, name: string): Promise<void> {
  const OBJECT_IN_USE = '55006';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await client.query(`drop database if exists "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await client.query(`drop database if exists "${name}" with (force)`);
}

async function withServer<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlWithName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
