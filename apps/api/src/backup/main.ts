// `npm run backup -- <file>` and `npm run restore -- <file>`: configured as the server is (the
// same environment variables), one line of outcome, exit 1 with one line on any refusal.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { EmbeddedPostgresError } from '../db/embedded-postgres.ts';
import { backup, restore, type Manifest } from './backup.ts';
import { BackupError } from './database.ts';

const COMMANDS = { backup, restore } as const;

async function main(): Promise<void> {
  const [command, file, ...extra] = process.argv.slice(2);
  if (!(command === 'backup' || command === 'restore') || !file || extra.length > 0) {
    throw new BackupError(`usage: npm run ${command ?? 'backup'} -- <archive file>`);
  }
  const config = loadConfig(process.env);
  const archive = path.resolve(file);
  const started = performance.now();
  const manifest = await COMMANDS[command](config, archive);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const verb = command === 'backup' ? 'Backed up' : 'Restored';
  const direction = command === 'backup' ? 'to' : 'from';
  const { database, images } = manifest;
  const rows = database.tables.reduce((sum, table) => sum + table.rows, 0);
  const contents = `${database.tables.length} tables (${rows.toLocaleString('en')} rows)`;
  const line = `${verb} ${contents}${localImages(manifest)} ${direction} ${archive} in ${seconds} s`;
  const notes = [
    images.bucket && `images are in the S3 bucket ${images.bucket}, not in the archive`,
    // Sign-ins and the unsubscribe links in sent emails are signed with the secret.
    (!manifest.jwtSecret || config.jwtSecret) &&
      'sign-ins and unsubscribe links hold only where the same JWT_SECRET is set',
  ].filter(Boolean);
  console.log([line, ...notes].join('; '));
}

function localImages({ images }: Manifest): string {
  if (images.bucket) return '';
  return ` and ${images.count} images (${(images.bytes / 1_000_000).toFixed(1)} MB)`;
}

const EXPECTED = [ConfigError, BackupError, EmbeddedPostgresError];

main().catch((error: unknown) => {
  const expected = EXPECTED.some((kind) => error instanceof kind);
  console.error(expected ? (error as Error).message : error);
  process.exitCode = 1;
});
