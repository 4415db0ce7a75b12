import { Redis } from 'ioredis';

/**
 * A Redis connection for shared rate limits (REDIS_URL), tuned for limits rather than for data: while
 * Redis is unreachable a command fails at once instead of waiting in a queue for a reconnect, so an
 * outage skips the limits (the callers let requests through) without slowing a single request down.
 * Resolves once connected, or after `waitMs` with the connection still trying in the background, so
 * a server still starts while its Redis is down.
 */
export async function connectRedis(
  url: string,
  onError: (err: Error) => void,
  waitMs = 2000,
): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Commands of the same tick go out as one write: many requests at once cost one round trip.
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnect on its own; one report per 10 s is enough.
  let last = 0;
  redis.on('error', (err: Error) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    onError(err);
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    redis.once('ready', done);
  });
  return redis;
}
