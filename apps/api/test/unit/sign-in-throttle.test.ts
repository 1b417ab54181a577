import { describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../src/identity/sign-in-throttle.ts';

const MINUTE = 60_000;

function throttleAt(start: number) {
  const clock = { now: start };
  const throttle = new SignInThrottle({
    maxFailures: 3,
    windowMs: 15 * MINUTE,
    now: () => clock.now,
  });
  return { throttle, clock };
}

describe('SignInThrottle', () => {
  it('allows attempts until the limit of failures is reached', () => {
    const { throttle } = throttleAt(0);
    throttle.reserveAttempt(['email:a']);
    throttle.reserveAttempt(['email:a']);
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
    throttle.reserveAttempt(['email:a']);
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(15 * 60);
  });

  it('frees the key once the oldest counted failure leaves the window', () => {
    const { throttle, clock } = throttleAt(0);
    for (const minute of [0, 5, 10]) {
      clock.now = minute * MINUTE;
      throttle.reserveAttempt(['email:a']);
    }
    clock.now = 14 * MINUTE;
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(60);
    clock.now = 15 * MINUTE + 1;
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
  });

  it('blocks when any of the keys is over the limit', () => {
    const { throttle } = throttleAt(0);
    for (const email of ['a', 'b', 'c']) throttle.reserveAttempt([`email:${email}`, 'ip:1.2.3.4']);
    expect(throttle.retryAfterSeconds(['email:d', 'ip:1.2.3.4'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['email:d', 'ip:5.6.7.8'])).toBe(0);
  });

  it('counts an attempt it lets through at once, so a burst cannot all pass the check', () => {
    const { throttle } = throttleAt(0);
    const burst = Array.from({ length: 5 }, () =>
      throttle.reserveAttempt(['email:a', 'ip:1.2.3.4']),
    );
    expect(burst.map((attempt) => attempt.retryAfterSeconds)).toEqual([0, 0, 0, 15 * 60, 15 * 60]);
    expect(throttle.retryAfterSeconds(['email:b', 'ip:1.2.3.4'])).toBe(15 * 60);
  });

  it('takes back the count of an attempt that succeeded, for every key', () => {
    const { throttle } = throttleAt(0);
    const keys = (email: string) => [`email:${email}`, 'ip:1.2.3.4'];
    throttle.reserveAttempt(keys('a'));
    throttle.reserveAttempt(keys('b')).succeeded();
    throttle.reserveAttempt(keys('a'));
    // The address keeps the two failures, and the success counts nowhere.
    expect(throttle.retryAfterSeconds(['ip:1.2.3.4'])).toBe(0);
    throttle.reserveAttempt(['ip:1.2.3.4']);
    expect(throttle.retryAfterSeconds(['ip:1.2.3.4'])).toBe(15 * 60);
    for (let i = 0; i < 2; i += 1) throttle.reserveAttempt(['email:b']);
    expect(throttle.retryAfterSeconds(['email:b'])).toBe(0);
  });

  it('forgets a key that is cleared', () => {
    const { throttle } = throttleAt(0);
    for (let i = 0; i < 3; i += 1) throttle.reserveAttempt(['email:a']);
    throttle.clear('email:a');
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
  });
});
