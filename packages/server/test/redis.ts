import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { connectRedis } from '../src/lib/redis.ts';

/**
 * A connection to the tests' Redis (global-setup) and a key prefix no other test uses, as app options:
 * two apps given the same one count their limits together, like two processes of one server.
 */
export async function testRedis(): Promise<{
  redis: Redis;
  redisKeyPrefix: string;
  close: () => Promise<void>;
}> {
  const redis = await connectRedis(inject('redisUrl'), (err) => console.error('test Redis:', err));
  return {
    redis,
    redisKeyPrefix: `ayar-test-${randomBytes(6).toString('hex')}:`,
    close: async () => {
      await redis.quit();
    },
  };
}
