import type { Reporter, TestModule } from 'vitest/node';

/** How long one test file took, and in which project. */
export interface FileTiming {
  project: string;
  file: string;
  /** Milliseconds since the run began that a worker picked the file up, if known. */
  startMs?: number | undefined;
  /** Milliseconds since the run began that its last test finished, if known. */
  endMs?: number | undefined;
  /** Its wall time: from being picked up (import included) to its last hook. */
  durationMs: number;
}

/** How many of the slowest files the summary names. */
export const SLOWEST_FILES = 15;

/** 950 ms → "0.9s", 75 400 ms → "1m 15.4s". */
export function formatDuration(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  if (minutes === 0) return `${seconds.toFixed(1)}s`;
  return `${minutes}m ${seconds.toFixed(1).padStart(4, '0')}s`;
}

/**
 * Where the time went: each project's wall time (its first file picked up to its last file
 * done, with when that was in the run), how many files it ran and their summed time, then the
 * slowest files. Projects run side by side, so their wall times overlap and add up to more
 * than the run's.
 */
export function formatTimings(
  files: readonly FileTiming[],
  runMs: number,
  slowest = SLOWEST_FILES,
): string[] {
  const projects = new Map<string, FileTiming[]>();
  for (const file of files)
    projects.set(file.project, [...(projects.get(file.project) ?? []), file]);
  const width = Math.max(7, ...[...projects.keys()].map((name) => name.length));
  const lines = [`Time by project (whole run ${formatDuration(runMs)}):`];
  const rows = [...projects].map(([name, own]) => {
    const starts = own.flatMap((file) => (file.startMs === undefined ? [] : [file.startMs]));
    const ends = own.flatMap((file) => (file.endMs === undefined ? [] : [file.endMs]));
    const sum = own.reduce((total, file) => total + file.durationMs, 0);
    const known = starts.length > 0 && ends.length > 0;
    const start = known ? Math.min(...starts) : 0;
    const end = known ? Math.max(...ends) : 0;
    return { name, count: own.length, sum, known, start, end, wall: known ? end - start : sum };
  });
  // In the order they started; those never seen starting after them.
  rows.sort(
    (a, b) =>
      Number(b.known) - Number(a.known) || a.start - b.start || a.name.localeCompare(b.name),
  );
  for (const row of rows) {
    const span = row.known ? `  (${formatDuration(row.start)} → ${formatDuration(row.end)})` : '';
    lines.push(
      `  ${row.name.padEnd(width)} ${formatDuration(row.wall).padStart(9)} wall` +
        `  ${String(row.count).padStart(3)} file${row.count === 1 ? ' ' : 's'}` +
        `  ${formatDuration(row.sum).padStart(9)} summed${span}`,
    );
  }
  const ranked = [...files].sort((a, b) => b.durationMs - a.durationMs).slice(0, slowest);
  if (ranked.length > 0) {
    lines.push(`Slowest ${ranked.length} test file${ranked.length === 1 ? '' : 's'}:`);
    for (const file of ranked) {
      lines.push(
        `  ${formatDuration(file.durationMs).padStart(9)}  ${file.project.padEnd(width)} ${file.file}`,
      );
    }
  }
  return lines;
}

/** What vitest itself measured of a file, for one it never reported picking up. */
function measuredDuration(testModule: TestModule): number {
  const diagnostic = testModule.diagnostic();
  return (
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration
  );
}

/**
 * Ends the run with where the time went (per project, and the slowest files), then one plain
 * line, "N passed, N failed, N skipped", always the last, that any log reader (CI included)
 * can pick up without knowing vitest's own summary format.
 */
export default class SummaryReporter implements Reporter {
  private readonly began = performance.now();
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  private now(): number {
    return performance.now() - this.began;
  }

  onTestModuleQueued(testModule: TestModule): void {
    this.started.set(testModule.id, this.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.ended.set(testModule.id, this.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const timings: FileTiming[] = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed' || state === 'failed') counts[state] += 1;
        else counts.skipped += 1;
      }
      const startMs = this.started.get(testModule.id);
      const endMs = this.ended.get(testModule.id);
      timings.push({
        project: testModule.project.name || 'default',
        file: testModule.relativeModuleId,
        startMs,
        endMs,
        durationMs:
          startMs !== undefined && endMs !== undefined
            ? endMs - startMs
            : measuredDuration(testModule),
      });
    }
    console.log(`\n${formatTimings(timings, this.now()).join('\n')}`);
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
