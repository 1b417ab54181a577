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

  recordFailure(keys: string[]): void {
    const now = this.#now();
    for (const key of keys) this.#failures.set(key, [...this.#recent(key), now]);
    if (this.#failures.size > PRUNE_THRESHOLD) this.#prune();
  }

  /** A successful sign-in forgives that email's failures (the address keeps its count). */
  clear(key: string): void {
    this.#failures.delete(key);
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
