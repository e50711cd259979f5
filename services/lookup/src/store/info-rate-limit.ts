import type Redis from 'ioredis';

/**
 * Rolling-window counter: at most `limit` hits per key in the last `windowMs`. Each hit has an
 * id (the lookup's request id), so a redelivered request is not counted twice.
 * Redis sorted set (score = time) when REDIS_URL is set; memory otherwise (embedded run).
 */
export interface RateLimiter {
  /** True when the hit is allowed (and recorded). */
  hit(key: string, id: string, now?: number): Promise<boolean>;
}

export class MemoryRateLimiter implements RateLimiter {
  private hits = new Map<string, Map<string, number>>();
  constructor(
    private limit: number,
    private windowMs: number,
  ) {}
  async hit(key: string, id: string, now = Date.now()) {
    let m = this.hits.get(key);
    if (!m) this.hits.set(key, (m = new Map()));
    for (const [k, t] of m) if (t <= now - this.windowMs) m.delete(k);
    if (m.has(id)) return true;
    if (m.size >= this.limit) return false;
    m.set(id, now);
    return true;
  }
}

// KEYS[1] = zset; ARGV = now, windowMs, limit, id. Returns 1 allowed, 0 refused.
const SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private redis: Redis,
    private limit: number,
    private windowMs: number,
    private prefix = 'cskh:lookup:info:',
  ) {
    this.redis.defineCommand('cskhRollingHit', { numberOfKeys: 1, lua: SCRIPT });
  }
  async hit(key: string, id: string, now = Date.now()) {
    const r = await (this.redis as unknown as { cskhRollingHit(...a: unknown[]): Promise<number> }).cskhRollingHit(
      this.prefix + key,
      now,
      this.windowMs,
      this.limit,
      id,
    );
    return r === 1;
  }
}

export function createRateLimiter(redis: Redis | undefined, limit: number, windowMs = 3600_000): RateLimiter {
  return redis ? new RedisRateLimiter(redis, limit, windowMs) : new MemoryRateLimiter(limit, windowMs);
}
