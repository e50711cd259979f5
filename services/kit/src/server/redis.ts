import Redis from 'ioredis';

/**
 * Reconnect every 50, 100, … ms, at most every 500 ms. With `maxRetriesPerRequest: 2` a command
 * waiting while Redis is down fails after three reconnect attempts (≤ 1.5 s), so a token check
 * answers 503 rather than hanging. ioredis 6's default backs off exponentially to 5 s: commands
 * then waited in the offline queue for the whole outage (chaos scenario d).
 */
export const redisRetryDelay = (attempt: number): number => Math.min(attempt * 50, 500);

export function createRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false, retryStrategy: redisRetryDelay });
}
