import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { databaseUrlWithName } from './helpers/database.ts';

/**
 * One PostgreSQL server for the run: the one TEST_DATABASE_URL names, or else an embedded one
 * started here, exactly as `npm start` starts it. One database is migrated once as a template;
 * every test gets its own copy of it (tens of milliseconds), so each starts clean.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await postgresServer();
  const template = `reloop_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = openDatabase(databaseUrlWithName(server.url, template));
  await database.migrate();
  await database.close();
  // The job queue's tables too, so each test's app finds them installed (about 20 ms, not 100).
  const jobs = new JobQueue(databaseUrlWithName(server.url, template), console);
  await jobs.start();
  await jobs.stop();
  project.provide('postgresServerUrl', server.url);
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
    await server.stop();
  };
}

async function postgresServer(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-test-pg-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresServerUrl: string;
    postgresTemplate: string;
  }
}
