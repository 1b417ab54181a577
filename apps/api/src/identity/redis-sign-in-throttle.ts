import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  mustWait,
  pairKeyOf,
  SIGN_IN_POLICY,
  SignInThrottleUnavailable,
  type SignInAttempt,
  type SignInReservation,
  type SignInThrottle,
  type ThrottlePolicy,
} from './sign-in-throttle.ts';

/**
 * MemorySignInThrottle's rules, counted in Redis so that every instance sees every failure.
 * One script checks and counts in a single step on the Redis server, so parallel attempts
 * through different instances cannot all pass the check before the first of them is counted.
 *
 * A pair is a hash (`count`, `lastAt`) that expires `pairMemoryMs` after its last failure; an
 * address is a sorted set of its failures' times, trimmed to `addressWindowMs`.
 */
const RESERVE = `
local pairKey, addressKey = KEYS[1], KEYS[2]
local now, free, firstDelay, maxDelay = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local pairMemory, maxPerAddress, window = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local failure = ARGV[8]

local pair = redis.call('HMGET', pairKey, 'count', 'lastAt')
local count = tonumber(pair[1]) or 0
-- Expiry forgets a pair too; this keeps the rule exact to the caller's clock.
if count > 0 and now - pair[2] >= pairMemory then count = 0 end
local wait = 0
if count >= free then
  wait = pair[2] + math.min(firstDelay * 2 ^ (count - free), maxDelay) - now
end

redis.call('ZREMRANGEBYSCORE', addressKey, '-inf', now - window)
local recent = redis.call('ZCARD', addressKey)
if recent >= maxPerAddress then
  local oldest = redis.call('ZRANGE', addressKey, recent - maxPerAddress, recent - maxPerAddress, 'WITHSCORES')
  wait = math.max(wait, oldest[2] + window - now)
end
if wait > 0 then return wait end

redis.call('HSET', pairKey, 'count', count + 1, 'lastAt', now)
redis.call('PEXPIRE', pairKey, pairMemory)
redis.call('ZADD', addressKey, now, failure)
redis.call('PEXPIRE', addressKey, window)
return 0
`;

const FORGIVE = `
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
`;

export class RedisSignInThrottle implements SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly policy: ThrottlePolicy = SIGN_IN_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(attempt: SignInAttempt): Promise<SignInReservation> {
    const keys = [`sign-in:pair:${pairKeyOf(attempt)}`, `sign-in:address:${attempt.address}`];
    const now = this.now();
    const failure = `${now}:${randomUUID()}`;
    const { freeFailuresPerPair, firstDelayMs, maxDelayMs, pairMemoryMs } = this.policy;
    const { maxFailuresPerAddress, addressWindowMs } = this.policy;
    const waitMs = Number(
      await this.#run(RESERVE, keys, [
        now,
        freeFailuresPerPair,
        firstDelayMs,
        maxDelayMs,
        pairMemoryMs,
        maxFailuresPerAddress,
        addressWindowMs,
        failure,
      ]),
    );
    if (waitMs > 0) return mustWait(waitMs);
    return {
      retryAfterSeconds: 0,
      // Redis failing now must not refuse a right password: the failure then simply stays
      // counted (and the connection has already logged that Redis is down).
      succeeded: () =>
        this.#run(FORGIVE, keys, [failure]).then(
          () => undefined,
          () => undefined,
        ),
    };
  }

  /** A Redis failure is the caller's to answer: sign-in fails closed rather than unthrottled. */
  async #run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.eval(script, keys.length, ...keys, ...args);
    } catch (error) {
      throw new SignInThrottleUnavailable({ cause: error });
    }
  }
}
