import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { databaseUrlWithName } from './helpers/database.ts';

/**
 * Migrates one database per run and lets every test start from a copy of it: a PGlite dump
 * for the embedded engine, a template database for PostgreSQL. Copies take well under a
 * second, so each test gets a clean database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB;
  if (engine === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'reloop-test-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL tests');
  const template = `reloop_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrlWithName(serverUrl, template),
  });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}
