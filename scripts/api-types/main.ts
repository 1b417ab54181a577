// `npm run api:types`: regenerates apps/web/src/lib/api-schema.ts from the OpenAPI document the
// API serves. Run it after changing a route's schema; an API test fails until it has been run.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { API_TYPES_FILE, renderApiTypes, servedDocument } from './render.ts';

/**
 * The document comes from the routes alone, so the app gets no database: its pool points at a
 * socket directory that does not exist, and its job queue stays idle. The one query tried at
 * start (settling interrupted payments) fails, is logged to a disabled logger, and changes
 * nothing.
 */
const NO_DATABASE = 'postgres://reloop@localhost/none?host=/nonexistent';

const dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-api-types-'));
// The same settings as the API tests' app: the test payment provider, no Google sign-in.
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }),
  jwtSecret: randomBytes(32).toString('hex'),
  database: openDatabase(NO_DATABASE),
  jobs: { idle: true },
  logger: false,
});
try {
  await writeFile(API_TYPES_FILE, await renderApiTypes(await servedDocument(app)));
  console.log(`Wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
