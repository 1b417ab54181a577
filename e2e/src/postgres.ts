import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database on the test server; `drop()` removes it. `serverEnv` is what
 * a Reloop server on it is started with: the database, and the JWT_SECRET every instance on a
 * shared database must have (DESIGN §13), fresh each time.
 */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `reloop_e2e_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverEnv: { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') },
    // The app has shut down by then; force only ends connections a crashed run left behind.
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
