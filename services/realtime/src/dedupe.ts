import type Redis from 'ioredis';

/**
 * "Has this id been shown already?" across every replica: Redis SET NX with a TTL, or memory
 * on a single node. first(id) is true exactly once per id within the TTL.
 */
export interface Deduper {
  first(id: string): Promise<boolean>;
}

export class RedisDeduper implements Deduper {
  constructor(private redis: Redis, private ttlSeconds: number, private prefix = 'cskh:rt:shown:') {}
  async first(id: string) {
    return (await this.redis.set(this.prefix + id, '1', 'EX', this.ttlSeconds, 'NX')) === 'OK';
  }
}

export class MemoryDeduper implements Deduper {
  private seen = new Map<string, number>();
  private sweeps = 0;
  constructor(private ttlSeconds: number) {}
  async first(id: string) {
    const now = Date.now();
    if (++this.sweeps % 1000 === 0) for (const [k, until] of this.seen) if (until <= now) this.seen.delete(k);
    const until = this.seen.get(id);
    if (until !== undefined && until > now) return false;
    this.seen.set(id, now + this.ttlSeconds * 1000);
    return true;
  }
}

export const createDeduper = (redis: Redis | undefined, ttlSeconds: number): Deduper =>
  redis ? new RedisDeduper(redis, ttlSeconds) : new MemoryDeduper(ttlSeconds);
