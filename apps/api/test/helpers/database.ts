import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, withClient, type DatabaseHandle } from '../../src/db/client.ts';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own, copied from the run's template, or from `template`
 * (a test database nobody is connected to: a fixture built once and copied for each test).
 */
export async function createTestDatabase(
  template = inject('postgresTemplate'),
): Promise<TestDatabase> {
  const serverUrl = inject('postgresServerUrl');
  const name = `reloop_test_${randomUUID().replaceAll('-', '')}`;
  const copied = await withClient(serverUrl, (client) =>
    whileInUse(() => client.query(`create database "${name}" template "${template}"`)),
  );
  if (!copied) throw new Error(`${template} stayed in use; it cannot be copied`);
  return {
    name,
    url: databaseUrlWithName(serverUrl, name),
    drop: () => withClient(serverUrl, (client) => dropWhenDisconnected(client, name)),
  };
}

/** A pool on a fresh database (a copy of `template` if given); closing it drops the database. */
export async function openTestDatabase(template?: string): Promise<DatabaseHandle> {
  const database = await createTestDatabase(template);
  return openDatabase(database.url, database.drop);
}

/**
 * The pool's `end()` resolves before its connections have finished closing, so a database just
 * left may still be in use for a moment: copying it or dropping it waits for them to leave.
 * Dropping `with (force)` at once would kill them, and their error surfaces as unhandled; it
 * is the last resort.
 */
async function dropWhenDisconnected(client: pg.Client, name: string): Promise<void> {
  const dropped = await whileInUse(() => client.query(`drop database if exists "${name}"`));
  if (!dropped) await client.query(`drop database if exists "${name}" with (force)`);
}

/** Runs `query` until no other session uses its database (2 s at most); false if never. */
async function whileInUse(query: () => Promise<unknown>): Promise<boolean> {
  const OBJECT_IN_USE = '55006';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await query();
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return false;
}

export function databaseUrlWithName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
