import { existsSync } from 'node:fs';
import {
  access,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import {
  checkMigrations,
  dumpDatabase,
  isEmptyDatabase,
  loadDatabase,
  BackupError,
  rowsFile,
  type DatabaseContents,
} from './database.ts';
import { extractTar, NotATarArchive, readTar, writeTar, type TarEntry } from './tar.ts';

/**
 * `npm run backup` and `npm run restore` (docs/decisions/025): one gzipped tar holding
 * manifest.json first, then every table's rows (database/), the images under DATA_DIR/images
 * (images/) and the token-signing secret generated into DATA_DIR (jwt-secret). Images kept in an
 * S3 bucket stay there, out of the archive.
 */
export const ARCHIVE_FORMAT = 'reloop-backup';
/** 2 added the job queue's rows and the jwt-secret; a format 1 archive has neither. */
const FORMAT_VERSION = 2;
const READABLE_FORMATS = [1, FORMAT_VERSION];
const MANIFEST = 'manifest.json';
const JWT_SECRET_FILE = 'jwt-secret';

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  reloopVersion: string;
  database: DatabaseContents;
  /** The local images archived; a bucket's are not. */
  images: { count: number; bytes: number; bucket: string | undefined };
  /** Whether DATA_DIR/jwt-secret is archived: without JWT_SECRET, tokens are signed with it. */
  jwtSecret: boolean;
}

type BackupConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3' | 'jwtSecret'>;

