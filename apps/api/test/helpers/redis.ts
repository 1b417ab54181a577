import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis server the tests count in: TEST_REDIS_URL, else the machine's own on 6379. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix nobody else uses, so tests running side by side never see each other's counts. */
export const freshKeyPrefix = (): string => `reloop-test:${randomUUID()}:`;

/**
 * Deletes every key under `prefix`, as the instances a test or a bench started left them.
 * SCAN, not KEYS, so a shared Redis is never blocked however many keys it holds.
 */
export async function removeKeysUnder(prefix: string, url = testRedisUrl): Promise<void> {
  const redis = new Redis(url);
  try {
    const batches = redis.scanStream({ match: `${prefix}*`, count: 1000 });
    for await (const keys of batches as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** A connection whose keys all live under a fresh prefix; `removeKeys` deletes them. */
export async function openTestRedis(): Promise<{ redis: Redis; removeKeys(): Promise<void> }> {
  const keyPrefix = freshKeyPrefix();
  const redis = new Redis(testRedisUrl, { keyPrefix, lazyConnect: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `These tests need Redis at ${testRedisUrl} (start redis-server, or set TEST_REDIS_URL)`,
      { cause: error },
    );
  }
  return {
    redis,
    removeKeys: async () => {
      redis.disconnect();
      await removeKeysUnder(keyPrefix);
    },
  };
}
