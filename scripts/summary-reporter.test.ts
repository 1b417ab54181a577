import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimings, type FileTiming } from './summary-reporter.ts';

describe('formatDuration', () => {
  it('shows seconds to a tenth under a minute, and minutes with padded seconds above', () => {
    expect(formatDuration(0)).toBe('0.0s');
    expect(formatDuration(949)).toBe('0.9s');
    expect(formatDuration(59_949)).toBe('59.9s');
    expect(formatDuration(59_960)).toBe('1m 00.0s');
    expect(formatDuration(75_400)).toBe('1m 15.4s');
    expect(formatDuration(605_000)).toBe('10m 05.0s');
  });
});

describe('formatTimings', () => {
  const files: FileTiming[] = [
    { project: 'api', file: 'test/a.test.ts', startMs: 2_000, endMs: 12_000, durationMs: 10_000 },
    { project: 'api', file: 'test/b.test.ts', startMs: 3_000, endMs: 33_000, durationMs: 30_000 },
    { project: 'e2e', file: 'tests/c.test.ts', startMs: 1_000, endMs: 91_000, durationMs: 90_000 },
    { project: 'web', file: 'src/d.test.tsx', durationMs: 500 },
  ];

  it("gives each project's wall time from its first file to its last, in order of starting", () => {
    const [heading, e2e, api, web] = formatTimings(files, 95_000);
    expect(heading).toBe('Time by project (whole run 1m 35.0s):');
    expect(e2e).toBe('  e2e      1m 30.0s wall    1 file    1m 30.0s summed  (1.0s → 1m 31.0s)');
    expect(api).toBe('  api         31.0s wall    2 files      40.0s summed  (2.0s → 33.0s)');
    // Without timestamps, the summed time stands for the wall time.
    expect(web).toBe('  web          0.5s wall    1 file        0.5s summed');
  });

  it('then names the slowest files, slowest first, no more than asked for', () => {
    const lines = formatTimings(files, 95_000, 2);
    expect(lines.slice(4)).toEqual([
      'Slowest 2 test files:',
      '   1m 30.0s  e2e     tests/c.test.ts',
      '      30.0s  api     test/b.test.ts',
    ]);
  });

  it('has only the heading when nothing ran', () => {
    expect(formatTimings([], 1_000)).toEqual(['Time by project (whole run 1.0s):']);
  });
});
