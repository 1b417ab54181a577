// The backup part of the bench (DESIGN §18), in the full run on PostgreSQL right after the
// volume is loaded, and alone with BENCH_BACKUP_ONLY=1: `npm run backup`'s work on the bench
// database (a million listings), then `npm run restore`'s into a new, empty database on the same
// server, each timed once, with the archive's size. The bench's DATA_DIR holds no images, so
// the figures are the database's.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { backup, restore } from '../../apps/api/src/backup/backup.ts';
import { createPostgresDatabase } from '../../e2e/src/postgres.ts';
import { scratchDir, type Cleanup } from './setup.ts';

export interface BackupRun {
  sqlUrl: string;
  cleanup: Cleanup;
  log: (line: string) => void;
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

export async function benchBackup({ sqlUrl, cleanup, log }: BackupRun): Promise<void> {
  const dataDir = await scratchDir(cleanup);
  const archive = path.join(dataDir, 'bench.tgz');
  log('\nbackup: the bench database into one archive, then restored into an empty database…');
  let started = performance.now();
  const manifest = await backup(
    { dataDir, databaseUrl: sqlUrl, s3: undefined, jwtSecret: undefined },
    archive,
  );
  const backupSeconds = seconds(started);
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  const megabytes = ((await stat(archive)).size / 1_000_000).toFixed(0);
  log(`  backup: ${backupSeconds} s, ${rows.toLocaleString('en')} rows, archive ${megabytes} MB`);
  const target = await createPostgresDatabase(sqlUrl);
  cleanup.add(() => target.drop());
  started = performance.now();
  await restore(
    {
      dataDir: path.join(dataDir, 'restored'),
      databaseUrl: target.url,
      s3: undefined,
      jwtSecret: undefined,
    },
    archive,
  );
  log(`  restore into an empty database: ${seconds(started)} s`);
  await target.drop();
}
