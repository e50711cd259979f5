/**
 * Tokens at the gateway, through the whole stack (real auth, Redis revocations, every service):
 * every broken token (tampered signature or claims, alg none, another algorithm, expired, wrong or
 * no issuer, another key), a revoked one (logout), a locked user's old token, and tokens left stale
 * by a permission edit, a role edit or a password reset are refused with 401 on every kind of
 * route. Validly signed tokens (forged here with the deployment's key) prove the server checks
 * priority and username, not only the menu: admin-section routes refuse priority 5 holding every
 * code, and refund routes refuse an HNIMB username at priority 1 holding every code.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_TABLE } from '@cskh/kit';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';
import { ADMIN_CODES, ALL_CODES } from '../../services/auth/src/domain/catalogue';
import { collectRoutes, RouteDef } from '../src/routes';
import { samplePath } from './sample-path';
import { Api, apiOf, brokenTokens, Caller, claimsOf, forge, Staff } from './staff-fixture';

const env = isolatedStackEnv('gw_tokens', { LOG_LEVEL: 'error', LOGIN_LIMIT_KEY_PREFIX: `test:tokens:${randomBytes(4).toString('hex')}` });
const SECRET = env.JWT_SECRET!;
let stack: Stack;
let api: Api;
let staff: Staff;
let tree: Awaited<ReturnType<Staff['seededTree']>>;
let sales: Caller;
const routes = collectRoutes().filter((r) => !r.guard.public);
const tag = randomBytes(2).toString('hex');

beforeAll(async () => {
  stack = await startStack({ realtime: false, env });
  api = apiOf(stack.url);
  staff = await Staff.open(api, env.CSKH_ADMIN_PASSWORD!);
  tree = await staff.seededTree(tag);
  sales = await staff.login('p5', tree.p5, 5);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

const call = (r: RouteDef, token: string) =>
  api(r.method, samplePath(r.path), { token, body: r.method === 'post' || r.method === 'put' ? (r.bodyField ? [] : {}) : undefined });
/** A few routes of every kind: no code needed, a sales code, a priority bound, an admin code. */
const SAMPLE = [
  '/api/v1/auth/me',
  '/api/v1/customer',
  '/api/v1/lookup/balance',
  '/api/v1/mesbank',
  '/api/v1/users',
  '/api/v1/quetdata',
  '/api/v1/requestrefund',
].map((p) => routes.find((r) => r.path === p && r.method === 'get')!);

