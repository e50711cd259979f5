import type Redis from 'ioredis';

/**
 * "Has this push been shown already?" across every replica: Redis SET NX with a TTL, or memory
 * on a single node. first(id) is true exactly once per id within the TTL.
 */
export interface Deduper {
  first(id: string): Promise<boolean>;
}

export class RedisDeduper implements Deduper {
  constructor(
    private redis: Redis,
    private ttlSeconds: number,
    private prefix = 'cskh:rt:shown:',
    private waitMs = 15000,
  ) {}
  /**
   * While Redis cannot answer (restart, failover) this waits for it, up to waitMs, instead of
   * failing: a failure parked the reply on the DLQ and the browser never saw it. Past waitMs the
   * answer is "first": a reply shown twice is better than one never shown.
   */
  async first(id: string) {
    const until = Date.now() + this.waitMs;
    for (let pause = 100; ; pause = Math.min(1000, pause * 2)) {
      try {
        return (await this.redis.set(this.prefix + id, '1', 'EX', this.ttlSeconds, 'NX')) === 'OK';
      } catch (err) {
        if (Date.now() + pause > until) return true;
        await new Promise((r) => setTimeout(r, pause));
      }
    }
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
