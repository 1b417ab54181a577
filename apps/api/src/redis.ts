import type { Redis } from 'ioredis';

type Log = { info(message: string): void; error(object: object, message: string): void };

/** Past this, Redis counts as down: a sign-in waits no longer before it is refused. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * The Redis connection every instance shares its counters through. Start-up fails in one line
 * when Redis does not answer; later, a command fails at once while Redis is down instead of
 * queueing (callers decide whether that refuses or lets through), the connection keeps
 * retrying in the background, and the log says once when Redis went away and once when it came
 * back.
 */
export async function connectRedis(
  settings: { url: string; keyPrefix: string },
  log: Log,
): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(settings.url, {
    keyPrefix: settings.keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // Reachable from the first `ready` on; only a change is logged, not every retry's error.
  let started = false;
  let reachable = false;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.error({ err: error }, 'Redis unreachable: sign-ins are refused, rate limits not counted');
  });
  redis.on('ready', () => {
    if (!reachable && started) log.info('Redis reachable again');
    reachable = true;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at ${withoutPassword(settings.url)} is unreachable (${(error as Error).message}); check REDIS_URL`,
      { cause: error },
    );
  }
  started = true;
  return redis;
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
