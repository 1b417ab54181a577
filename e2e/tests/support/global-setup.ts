import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../../src/browser.ts';

/**
 * Builds the web app and the server bundle once before the journeys, so the servers they start
 * side by side (each through `npm start`'s script, which builds when stale) never build
 * concurrently; then starts the one chromium every test file connects to (a new context per
 * journey, as before), instead of a browser launched and closed per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('building the web app or the server failed');
  const chromium = await launchChromiumServer();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return () => chromium.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}
