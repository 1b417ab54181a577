// What the benchmarks share in setting up a run: the PostgreSQL volume, scratch directories and
// the undo steps that remove everything again, at the end, on failure and on Ctrl-C.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Volume } from './volume.ts';

/** DESIGN §9's volume: what a PostgreSQL-backed Reloop is measured at. */
export const POSTGRES_VOLUME: Volume = {
  products: 1_000_000,
  sellers: 20_000,
  buyers: 100_000,
  bookings: 300_000,
  reviews: 300_000,
};

export function describeVolume(volume: Volume): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `${n(volume.products)} products, ${n(volume.sellers)} sellers, ${n(volume.buyers)} buyers, ` +
    `${n(volume.bookings)} bookings, ${n(volume.reviews)} reviews`
  );
}

/** Undo steps, run newest first at the end, on failure and on Ctrl-C. */
export class Cleanup {
  private steps: (() => Promise<unknown>)[] = [];
  private running: Promise<void> | undefined;
  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  /** A second call while the steps run (Ctrl-C during the final clean-up) waits for the same. */
  run(): Promise<void> {
    this.running ??= this.runSteps().finally(() => (this.running = undefined));
    return this.running;
  }
  private async runSteps(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      await step().catch((error: unknown) => console.error('cleanup:', error));
    }
  }
}

/**
 * Runs `work` with a fresh Cleanup, run when `work` ends however it ends; SIGINT and SIGTERM
 * run it too, then exit 130.
 */
export async function withCleanup<T>(work: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  const onSignal = () => void cleanup.run().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work(cleanup);
  } finally {
    await cleanup.run();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** A new temporary directory, removed by `cleanup`. */
export async function scratchDir(cleanup: Cleanup): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reloop-bench-'));
  cleanup.add(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
