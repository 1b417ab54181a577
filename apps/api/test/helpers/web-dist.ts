import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** The built web app's index.html, reduced to what the server splices a page's head into. */
export const INDEX_HTML = '<!doctype html><head><title>Reloop</title></head><div id="root"></div>';

/**
 * A built web app of just index.html, made before the test file's tests and removed after
 * them; `dir` is where, for createTestApp's webDistDir.
 */
export function useWebDist(): { readonly dir: string } {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reloop-web-'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
  };
}