/** Writes the archive to `file` (a new file); returns what it holds. */
export async function backup(config: BackupConfig, file: string): Promise<Manifest> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file`);
  const staging = await mkdtemp(path.join(tmpdir(), 'reloop-backup-'));
  const partial = `${file}.partial`;
  try {
    await mkdir(path.join(staging, 'database'));
    const database = await withDatabase(config, (url) =>
      dumpDatabase(url, path.join(staging, 'database')),
    );
    const images = config.s3 ? [] : await imageEntries(imagesDir(config));
    const secret =
      config.jwtSecret || !existsSync(jwtSecretFile(config))
        ? []
        : [{ name: JWT_SECRET_FILE, source: jwtSecretFile(config) }];
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      reloopVersion: await reloopVersion(),
      database,
      images: {
        count: images.length,
        bytes: await totalSize(images),
        bucket: config.s3?.bucket,
      },
      jwtSecret: secret.length > 0,
    };
    const manifestFile = path.join(staging, MANIFEST);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const tables = database.tables.map((table) => ({
      name: `database/${path.basename(rowsFile('', table))}`,
      source: rowsFile(path.join(staging, 'database'), table),
    }));
    await writeTar(partial, [
      { name: MANIFEST, source: manifestFile },
      ...tables,
      ...images,
      ...secret,
    ]);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Brings the archive at `file` into an empty DATA_DIR (the embedded server, initialised as on a
 * first start) or an empty DATABASE_URL database; anything else is refused before a change.
 */
export async function restore(config: BackupConfig, file: string): Promise<Manifest> {
  const manifest = await readManifest(file);
  checkMigrations(manifest.database);
  await refuseNonEmptyTarget(config);
  const staging = await mkdtemp(path.join(tmpdir(), 'reloop-restore-'));
  try {
    await extractTar(file, staging, (name) => {
      if (!/^(database|images)\/[^/]/.test(name) && name !== MANIFEST && name !== JWT_SECRET_FILE) {
        throw new BackupError(`${file} holds ${name}, which is not part of a Reloop archive`);
      }
    });
    try {
      await withDatabase(config, (url) =>
        loadDatabase(url, path.join(staging, 'database'), manifest.database),
      );
      await moveImages(path.join(staging, 'images'), imagesDir(config));
      // With JWT_SECRET set (always with DATABASE_URL), tokens are signed with it, not the file.
      if (manifest.jwtSecret && !config.jwtSecret) {
        const secret = await readFile(path.join(staging, JWT_SECRET_FILE));
        await writeFile(jwtSecretFile(config), secret, { mode: 0o600, flag: 'wx' });
      }
    } catch (error) {
      // The target was empty: what this restore wrote there goes again.
      await emptyFolder(config.databaseUrl ? imagesDir(config) : config.dataDir);
      throw error;
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

const imagesDir = (config: BackupConfig) => path.join(config.dataDir, 'images');
const jwtSecretFile = (config: BackupConfig) => path.join(config.dataDir, JWT_SECRET_FILE);

async function refuseNonEmptyTarget(config: BackupConfig): Promise<void> {
  if (config.databaseUrl) {
    if (!(await isEmptyDatabase(config.databaseUrl))) {
      throw new BackupError(
        'the database DATABASE_URL names is not empty: restore into a new, empty database',
      );
    }
    if ((await folderEntries(imagesDir(config))).length > 0) {
      throw new BackupError(
        `${imagesDir(config)} is not empty: restore into a DATA_DIR without images`,
      );
    }
  } else if ((await folderEntries(config.dataDir)).length > 0) {
    throw new BackupError(
      `DATA_DIR ${config.dataDir} is not empty: restore into a new, empty DATA_DIR`,
    );
  }
}

/**
 * The database at DATABASE_URL, or the embedded one under DATA_DIR: the server a running Reloop
 * owns there, or else one started here for the work and stopped after.
 */
async function withDatabase<T>(config: BackupConfig, work: (url: string) => Promise<T>) {
  if (config.databaseUrl) return work(config.databaseUrl);
  const running = await runningEmbeddedPostgresUrl(config.dataDir);
  if (running) return work(running);
  const server = await startEmbeddedPostgres(config.dataDir);
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

/** The first entry names the archive: a manifest of this format and a version this reads. */
async function readManifest(file: string): Promise<Manifest> {
  try {
    await access(file);
  } catch {
    throw new BackupError(`${file} cannot be read`);
  }
  const notReloop = new BackupError(`${file} is not a Reloop archive`);
  const chunks: Buffer[] = [];
  try {
    for await (const event of readTar(file)) {
      if (event.kind === 'data') chunks.push(event.chunk);
      else if (chunks.length > 0 || event.name !== MANIFEST) break;
    }
  } catch (error) {
    if (error instanceof NotATarArchive) throw notReloop;
    throw error;
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Manifest>;
  } catch {
    throw notReloop;
  }
  if (manifest.format !== ARCHIVE_FORMAT || !manifest.database) throw notReloop;
  if (!READABLE_FORMATS.includes(manifest.formatVersion ?? 0)) {
    throw new BackupError(
      `${file} is a Reloop archive of format ${manifest.formatVersion}, which this Reloop cannot read`,
    );
  }
  // Format 1 holds no job queue and no secret.
  const { jobQueueVersion = null } = manifest.database;
  return {
    ...(manifest as Manifest),
    database: { ...manifest.database, jobQueueVersion },
    jwtSecret: manifest.jwtSecret ?? false,
  };
}

/** Every file under the images folder, kept with its path below it. */
async function imageEntries(directory: string): Promise<TarEntry[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((source) => ({
      name: `images/${path.relative(directory, source).split(path.sep).join('/')}`,
      source,
    }));
}

async function moveImages(from: string, to: string): Promise<void> {
  for (const { name, source } of await imageEntries(from)) {
    const target = path.join(to, name.slice('images/'.length));
    await mkdir(path.dirname(target), { recursive: true });
    // The staging folder may be on another file system, where a rename fails.
    await rename(source, target).catch(() => copyFile(source, target));
  }
}

async function totalSize(entries: TarEntry[]): Promise<number> {
  let bytes = 0;
  for (const entry of entries) bytes += (await stat(entry.source)).size;
  return bytes;
}

async function folderEntries(directory: string): Promise<string[]> {
  return readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

async function emptyFolder(directory: string): Promise<void> {
  for (const entry of await folderEntries(directory)) {
    await rm(path.join(directory, entry), { recursive: true, force: true });
  }
}

async function reloopVersion(): Promise<string> {
  const root = new URL('../../../../package.json', import.meta.url);
  return (JSON.parse(await readFile(root, 'utf8')) as { version: string }).version;
}
