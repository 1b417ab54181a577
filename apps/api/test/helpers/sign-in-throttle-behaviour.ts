import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_POLICY,
  type SignInThrottle,
  type ThrottlePolicy,
} from '../../src/identity/sign-in-throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const POLICY: ThrottlePolicy = {
  freeFailuresPerPair: 3,
  firstDelayMs: 10 * SECOND,
  maxDelayMs: 60 * SECOND,
  pairMemoryMs: 60 * MINUTE,
  maxFailuresPerAddress: 8,
  addressWindowMs: 10 * MINUTE,
};

/**
 * The sign-in throttle's rules, as every store must keep them: in one process's memory and in
 * Redis, shared by every instance. `create` gives a throttle that has counted nothing yet.
 */
export function describeSignInThrottle(
  name: string,
  create: (policy: ThrottlePolicy, now: () => number) => SignInThrottle,
): void {
  function throttleAt(start: number, policy = POLICY) {
    const clock = { now: start };
    const throttle = create(policy, () => clock.now);
    /** The seconds the attempt must wait (0: it went on and was counted as a failure). */
    const attempt = async (address: string, email: string) =>
      (await throttle.reserve({ address, email })).retryAfterSeconds;
    const fail = async (times: number, address: string, email: string) => {
      const waits = [];
      for (let i = 0; i < times; i += 1) waits.push(await attempt(address, email));
      return waits;
    };
    return { throttle, clock, attempt, fail };
  }

  describe(name, () => {
    it('lets a pair fail a few times, then makes each further attempt wait a doubling delay', async () => {
      const { clock, attempt, fail } = throttleAt(0);
      expect(await fail(3, '1.1.1.1', 'a@x.test')).toEqual([0, 0, 0]);
      expect(await attempt('1.1.1.1', 'a@x.test')).toBe(10);
      for (const delay of [10, 20, 40, 60, 60]) {
        clock.now += delay * SECOND - 1;
        expect(await attempt('1.1.1.1', 'a@x.test')).toBe(1);
        clock.now += 1;
        expect(await attempt('1.1.1.1', 'a@x.test')).toBe(0);
      }
    });

    it('counts nothing for a refused attempt, so hammering does not push the delay out', async () => {
      const { clock, attempt, fail } = throttleAt(0);
      await fail(3, '1.1.1.1', 'a@x.test');
      for (let i = 0; i < 50; i += 1)
        expect(await attempt('1.1.1.1', 'a@x.test')).toBeGreaterThan(0);
      clock.now = 10 * SECOND;
      expect(await attempt('1.1.1.1', 'a@x.test')).toBe(0);
    });

    it('never slows the same email from another address, however hard one address guesses', async () => {
      const { attempt, fail } = throttleAt(0);
      await fail(20, '6.6.6.6', 'owner@x.test');
      expect(await attempt('6.6.6.6', 'owner@x.test')).toBeGreaterThan(0);
      expect(await attempt('2.2.2.2', 'owner@x.test')).toBe(0);
    });

    it('treats emails case-insensitively', async () => {
      const { attempt, fail } = throttleAt(0);
      await fail(3, '1.1.1.1', 'A@X.test');
      expect(await attempt('1.1.1.1', 'a@x.test')).toBe(10);
    });

    it('caps one address over all emails (credential stuffing), until its failures age out', async () => {
      const { clock, attempt } = throttleAt(0);
      for (let i = 0; i < 8; i += 1) {
        clock.now = i * MINUTE;
        expect(await attempt('1.1.1.1', `user${i}@x.test`)).toBe(0);
      }
      expect(await attempt('1.1.1.1', 'fresh@x.test')).toBe(3 * 60);
      expect(await attempt('2.2.2.2', 'fresh@x.test')).toBe(0);
      clock.now = 10 * MINUTE + 1;
      expect(await attempt('1.1.1.1', 'fresh@x.test')).toBe(0);
      expect(await attempt('1.1.1.1', 'other@x.test')).toBeGreaterThan(0);
    });

    it('counts an attempt it lets through at once, so a parallel burst cannot pass the check', async () => {
      const { throttle } = throttleAt(0);
      const burst = await Promise.all(
        Array.from({ length: 6 }, () =>
          throttle.reserve({ address: '1.1.1.1', email: 'a@x.test' }),
        ),
      );
      expect(burst.map((reservation) => reservation.retryAfterSeconds)).toEqual([
        0, 0, 0, 10, 10, 10,
      ]);
    });

    it('forgives the pair and takes the attempt back from the address on a right password', async () => {
      const { throttle, attempt, fail } = throttleAt(0);
      await fail(2, '1.1.1.1', 'a@x.test');
      await (await throttle.reserve({ address: '1.1.1.1', email: 'a@x.test' })).succeeded();
      expect(await fail(3, '1.1.1.1', 'a@x.test')).toEqual([0, 0, 0]);
      // The address holds 2 + 3 failures; the success counted nowhere.
      expect(await fail(3, '1.1.1.1', 'b@x.test')).toEqual([0, 0, 0]);
      expect(await attempt('1.1.1.1', 'c@x.test')).toBeGreaterThan(0);
    });

    it("leaves other pairs' failures alone when one pair succeeds", async () => {
      const { throttle, attempt, fail } = throttleAt(0);
      await fail(3, '6.6.6.6', 'owner@x.test');
      await (await throttle.reserve({ address: '2.2.2.2', email: 'owner@x.test' })).succeeded();
      expect(await attempt('6.6.6.6', 'owner@x.test')).toBe(10);
    });

    it('forgets a pair once a whole pairMemoryMs passes without a failure', async () => {
      const { clock, attempt, fail } = throttleAt(0);
      await fail(6, '1.1.1.1', 'a@x.test');
      clock.now = 60 * MINUTE - 1;
      expect(await attempt('1.1.1.1', 'a@x.test')).toBe(0);
      clock.now += 60 * MINUTE;
      expect(await fail(3, '1.1.1.1', 'a@x.test')).toEqual([0, 0, 0]);
      expect(await attempt('1.1.1.1', 'a@x.test')).toBe(10);
    });

    it('gives one address 12 guesses at one email in the first hour and 4 an hour after (docs/api.md)', async () => {
      const { clock, throttle } = throttleAt(0, {
        ...SIGN_IN_POLICY,
        maxFailuresPerAddress: Number.MAX_SAFE_INTEGER,
      });
      const guessesUntil = async (end: number) => {
        let guesses = 0;
        while (clock.now < end) {
          const { retryAfterSeconds } = await throttle.reserve({ address: 'a', email: 'e' });
          if (retryAfterSeconds === 0) guesses += 1;
          else clock.now += retryAfterSeconds * SECOND;
        }
        return guesses;
      };
      expect(await guessesUntil(60 * MINUTE)).toBe(12);
      expect(await guessesUntil(120 * MINUTE)).toBe(4);
    });
  });
}
