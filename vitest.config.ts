import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One run for everything: the API suite on embedded PGlite, again on PostgreSQL when
 * TEST_DATABASE_URL is set, the web app's component tests, and the browser journeys when
 * Debian's chromium is installed.
 */
const apiProject = (engine: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name: `api:${engine}`,
    root: 'apps/api',
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/unit/**',
      // The process test is about start-up and signals, not the engine: PGlite covers it.
      ...(engine === 'postgres' ? ['test/server.test.ts'] : []),
    ],
    env: { TEST_DB: engine },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

if (!process.env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the API tests run on PGlite only, not PostgreSQL.');
}

/** Code that touches no database runs once. */
const apiUnitProject: TestProjectConfiguration = {
  test: { name: 'api:unit', root: 'apps/api', include: ['test/unit/**/*.test.ts'] },
};

/** Every role's journey in a real browser, against real servers (one per file). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eProject: TestProjectConfiguration = {
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};
const runE2e = existsSync(chromiumPath);
if (!runE2e) {
  if (process.env.E2E_REQUIRED)
    throw new Error(`E2E_REQUIRED is set but ${chromiumPath} is missing`);
  console.warn(
    `SKIPPING the browser e2e suite: no chromium at ${chromiumPath} (apt-get install chromium).`,
  );
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      apiUnitProject,
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      'apps/web/vite.config.ts',
      ...(runE2e ? [e2eProject] : []),
    ],
  },
});
