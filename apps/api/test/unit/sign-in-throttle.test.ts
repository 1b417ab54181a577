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
    throttle.recordFailure(['email:a']);
    throttle.recordFailure(['email:a']);
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
    throttle.recordFailure(['email:a']);
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(15 * 60);
  });

  it('frees the key once the oldest counted failure leaves the window', () => {
    const { throttle, clock } = throttleAt(0);
    for (const minute of [0, 5, 10]) {
      clock.now = minute * MINUTE;
      throttle.recordFailure(['email:a']);
    }
    clock.now = 14 * MINUTE;
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(60);
    clock.now = 15 * MINUTE + 1;
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
  });

  it('blocks when any of the keys is over the limit', () => {
    const { throttle } = throttleAt(0);
    for (const email of ['a', 'b', 'c']) throttle.recordFailure([`email:${email}`, 'ip:1.2.3.4']);
    expect(throttle.retryAfterSeconds(['email:d', 'ip:1.2.3.4'])).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(['email:d', 'ip:5.6.7.8'])).toBe(0);
  });

  it('forgets a key that is cleared', () => {
    const { throttle } = throttleAt(0);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure(['email:a']);
    throttle.clear('email:a');
    expect(throttle.retryAfterSeconds(['email:a'])).toBe(0);
  });
});
