// Load rounds with autocannon and what is printed from them. Rounds are interleaved (round 1 of
// every call, then round 2 of every call…) so a slow minute of the machine spreads over all
// calls instead of sinking one; the median over rounds is the figure, min–max its spread.
import autocannon from 'autocannon';
import { idleProbe } from './database.ts';
import { describeLoad, watchMachine, type MachineLoad } from './machine.ts';

export interface Call {
  name: string;
  /** p99 budget in ms; a call without one is reported, not judged (e.g. sign-in). */
  budgetMs?: number;
  /** Passed to autocannon; `url` is required. A call with `amount` runs that many requests. */
  options: autocannon.Options;
  /** Skipped in the warm-up (sign-in: its rate limit leaves no room for extra requests). */
  noWarmUp?: boolean;
}

export interface Sample {
  /** Infinity when no request completed within the window (a list call minutes slow). */
  p50: number;
  p99: number;
  completed: number;
  rps: number;
  failed: number;
  /** Non-2xx statuses seen, for a failure's first clue. */
  statuses: Record<string, number>;
  /** What the machine did meanwhile, where Linux tells. */
  machine: MachineLoad | undefined;
}

/**
 * How long and how often calls are measured: BENCH_SECONDS, BENCH_ROUNDS (at least 1) and
 * BENCH_WARMUP_SECONDS from the environment, else the bench's own defaults.
 */
export function roundsFromEnv(defaults: {
  seconds: number;
  rounds: number;
  warmUpSeconds: number;
}) {
  const { BENCH_SECONDS, BENCH_ROUNDS, BENCH_WARMUP_SECONDS } = process.env;
  return {
    seconds: Number(BENCH_SECONDS ?? defaults.seconds),
    rounds: Math.max(1, Number(BENCH_ROUNDS ?? defaults.rounds)),
    warmUpSeconds: Number(BENCH_WARMUP_SECONDS ?? defaults.warmUpSeconds),
  };
}

export interface RoundsOptions {
  rounds: number;
  seconds: number;
  connections: number;
  warmUpSeconds: number;
  /**
   * Brings the database back to idle after a call and says how many abandoned statements that
   * took cancelling. autocannon stops at the end of its window but the server goes on with the
   * requests it had accepted; on a slow API that backlog would be charged to the next call.
   */
  settle: () => Promise<number>;
  log: (line: string) => void;
}

/**
 * runRounds against an app on the database at `sqlUrl`, settling it between calls through one
 * probe connection, closed before returning (its backend is the bench's, not the app's).
 */
export async function runRoundsOn(
  sqlUrl: string,
  calls: Call[],
  options: Omit<RoundsOptions, 'settle'>,
): Promise<Map<string, Sample[]>> {
  const probe = await idleProbe(sqlUrl);
  try {
    return await runRounds(calls, { ...options, settle: () => probe.settle() });
  } finally {
    await probe.close();
  }
}

export async function runRounds(calls: Call[], options: RoundsOptions) {
  const samples = new Map<string, Sample[]>(calls.map((call) => [call.name, []]));
  if (options.warmUpSeconds > 0) {
    options.log(`warm-up: ${options.warmUpSeconds} s a call`);
    for (const call of calls) {
      if (call.noWarmUp) continue;
      await runOnce(call, options.warmUpSeconds, options.connections);
      await options.settle();
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    const started = performance.now();
    let cancelled = 0;
    for (const call of calls) {
      samples.get(call.name)?.push(await runOnce(call, options.seconds, options.connections));
      cancelled += await options.settle();
    }
    const took = (performance.now() - started) / 1000;
    const abandoned = cancelled ? `, ${cancelled} abandoned statements cancelled after calls` : '';
    options.log(`round ${round}/${options.rounds} done (${took.toFixed(0)} s${abandoned})`);
  }
  return samples;
}

async function runOnce(call: Call, seconds: number, connections: number): Promise<Sample> {
  // A call with an `amount` runs until that many requests are answered, however long it takes.
  const window = call.options.amount ? {} : { duration: seconds };
  const machine = watchMachine();
  const result = await autocannon({ connections, ...window, ...call.options });
  const completed = result.requests.total;
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) statuses[status] = stats.count ?? 0;
  }
  return {
    p50: completed ? result.latency.p50 : Infinity,
    p99: completed ? result.latency.p99 : Infinity,
    completed,
    rps: completed / Math.max(result.duration, 0.001),
    failed: result.errors + result.timeouts + result.non2xx,
    statuses,
    machine: machine(),
  };
}

