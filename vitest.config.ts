import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The files that take longest start first, so none of them is left running alone at the end:
 * the accessibility sweeps (every screen in each of three looks, a file per look, together about
 * a third of the browser journeys' time), then the projects from the slowest files to the
 * quickest. Within a
 * project the order is vitest's own (longest last time, or largest when there is no record, as
 * in a fresh clone). The summary at the end of each run names the slowest files, to keep this
 * up to date.
 */
const STARTS_FIRST = [
  'e2e/tests/accessibility-light-mobile.test.ts',
  'e2e/tests/accessibility-dark-desktop.test.ts',
  'e2e/tests/accessibility-dark-mobile.test.ts',
];
const PROJECT_ORDER = ['e2e', 'api', 'web', 'api:unit', 'scripts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      if (STARTS_FIRST.some((file) => spec.moduleId.endsWith(`/${file}`))) return -1;
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // vitest's default is one worker fewer than the cores: on a 2-core machine a single worker,
    // which ran every file of every project one after another. Two workers there took the run
    // from about 25 to about 17 minutes on a busy machine; three gained nothing more and
    // stretched each file further.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      scriptsProject,
      apiUnitProject,
      apiProject,
      'apps/web/vite.config.ts',
      ...(runE2e ? [e2eProject] : []),
    ],
  },
});
