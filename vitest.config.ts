import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One run for everything: the API suite on embedded PGlite, again on PostgreSQL when
 * TEST_DATABASE_URL is set, and the web app's component tests.
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

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      apiUnitProject,
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