export interface Summary {
  name: string;
  p50: number;
  p99: number;
  p99Min: number;
  p99Max: number;
  rps: number;
  failed: number;
  statuses: Record<string, number>;
  /** Rounds in which not one request was answered. */
  silentRounds: number;
  rounds: number;
  budgetMs: number | undefined;
  /** ok, MISSED (p99 over budget), FAILED (requests failed), or '-' (no budget). */
  verdict: 'ok' | 'MISSED' | 'FAILED' | '-';
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function summarize(call: Call, samples: Sample[]): Summary {
  const p99s = samples.map((sample) => sample.p99);
  const statuses: Record<string, number> = {};
  for (const sample of samples) {
    for (const [status, count] of Object.entries(sample.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const summary: Omit<Summary, 'verdict'> = {
    name: call.name,
    p50: median(samples.map((sample) => sample.p50)),
    p99: median(p99s),
    p99Min: Math.min(...p99s),
    p99Max: Math.max(...p99s),
    rps: median(samples.map((sample) => sample.rps)),
    failed: samples.reduce((sum, sample) => sum + sample.failed, 0),
    statuses,
    silentRounds: samples.filter((sample) => sample.completed === 0).length,
    rounds: samples.length,
    budgetMs: call.budgetMs,
  };
  let verdict: Summary['verdict'] = '-';
  if (summary.failed > 0) verdict = 'FAILED';
  else if (summary.silentRounds > 0 && summary.budgetMs === undefined) verdict = 'FAILED';
  else if (summary.budgetMs !== undefined) {
    verdict = summary.p99 <= summary.budgetMs ? 'ok' : 'MISSED';
  }
  return { ...summary, verdict };
}

/** The summaries as a table with each call's p99 against its budget. */
export function formatTable(summaries: Summary[]): string {
  const header = ['call', 'p50 ms', 'p99 ms', 'p99 spread', 'req/s', 'failed', 'budget', 'verdict'];
  const rows = summaries.map((s) => [
    s.name,
    ms(s.p50),
    ms(s.p99),
    `${ms(s.p99Min)}–${ms(s.p99Max)}`,
    String(Math.round(s.rps)),
    failures(s),
    s.budgetMs === undefined ? '-' : `${s.budgetMs} ms`,
    s.verdict,
  ]);
  return formatRows(header, rows);
}

/** Each round's p99 of a call, with what the machine did during it. */
export function formatRounds(name: string, samples: Sample[]): string {
  const rounds = samples.map(
    (sample, i) =>
      `  round ${i + 1}: p99 ${ms(sample.p99)} ms` +
      (sample.machine ? ` (${describeLoad(sample.machine)})` : ''),
  );
  return [`${name}:`, ...rounds].join('\n');
}

/** A plain fixed-width table: console.table's quoting and index column only get in the way. */
export function formatRows(header: string[], rows: string[][]): string {
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** autocannon resolves latency to whole milliseconds; a median of two can end in .5. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'none';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export function failures(s: Summary): string {
  const parts = [];
  if (s.failed > 0) parts.push(`${s.failed} (${statusList(s.statuses)})`);
  if (s.silentRounds > 0) parts.push(`no response in ${s.silentRounds}/${s.rounds} rounds`);
  return parts.length ? parts.join(', ') : '0';
}

function statusList(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses);
  return entries.length
    ? entries.map(([status, count]) => `${status}×${count}`).join(' ')
    : 'errors';
}