async function expectAll401(token: string, what: string) {
  const wrong: string[] = [];
  for (const r of SAMPLE) {
    const res = await call(r, token);
    if (res.status !== 401 || res.body?.code !== 'UNAUTHORIZED' || typeof res.body?.msg !== 'string')
      wrong.push(`${what}: GET ${r.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
  }
  return wrong;
}

describe('refused at the gateway (401)', () => {
  it('every broken token, on every kind of route', async () => {
    expect((await api('GET', '/api/v1/auth/me', { token: sales.token })).status).toBe(200);
    const cases = brokenTokens(SECRET, sales.token);
    const wrong = (await Promise.all(cases.map(([name, t]) => expectAll401(t, name)))).flat();
    process.stdout.write(
      `gateway: ${cases.length} broken tokens × ${SAMPLE.length} routes = ${cases.length * SAMPLE.length} calls, ${wrong.length} not refused\n`,
    );
    expect(wrong).toEqual([]);
    const expired = await api('GET', '/api/v1/auth/me', { token: cases.find(([n]) => n === 'expired')![1] });
    expect(expired.body.msg).toBe('Phiên đăng nhập đã hết hạn');
  });

  it('a token after its logout, while the next login works', async () => {
    const c = await staff.login('p5', tree.p5, 5);
    expect((await api('POST', '/api/v1/auth/logout', { token: c.token, body: {} })).status).toBe(200);
    expect(await expectAll401(c.token, 'logged out')).toEqual([]);
    expect((await api('GET', '/api/v1/auth/me', { token: (await staff.login('p5', tree.p5, 5)).token })).status).toBe(200);
  });

  it("a locked user's old token, and no new one until unlocked", async () => {
    const user = await staff.createUser({ username: `khoa_${tag}`, role: staff.seededRole(5), brand: tree.p3.id, group: tree.p4.id });
    const c = await staff.login('p5', user, 5);
    expect((await api('POST', `/api/v1/users/${user.id}/lock`, { token: staff.adminToken, body: {} })).status).toBe(200);
    expect(await expectAll401(c.token, 'locked')).toEqual([]);
    const relogin = await api('POST', '/api/v1/auth/login', { body: { username: user.username, password: c.password } });
    expect([401, 403]).toContain(relogin.status);
    expect(relogin.body.msg).toEqual(expect.any(String));
    expect((await api('POST', `/api/v1/users/${user.id}/unlock`, { token: staff.adminToken, body: {} })).status).toBe(200);
    expect(await expectAll401(c.token, 'locked then unlocked (old token)')).toEqual([]);
    expect((await api('GET', '/api/v1/auth/me', { token: (await staff.login('p5', user, 5)).token })).status).toBe(200);
  });

  it('a token whose permissions went stale: per-user edit, role edit, password reset', async () => {
    // Per-user permissions: lookup.balance taken away.
    const user = await staff.createUser({ username: `quyen_${tag}`, role: staff.seededRole(5), brand: tree.p3.id, group: tree.p4.id });
    const before = await staff.login('p5', user, 5);
    expect(before.permissions).toContain('lookup.balance');
    const kept = before.permissions.filter((c) => c !== 'lookup.balance').map((c) => ({ id: staff.permissionIds.get(c) }));
    expect(
      (await api('PUT', `/api/v1/users/${user.id}/permissions`, { token: staff.adminToken, body: { permissions: kept } })).status,
    ).toBe(200);
    expect(await expectAll401(before.token, 'after a per-user permission edit')).toEqual([]);
    const after = await staff.login('p5', user, 5);
    expect(after.permissions).not.toContain('lookup.balance');
    expect((await api('GET', '/api/v1/lookup/balance?phone=0912345678', { token: after.token })).status).toBe(403);

    // The role's permissions: its holders' tokens end.
    const role = await staff.createRole('Tra cứu', 5, ['lookup.balance', 'customer.get']);
    const holder = await staff.login(
      'p5',
      await staff.createUser({ username: `vaitro_${tag}`, role, brand: tree.p3.id, group: tree.p4.id }),
      5,
    );
    const edit = await api('PUT', `/api/v1/role/${role.id}`, {
      token: staff.adminToken,
      body: { name: role.name, priority: 5, permissions: [staff.permissionIds.get('customer.get')] },
    });
    expect(edit.status).toBe(200);
    expect(await expectAll401(holder.token, 'after a role permission edit')).toEqual([]);

    // Password reset.
    const reset = await staff.login('p5', tree.p5, 5);
    const r = await api('POST', `/api/v1/users/${tree.p5.id}/reset-password`, {
      token: staff.adminToken,
      body: { password: 'Matkhau@123', rePassword: 'Matkhau@123' },
    });
    expect(r.status).toBe(200);
    expect(await expectAll401(reset.token, 'after a password reset')).toEqual([]);
  });
});

describe('validly signed tokens: the server checks priority and username, not the menu', () => {
  /** Routes only the admin section's codes open (spec 1 §2.4 'Quản trị', §6: priority below 5). */
  const adminOnly = routes.filter((r) => r.guard.permissions.length > 0 && r.guard.permissions.every((c) => ADMIN_CODES.includes(c)));

  it('priority 5 holding every code is refused every admin-section route; priority 4 with the same codes is not', async () => {
    const me = await staff.login('p5', tree.p5, 5);
    const p5All = forge(SECRET, me.token, { perms: [...ALL_CODES] });
    const p4All = forge(SECRET, me.token, { perms: [...ALL_CODES], pri: 4 });
    expect(claimsOf(p5All).pri).toBe(5);
    const leaks: string[] = [];
    const blocked: string[] = [];
    for (const r of adminOnly) {
      const res = await call(r, p5All);
      if (res.status !== 403) leaks.push(`${r.method.toUpperCase()} ${r.path} → ${res.status}`);
      const senior = await call(r, p4All);
      const bound = r.guard.priorityBelow > 0 && !(4 < r.guard.priorityBelow);
      if (!bound && [401, 403].includes(senior.status) && senior.body?.msg === ERROR_TABLE.FORBIDDEN.msg)
        blocked.push(`${r.method.toUpperCase()} ${r.path} → ${senior.status}`);
    }
    process.stdout.write(
      `admin section: ${adminOnly.length} routes refused to a forged priority-5 token holding every code, ${leaks.length} leaks\n`,
    );
    expect(adminOnly.length).toBeGreaterThan(80);
    expect(leaks).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('an HNIMB username is refused every refund route, even at priority 1 holding every code', async () => {
    const user = await staff.createUser({ username: `HNIMB${tag}`, role: staff.seededRole(5), brand: tree.p3.id, group: tree.p4.id });
    const real = await staff.login('HNIMB', user, 5);
    const forged = forge(SECRET, real.token, { perms: [...ALL_CODES], pri: 1 });
    const refundRoutes = routes.filter((r) => r.service === 'refunds' && r.path.startsWith('/api/v1/requestrefund'));
    const leaks: string[] = [];
    for (const r of refundRoutes) {
      for (const [who, t] of [
        ['real HNIMB salesperson', real.token],
        ['HNIMB at priority 1 with every code', forged],
      ] as const) {
        const res = await call(r, t);
        if (res.status !== 403)
          leaks.push(`${who}: ${r.method.toUpperCase()} ${r.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
      }
    }
    process.stdout.write(`HNIMB: ${refundRoutes.length} refund routes × 2 tokens refused, ${leaks.length} leaks\n`);
    expect(refundRoutes.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  });
});
