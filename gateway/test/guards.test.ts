/**
 * Every route declared in the protos enforces its guard: no token → 401, a valid token without
 * the route's permission or priority → 403. Revocation lives in the real Redis (REDIS_URL).
 */
import request from 'supertest';
import { createLogger } from '@cskh/kit/observability';
import { createRedis, createRevocationStore, signAccessToken, verifyAccessToken } from '@cskh/kit/server';
import { createGateway } from '../src/app';
import { gatewayConfig } from '../src/config';
import { collectRoutes, RouteDef } from '../src/routes';

const SECRET = 'guard-test-secret-0123456789';
const redis = createRedis(process.env.REDIS_URL);
const revocations = createRevocationStore(redis);
const config = gatewayConfig.load({ JWT_SECRET: SECRET, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL } as NodeJS.ProcessEnv);
const gw = createGateway({ config, log: createLogger('test', 'silent'), revocations, redis });
const routes = collectRoutes();

const token = (permissions: string[], priority: number, username = 'tester') =>
  signAccessToken(SECRET, 600, {
    userId: `u-${username}`,
    username,
    fullname: 'Người kiểm thử',
    roleName: 'Kiểm thử',
    priority,
    brandId: '',
    permissions,
  }).token;

const concrete = (r: RouteDef) => r.path.replace(/\{(\w+)\}/g, 'x1');
const send = (r: RouteDef, auth?: string) => {
  const req = request(gw.app)[r.method](concrete(r));
  if (auth) req.set('Authorization', `Bearer ${auth}`);
  return r.method === 'post' || r.method === 'put' ? req.send({}) : req;
};

afterAll(async () => {
  await gw.close();
  redis?.disconnect();
});

describe('route guards from the protos', () => {
  const guarded = routes.filter((r) => !r.guard.public);

  it('declares routes for the auth service, with login public', () => {
    expect(guarded.length).toBeGreaterThan(30);
    expect(routes.find((r) => r.path === '/api/v1/auth/login')?.guard.public).toBe(true);
  });

  it.each(guarded.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s: no token → 401', async (_n, r) => {
    const res = await send(r);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(res.body.msg).toEqual(expect.any(String));
  });

  const withPermission = guarded.filter((r) => r.guard.permissions.length > 0);
  it.each(withPermission.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: token without the permission → 403',
    async (_n, r) => {
      const res = await send(r, token(['some.other.code'], 1));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    },
  );

  const bounded = guarded.filter((r) => r.guard.priorityBelow > 0);
  it.each(bounded.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: holding the permission at a too-weak priority → 403',
    async (_n, r) => {
      const res = await send(r, token(r.guard.permissions, r.guard.priorityBelow));
      expect(res.status).toBe(403);
    },
  );

  it.each(guarded.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: the right permission and priority pass the guard',
    async (_n, r) => {
      const res = await send(r, token(r.guard.permissions.slice(0, 1), Math.max(1, r.guard.priorityBelow - 1)));
      // No upstream service in this test: the guard let it through to the (absent) service.
      expect([401, 403]).not.toContain(res.status);
    },
  );
});

describe('tokens', () => {
  const r = () => request(gw.app).get('/api/v1/users/me/brands');

  it('rejects a token signed with another key', async () => {
    const forged = signAccessToken('another-secret-0123456789', 600, {
      userId: 'u',
      username: 'x',
      fullname: '',
      roleName: '',
      priority: 1,
      brandId: '',
      permissions: [],
    }).token;
    expect((await r().set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('rejects an expired token with a Vietnamese message', async () => {
    const expired = signAccessToken(SECRET, -10, {
      userId: 'u',
      username: 'x',
      fullname: '',
      roleName: '',
      priority: 1,
      brandId: '',
      permissions: [],
    }).token;
    const res = await r().set('Authorization', `Bearer ${expired}`);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Phiên đăng nhập đã hết hạn');
  });

  it('rejects a revoked token at once, and every token of a revoked user', async () => {
    const t1 = token([], 1, 'alice');
    expect((await r().set('Authorization', `Bearer ${t1}`)).status).not.toBe(401);
    const v = verifyAccessToken(SECRET, t1);
    await revocations.revokeToken(v.identity.jti, v.identity.exp);
    expect((await r().set('Authorization', `Bearer ${t1}`)).status).toBe(401);

    const t2 = token([], 1, 'bob');
    await new Promise((res) => setTimeout(res, 5));
    await revocations.revokeUser('u-bob', 600);
    expect((await r().set('Authorization', `Bearer ${t2}`)).status).toBe(401);
    await new Promise((res) => setTimeout(res, 5));
    const t3 = token([], 1, 'bob');
    expect((await r().set('Authorization', `Bearer ${t3}`)).status).not.toBe(401);
  });
});

describe('edges', () => {
  it('serves an OpenAPI document carrying every guard', async () => {
    const res = await request(gw.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    const op = res.body.paths['/api/v1/users/{id}/permissions'].put;
    expect(op['x-permissions']).toEqual(['user.edit']);
    expect(op['x-priority-below']).toBe(3);
    const count = Object.values(res.body.paths).reduce((n: number, p: any) => n + Object.keys(p).length, 0);
    expect(count).toBe(routes.length);
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await request(gw.app).get('/api/v1/khong-co');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses bodies over the size limit and malformed JSON', async () => {
    const big = await request(gw.app)
      .post('/api/v1/auth/login')
      .set('content-type', 'application/json')
      .send(`{"username":"${'a'.repeat(3 * 1024 * 1024)}"}`);
    expect(big.status).toBe(413);
    const bad = await request(gw.app).post('/api/v1/auth/login').set('content-type', 'application/json').send('{bad');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
  });

  it('sets security headers and reports health', async () => {
    const res = await request(gw.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
