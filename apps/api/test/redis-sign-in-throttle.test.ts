import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../src/free-port.ts';
import { RedisSignInThrottle } from '../src/identity/redis-sign-in-throttle.ts';
import { SignInThrottleUnavailable } from '../src/identity/sign-in-throttle.ts';
import { describeSignInThrottle } from './helpers/sign-in-throttle-behaviour.ts';
import { openTestRedis } from './helpers/redis.ts';

const opened: { removeKeys(): Promise<void> }[] = [];
afterAll(() => Promise.all(opened.map((connection) => connection.removeKeys())));

let redis: Redis;
beforeAll(async () => {
  const connection = await openTestRedis();
  opened.push(connection);
  redis = connection.redis;
});

/** Each test's throttle counts under keys of its own, so it starts from nothing. */
describeSignInThrottle('RedisSignInThrottle', (policy, now) => {
  const isolated = redis.duplicate({ keyPrefix: `${redis.options.keyPrefix}${opened.length}:` });
  opened.push({ removeKeys: async () => isolated.disconnect() });
  return new RedisSignInThrottle(isolated, policy, now);
});

describe('RedisSignInThrottle without Redis', () => {
  it('refuses to say an attempt may go on, so sign-in fails closed', async () => {
    const down = new Redis(await freeLoopbackPort(), '127.0.0.1', {
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const throttle = new RedisSignInThrottle(down);
    await expect(throttle.reserve({ address: '1.1.1.1', email: 'a@x.test' })).rejects.toThrow(
      SignInThrottleUnavailable,
    );
    down.disconnect();
  });
});
