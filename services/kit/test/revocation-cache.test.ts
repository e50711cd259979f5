import { spawn, ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { AppError } from '@cskh/kit';
import { createRedis, RedisRevocationStore, REVOCATION_CACHE_MS, signAccessToken, verifyAccessToken } from '@cskh/kit/server';
import { rand } from '@cskh/kit/testing';

/**
 * The revocation check is answered from a short local cache (kit tokens.ts): what must not give
 * way is that a revocation is effective everywhere within one second, and that while Redis cannot
 * be asked no token passes (fail closed).
 */
const SECRET = 'revocation-cache-test-secret-0123456789';
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('needs REDIS_URL: run through `npm test` or source the infra env');

const token = () => {
  const userId = `u-${rand()}`;
  const { token: t } = signAccessToken(SECRET, 3600, {
    userId,
    username: `user-${rand()}`,
    fullname: 'Thử',
    roleName: 'Nhân viên',
    priority: 3,
    brandId: '',
    permissions: [],
  });
  return verifyAccessToken(SECRET, t);
};

/** ms until isRevoked answers true (checked every 5 ms), or Infinity after `limitMs`. */
async function msUntilRevoked(store: RedisRevocationStore, v: ReturnType<typeof token>, since: number, limitMs = 3000) {
  for (;;) {
    if (await store.isRevoked(v)) return Date.now() - since;
    if (Date.now() - since > limitMs) return Infinity;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('revocation check with its local cache', () => {
  const clients: Redis[] = [];
  const stores: RedisRevocationStore[] = [];
  const redis = () => {
    const r = new Redis(REDIS_URL!, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
    clients.push(r);
    return r;
  };
  const store = (r = redis(), cacheMs?: number) => {
    const s = new RedisRevocationStore(r, cacheMs);
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const c of clients) c.disconnect();
  });

  it('answers repeated checks of a token from memory, not one Redis round trip each', async () => {
    const r = redis();
    const checker = store(r);
    const v = token();
    await checker.isRevoked(v);
    await new Promise((res) => setTimeout(res, 100)); // subscribed by now
    await checker.isRevoked(v);
    const mget = jest.spyOn(r, 'mget');
    for (let i = 0; i < 50; i++) expect(await checker.isRevoked(v)).toBe(false);
    expect(mget.mock.calls.length).toBeLessThanOrEqual(1);
    mget.mockRestore();
  });

  // Timings are not asserted (a busy machine delays any of them): each check proves the path that
  // makes a revocation effective. The announcement is proven with a cache of a minute, which cannot
  // expire during the test; the cache's own bound (the product's one second) by waiting it out.
  it('sees a logout done by another process through its announcement, before its cache would expire', async () => {
    const checker = store(redis(), 60_000);
    const auth = store();
    const v = token();
    for (let i = 0; i < 3; i++) expect(await checker.isRevoked(v)).toBe(false);
    await new Promise((res) => setTimeout(res, 100));
    expect(await checker.isRevoked(v)).toBe(false); // cached now
    expect(checker.knownRevoked(v)).toBe(false); // answered without a promise (the gateway's hot path)
    await auth.revokeToken(v.identity.jti, v.identity.exp);
    expect(await msUntilRevoked(checker, v, Date.now(), 10_000)).toBeLessThan(Infinity);
    expect(checker.knownRevoked(v)).not.toBe(false);
  });

  it('sees a user-level revocation (lock, password change) through its announcement; newer tokens still pass', async () => {
    const checker = store(redis(), 60_000);
    const auth = store();
    const v = token();
    await checker.isRevoked(v);
    await new Promise((res) => setTimeout(res, 100));
    expect(await checker.isRevoked(v)).toBe(false);
    await auth.revokeUser(v.identity.userId, 3600);
    expect(await msUntilRevoked(checker, v, Date.now(), 10_000)).toBeLessThan(Infinity);
    await new Promise((res) => setTimeout(res, 5));
    const newer = { ...v, issuedAtMs: Date.now() };
    expect(await checker.isRevoked(newer)).toBe(false);
  });

  it('even when the announcement is lost, a revocation written to Redis is effective once the cache bound (< 1 s) has passed', async () => {
    expect(REVOCATION_CACHE_MS).toBeLessThan(1000); // the product promises one second
    const r = redis();
    const checker = store();
    const v = token();
    await checker.isRevoked(v);
    await new Promise((res) => setTimeout(res, 100));
    expect(await checker.isRevoked(v)).toBe(false);
    const cachedBy = Date.now(); // the answer above is cached until at most cachedBy + the bound
    await r.set(`cskh:revoked:jti:${v.identity.jti}`, '1', 'EX', 60); // no PUBLISH
    const wait = cachedBy + REVOCATION_CACHE_MS + 1 - Date.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    expect(await checker.isRevoked(v)).toBe(true);
  });

  describe('with Redis stopped', () => {
    let proc: ChildProcess;
    let port: number;
    beforeAll(async () => {
      port = await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
      probe.on('error', () => undefined);
      for (let i = 0; i < 100; i++) {
        if (
          await probe.connect().then(
            () => true,
            () => false,
          )
        )
          break;
        await new Promise((res) => setTimeout(res, 50));
      }
      probe.disconnect();
    });
    afterAll(() => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    });

    it('fails closed: a token checked a moment ago does not pass from the cache', async () => {
      // The clients every component makes (createRedis), so their reconnect settings are what is tested.
      const r = createRedis(`redis://127.0.0.1:${port}`)!;
      r.on('error', () => undefined);
      clients.push(r);
      const checker = store(r);
      const v = token();
      await checker.isRevoked(v);
      await new Promise((res) => setTimeout(res, 100));
      expect(await checker.isRevoked(v)).toBe(false);
      proc.kill('SIGKILL');
      await new Promise((res) => proc.once('exit', res));
      await new Promise((res) => setTimeout(res, 50));
      const err = await checker.isRevoked(v).then(
        () => undefined,
        (e) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('UNAVAILABLE');

      // Still down a few seconds later: a check must still be refused promptly, not wait in the
      // offline queue for Redis to return (ioredis 6's default back-off grows to 5 s between
      // attempts, so with it this check waited about 8 s and a REST lookup up to 25 s in the chaos run).
      await new Promise((res) => setTimeout(res, 3000));
      const t0 = Date.now();
      const late = await checker.isRevoked(token()).then(
        () => undefined,
        (e) => e,
      );
      expect((late as AppError).code).toBe('UNAVAILABLE');
      expect(Date.now() - t0).toBeLessThan(2500);
    }, 20_000);
  });
});
