import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One run for everything: the API suite once, on real PostgreSQL (the server TEST_DATABASE_URL
 * names, else an embedded one started for the run), the web app's component tests, and the
 * browser journeys when Debian's chromium is installed.
 */
const apiProject: TestProjectConfiguration = {
  test: {
    name: 'api',
    root: 'apps/api',
    include: ['test/**/*.test.ts'],
    exclude: ['test/unit/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
};

/** Code that touches no database runs once. */
const apiUnitProject: TestProjectConfiguration = {
  test: { name: 'api:unit', root: 'apps/api', include: ['test/unit/**/*.test.ts'] },
};

/** The test tooling's own tests (the run's summary). */
const scriptsProject: TestProjectConfiguration = {
  test: { name: 'scripts', root: '.', include: ['scripts/**/*.test.ts'] },
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
      scriptsProject,
      apiUnitProject,
      apiProject,
      'apps/web/vite.config.ts',
      ...(runE2e ? [e2eProject] : []),
    ],
  },
});
