// A SQL connection to the embedded PostgreSQL that `npm start` runs under DATA_DIR, for
// loading the benchmark's volume into it. This is the one place that knows how the embedded
// server is laid out (apps/api/src/db/embedded-postgres.ts): superuser `postgres`, password in
// DATA_DIR/pg-password, database `reloop`, a free loopback port chosen at each start, which
// PostgreSQL itself records on line 4 of DATA_DIR/pg/postmaster.pid.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const pidFile = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  if (!password || !Number.isInteger(port) || port <= 0) {
    throw new Error(`no embedded PostgreSQL found under ${dataDir}`);
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/reloop`;
}
