/**
 * Slows password guessing without handing anyone a way to lock an account. Failures count per
 * client address and email together, and per address over all emails:
 *
 * - a pair (address, email) has a few failures for free; after that, each further attempt from
 *   that pair waits until a delay has passed since its last failure, the delay doubling with
 *   every failure up to a cap. A right password forgives the pair at once; otherwise the pair
 *   is forgotten once a day passes without a failure.
 * - an address has at most so many failures over any emails within a window, which stops
 *   credential stuffing (one address trying many emails).
 *
 * Someone at another address has a pair of their own, so however hard a stranger hammers an
 * email, its owner signing in from elsewhere is never slowed by it.
 */
export interface SignInThrottle {
  /**
   * Checks the attempt and, when it may go on, counts it as a failure in the same step, so a
   * burst of parallel attempts cannot all pass the check before the first of them fails.
   * A refused attempt (`retryAfterSeconds` > 0) counts nowhere.
   */
  reserve(attempt: SignInAttempt): Promise<SignInReservation>;
}

export interface SignInAttempt {
  /** The client's address. */
  address: string;
  email: string;
}

/** One key per address and email, whatever the email's case. */
export const pairKeyOf = ({ address, email }: SignInAttempt): string =>
  JSON.stringify([address, email.toLowerCase()]);

/** The answer to an attempt that must wait `waitMs` more: it counts nowhere. */
export const mustWait = (waitMs: number): SignInReservation => ({
  retryAfterSeconds: Math.ceil(waitMs / 1000),
  succeeded: async () => undefined,
});

/** The shared store of counts does not answer: the attempt can be neither checked nor counted. */
export class SignInThrottleUnavailable extends Error {
  override name = 'SignInThrottleUnavailable';
  constructor(options: ErrorOptions) {
    super('the sign-in throttle cannot count attempts', options);
  }
}

export interface SignInReservation {
  /** Seconds to wait before the next attempt; 0 when this one may go on. */
  retryAfterSeconds: number;
  /** The password was right: this attempt counts nowhere, and the pair's failures are forgiven. */
  succeeded(): Promise<void>;
}

export interface ThrottlePolicy {
  /** Failures a pair (address, email) may have before each further attempt must wait. */
  freeFailuresPerPair: number;
  /** The wait after the first failure beyond the free ones; it doubles after each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pair's failures are forgotten once this long passes without another one. */
  pairMemoryMs: number;
  /** Failures one address may have over all emails within `addressWindowMs`. */
  maxFailuresPerAddress: number;
  addressWindowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * One address gets 12 guesses at one email in the first hour (5 at once, then after waits of
 * 30 s, 1, 2, 4, 8, 15 and 15 minutes), then 4 an hour; and 100 an hour over all emails.
 * docs/api.md states these numbers: keep the two in step.
 */
export const SIGN_IN_POLICY: ThrottlePolicy = {
  freeFailuresPerPair: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
  pairMemoryMs: 24 * HOUR,
  maxFailuresPerAddress: 100,
  addressWindowMs: HOUR,
};

/** Below this many keys, memory is not worth sweeping. */
const PRUNE_THRESHOLD = 10_000;

interface PairFailures {
  count: number;
  lastAt: number;
}

/**
 * The throttle in this process's memory, for one instance, where a restart forgetting the counts
 * is acceptable. Several instances share RedisSignInThrottle (REDIS_URL) instead.
 */
export class MemorySignInThrottle implements SignInThrottle {
  readonly #pairs = new Map<string, PairFailures>();
  readonly #addresses = new Map<string, number[]>();
  #pruneAt = PRUNE_THRESHOLD;

  constructor(
    private readonly policy: ThrottlePolicy = SIGN_IN_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  // Nothing is awaited before the count is taken: the check and the count are one step.
  async reserve(attempt: SignInAttempt): Promise<SignInReservation> {
    const { address } = attempt;
    const now = this.now();
    const pairKey = pairKeyOf(attempt);
    const pair = this.#livePair(pairKey, now);
    const addressFailures = this.#recentAddressFailures(address, now);
    const waitMs = Math.max(
      pair ? pair.lastAt + this.#delayAfter(pair.count) - now : 0,
      this.#addressWaitMs(addressFailures, now),
    );
    if (waitMs > 0) return mustWait(waitMs);
    this.#pairs.set(pairKey, { count: (pair?.count ?? 0) + 1, lastAt: now });
    this.#addresses.set(address, [...addressFailures, now]);
    this.#maybePrune(now);
    return {
      retryAfterSeconds: 0,
      succeeded: async () => {
        this.#pairs.delete(pairKey);
        const times = this.#addresses.get(address) ?? [];
        const index = times.indexOf(now);
        if (index >= 0) this.#addresses.set(address, times.toSpliced(index, 1));
      },
    };
  }

  /** How long after its last failure a pair with `count` failures must wait. */
  #delayAfter(count: number): number {
    const { freeFailuresPerPair, firstDelayMs, maxDelayMs } = this.policy;
    if (count < freeFailuresPerPair) return 0;
    return Math.min(firstDelayMs * 2 ** (count - freeFailuresPerPair), maxDelayMs);
  }

  #addressWaitMs(recent: number[], now: number): number {
    const { maxFailuresPerAddress, addressWindowMs } = this.policy;
    const oldestThatCounts = recent[recent.length - maxFailuresPerAddress];
    return oldestThatCounts === undefined ? 0 : oldestThatCounts + addressWindowMs - now;
  }

  #livePair(key: string, now: number): PairFailures | undefined {
    const pair = this.#pairs.get(key);
    return pair && now - pair.lastAt < this.policy.pairMemoryMs ? pair : undefined;
  }

  #recentAddressFailures(address: string, now: number): number[] {
    const cutoff = now - this.policy.addressWindowMs;
    return (this.#addresses.get(address) ?? []).filter((time) => time > cutoff);
  }

  /**
   * Drops what no longer counts, so memory stays bounded; the next sweep waits until the maps
   * have doubled, so a flood of distinct keys costs amortised constant time per attempt.
   */
  #maybePrune(now: number): void {
    if (this.#pairs.size + this.#addresses.size <= this.#pruneAt) return;
    for (const key of this.#pairs.keys()) {
      if (!this.#livePair(key, now)) this.#pairs.delete(key);
    }
    for (const address of this.#addresses.keys()) {
      const recent = this.#recentAddressFailures(address, now);
      if (recent.length === 0) this.#addresses.delete(address);
      else this.#addresses.set(address, recent);
    }
    this.#pruneAt = Math.max(PRUNE_THRESHOLD, 2 * (this.#pairs.size + this.#addresses.size));
  }
}
