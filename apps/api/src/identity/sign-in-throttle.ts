/**
 * Counts failed sign-ins per email and per client address in a sliding window. Kept in
 * memory: Reloop runs as one process, and a restart forgetting the counts is acceptable.
 */
const PRUNE_THRESHOLD = 10_000;

export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}

export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor({ maxFailures, windowMs, now = Date.now }: ThrottleOptions) {
    this.#maxFailures = maxFailures;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Seconds until another attempt is allowed for any of the keys, or 0 when allowed now. */
  retryAfterSeconds(keys: string[]): number {
    let waitMs = 0;
    for (const key of keys) {
      const recent = this.#recent(key);
      if (recent.length >= this.#maxFailures) {
        const oldestThatCounts = recent[recent.length - this.#maxFailures] ?? this.#now();
        waitMs = Math.max(waitMs, oldestThatCounts + this.#windowMs - this.#now());
      }
    }
    return Math.ceil(waitMs / 1000);
  }

  /**
   * Lets an attempt through when none of the keys is over the limit, counting it as a failure
   * in the same step: a burst of parallel attempts cannot all pass the check before the first
   * of them fails. Returns the seconds to wait (nothing counted), or 0 and the attempt, whose
   * `succeeded()` takes the count back.
   */
  reserveAttempt(keys: string[]): { retryAfterSeconds: number; succeeded(): void } {
    const retryAfterSeconds = this.retryAfterSeconds(keys);
    if (retryAfterSeconds > 0) return { retryAfterSeconds, succeeded: () => undefined };
    const at = this.#now();
    this.#record(keys, at);
    return { retryAfterSeconds, succeeded: () => this.#forget(keys, at) };
  }

  /** A successful sign-in forgives that email's failures (the address keeps its count). */
  clear(key: string): void {
    this.#failures.delete(key);
  }

  #record(keys: string[], at: number): void {
    for (const key of keys) this.#failures.set(key, [...this.#recent(key), at]);
    if (this.#failures.size > PRUNE_THRESHOLD) this.#prune();
  }

  /** Takes back one failure counted at `at` from each key. */
  #forget(keys: string[], at: number): void {
    for (const key of keys) {
      const times = this.#failures.get(key) ?? [];
      const index = times.indexOf(at);
      if (index >= 0) this.#failures.set(key, times.toSpliced(index, 1));
    }
  }

  #recent(key: string): number[] {
    const cutoff = this.#now() - this.#windowMs;
    return (this.#failures.get(key) ?? []).filter((time) => time > cutoff);
  }

  /** Drops keys with no failure left in the window, so memory stays bounded. */
  #prune(): void {
    for (const key of this.#failures.keys()) {
      const recent = this.#recent(key);
      if (recent.length === 0) this.#failures.delete(key);
      else this.#failures.set(key, recent);
    }
  }
}
