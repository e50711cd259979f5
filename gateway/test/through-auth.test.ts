/**
 * The gateway in front of the real auth service (gRPC), real PostgreSQL, Redis and Kafka:
 * envelope, transcoding, paging, creation status, login limits, revocation, readiness.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { startStack, Stack } from '../../scripts/stack';
import { startGateway, RunningGateway } from '../src/main';
import { isolatedStackEnv } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
const extraGateways: RunningGateway[] = [];

async function call(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const api = (method: string, path: string, opts?: { token?: string; body?: unknown }) => call(stack.url, method, path, opts);
const login = (username: string, password: string) => api('POST', '/api/v1/auth/login', { body: { username, password } });

/** A login sent from a chosen loopback address (127.0.0.0/8 are all this machine), with an optional X-Forwarded-For. */
function loginFrom(port: number, localAddress: string, body: { username: string; password: string }, forwardedFor?: string) {
  const data = JSON.stringify(body);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/v1/auth/login',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

let adminToken: string;
let roles: Array<{ id: string; priority: number; name: string }>;

beforeAll(async () => {
  stack = await startStack({
    only: ['auth'],
    carrierSim: false,
    realtime: false,
    env: isolatedStackEnv('gw_test', {
      CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      // Login counters of their own in the shared Redis: other test files fail logins from 127.0.0.1 too.
      LOGIN_LIMIT_KEY_PREFIX: `test:login:${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'silent',
    }),
  });
  const r = await login('admin', ADMIN_PASSWORD);
  adminToken = r.body.data.access_token;
  roles = (await api('GET', '/api/v1/role?page=1&count=100', { token: adminToken })).body.data.values;
}, 120000);

afterAll(async () => {
  for (const g of extraGateways) await g.stop();
  await stack?.stop();
});

async function createStaff(username: string, priority = 3) {
  return api('POST', '/api/v1/users', {
    token: adminToken,
    body: {
      fullname: `Nhân viên ${username}`,
      username,
      password: 'Matkhau@1',
      email: `${username}@cskh.vn`,
      phone: '0912000111',
      role: roles.find((x) => x.priority === priority)!.id,
    },
  });
}

describe('login', () => {
  it('answers the session in the spec envelope and never the password', async () => {
    const r = await login('admin', ADMIN_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({
      access_token: expect.any(String),
      expires_in: expect.any(Number),
      user: { username: 'admin' },
      role: { priority: 1 },
    });
    expect(r.body.data.permissions).toContain('user.add');
    expect(JSON.stringify(r.body)).not.toMatch(/password_hash|\$2[aby]\$/);
  });

  it('refuses wrong credentials with 401 and a Vietnamese msg', async () => {
    const r = await login('admin', 'sai-mat-khau');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: 401, code: 'UNAUTHORIZED', msg: 'Tên đăng nhập hoặc mật khẩu không đúng' });
  });

  it('limits failed attempts per account from one address (429), leaving other accounts alone', async () => {
    const name = `khoa${randomBytes(2).toString('hex')}`;
    expect((await createStaff(name)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await login(name, 'sai')).status).toBe(401);
    const limited = await login(name, 'Matkhau@1');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.msg).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau \d+ phút$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it("a stranger's failures never lock the owner out: the right password from an address without failures gets in", async () => {
    // Its own counters (in memory), per account 3 from one address, 4 from all addresses.
    const gw = await startGateway({
      ...stack.env,
      PORT: '0',
      REDIS_URL: '',
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
    });
    extraGateways.push(gw);
    const name = `chu${randomBytes(2).toString('hex')}`;
    expect((await createStaff(name)).status).toBe(201);
    const from = (address: string, password: string) => loginFrom(gw.port, address, { username: name, password });
    // The stranger at 127.0.0.2 guesses until refused there.
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.2', 'sai')).status).toBe(401);
    expect((await from('127.0.0.2', 'Matkhau@1')).status).toBe(429);
    // The owner at their own address types the right password: in (before: 429 for 15 minutes).
    expect((await from('127.0.0.3', 'Matkhau@1')).status).toBe(200);
    // Guessing from many addresses puts the account under attack (4 failures): an address that
    // has failed on it has no second guess, one that has not still gets in with the right password.
    expect((await from('127.0.0.4', 'sai')).status).toBe(401);
    expect((await from('127.0.0.4', 'sai')).status).toBe(429);
    expect((await from('127.0.0.5', 'sai')).status).toBe(401);
    expect((await from('127.0.0.5', 'Matkhau@1')).status).toBe(429);
    expect((await from('127.0.0.3', 'Matkhau@1')).status).toBe(200);
    expect((await from('127.0.0.6', 'Matkhau@1')).status).toBe(200);
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES: a client naming its own address is limited by its real one', async () => {
    const gw = await startGateway({ ...stack.env, PORT: '0', REDIS_URL: '', LOGIN_MAX_FAILURES_PER_IP: '2' });
    extraGateways.push(gw);
    const tries = async (username: string, forwardedFor: string) =>
      (await loginFrom(gw.port, '127.0.0.1', { username, password: 'x' }, forwardedFor)).status;
    // Each failure claims another address; the address is throttled all the same.
    expect([await tries('u0', '203.0.113.1'), await tries('u1', '203.0.113.2')]).toEqual([401, 401]);
    expect(await tries('u0', '203.0.113.3')).toBe(429);

    // Behind a trusted proxy (127.0.0.1 here), the header names the client.
    const behind = await startGateway({
      ...stack.env,
      PORT: '0',
      REDIS_URL: '',
      LOGIN_MAX_FAILURES_PER_IP: '2',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    extraGateways.push(behind);
    const via = async (username: string, forwardedFor: string) =>
      (await loginFrom(behind.port, '127.0.0.1', { username, password: 'x' }, forwardedFor)).status;
    expect([await via('u0', '198.51.100.1'), await via('u1', '198.51.100.1')]).toEqual([401, 401]);
    expect(await via('u0', '198.51.100.1')).toBe(429);
    expect(await via('u0', '198.51.100.2')).toBe(401);
    // From an address not on the list, the same header is ignored.
    expect((await loginFrom(behind.port, '127.0.0.7', { username: 'u0', password: 'x' }, '198.51.100.1')).status).toBe(401);
  });

  it('counts failures, not successes: 150 logins from one office address all succeed', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) statuses.add((await login('admin', ADMIN_PASSWORD)).status);
    expect([...statuses]).toEqual([200]);
  });

  it('throttles an address after its failures: failed accounts 429, an account that has not failed gets one try', async () => {
    // Its own counters (in memory): the Redis ones are shared with the main gateway, as replicas share them.
    const gw = await startGateway({ ...stack.env, PORT: '0', REDIS_URL: '', LOGIN_MAX_FAILURES_PER_IP: '2' });
    extraGateways.push(gw);
    const base = `http://127.0.0.1:${gw.port}`;
    const tryLogin = async (username: string, password: string) =>
      (await call(base, 'POST', '/api/v1/auth/login', { body: { username, password } })).status;
    const colleague = `vp${randomBytes(2).toString('hex')}`;
    expect((await createStaff(colleague)).status).toBe(201);

    expect([await tryLogin('u0', 'x'), await tryLogin('u1', 'x')]).toEqual([401, 401]);
    // The address is throttled now.
    expect(await tryLogin('u0', 'x')).toBe(429);
    // A colleague behind the same address, right password, account never failed: gets in.
    expect(await tryLogin(colleague, 'Matkhau@1')).toBe(200);
    // A sprayer gets one guess per account, then that account is refused from here too.
    expect(await tryLogin('u2', 'x')).toBe(401);
    const refused = await call(base, 'POST', '/api/v1/auth/login', { body: { username: 'u2', password: 'x' } });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau \d+ phút$/);
  });
});

describe('Cache-Control', () => {
  it('every API answer says no-store, the login answer with its token included; the web app keeps its own caching', async () => {
    const answers = [
      await login('admin', ADMIN_PASSWORD),
      await login('admin', 'sai-mat-khau'),
      await api('GET', '/api/v1/users?page=1&count=5', { token: adminToken }),
      await api('GET', '/api/v1/users?page=1&count=5'),
      await api('GET', '/api/v1/khong-co-api-nay', { token: adminToken }),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
    expect((await fetch(`${stack.url}/api/openapi.json`)).headers.get('cache-control')).toBe('no-store');
    const page = await fetch(`${stack.url}/`);
    expect(page.headers.get('cache-control') ?? '').not.toContain('no-store');
  });
});

describe('transcoding and paging', () => {
  it('creates with 201 and finds by path parameter', async () => {
    const name = `tao${randomBytes(2).toString('hex')}`;
    const created = await createStaff(name);
    expect(created.status).toBe(201);
    expect(created.body.status).toBe(201);
    const found = await api('GET', `/api/v1/users/findByUsername/${name}`, { token: adminToken });
    expect(found.body.data).toMatchObject({ id: created.body.data.id, username: name, role_priority: 3 });
  });

  it('reads page 0 as page 1 and count 9999999999 as every row', async () => {
    for (let i = 0; i < 3; i++) await createStaff(`trang${i}${randomBytes(2).toString('hex')}`);
    const all = await api('GET', '/api/v1/users?page=0&count=9999999999', { token: adminToken });
    expect(all.status).toBe(200);
    const total = all.body.data.count;
    expect(all.body.data.values).toHaveLength(total);
    const page0 = await api('GET', '/api/v1/users?page=0&count=2', { token: adminToken });
    const page1 = await api('GET', '/api/v1/users?page=1&count=2', { token: adminToken });
    expect(page0.body.data.values.map((u: any) => u.id)).toEqual(page1.body.data.values.map((u: any) => u.id));
    const filtered = await api('GET', '/api/v1/users?page=1&count=20&username=trang', { token: adminToken });
    expect(filtered.body.data.values.length).toBe(3);
  });

  it('refuses a non-numeric page with 400 and a Vietnamese msg', async () => {
    const r = await api('GET', '/api/v1/users?page=abc', { token: adminToken });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION', msg: 'Giá trị của page phải là số' });
  });

  it('passes service validation errors through with their msg, saving nothing', async () => {
    const before = (await api('GET', '/api/v1/users?page=1&count=9999999999', { token: adminToken })).body.data.count;
    const r = await api('POST', '/api/v1/users', { token: adminToken, body: { username: 'thieu' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION');
    expect(r.body.msg).toEqual(expect.any(String));
    expect((await api('GET', '/api/v1/users?page=1&count=9999999999', { token: adminToken })).body.data.count).toBe(before);
  });
});

describe('creating a user without a role', () => {
  it('is refused with 400 and a Vietnamese msg, whether the role is missing, empty or blank; nothing is saved', async () => {
    const before = (await api('GET', '/api/v1/users?page=1&count=9999999999', { token: adminToken })).body.data.count;
    for (const role of [undefined, '', '   ']) {
      const username = `khongvaitro${randomBytes(3).toString('hex')}`;
      const body: Record<string, unknown> = {
        fullname: 'Nhân viên Thiếu Vai Trò',
        username,
        password: 'Matkhau@1',
        email: `${username}@cskh.vn`,
        phone: '',
      };
      if (role !== undefined) body.role = role;
      const r = await api('POST', '/api/v1/users', { token: adminToken, body });
      expect({ role, status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({
        role,
        status: 400,
        code: 'VALIDATION',
        msg: 'Vui lòng chọn vai trò',
      });
    }
    expect((await api('GET', '/api/v1/users?page=1&count=9999999999', { token: adminToken })).body.data.count).toBe(before);
  });
});

describe('bad input is the caller’s error (400, Vietnamese msg naming the field), never a 500', () => {
  it.each([
    ['GET', '/api/v1/users/findAllNoLimit?count=64&page=30471631005681340', undefined, /^Giá trị của page phải là số nguyên từ 0 đến \d+$/],
    ['GET', '/api/v1/users?page=-3&count=20', undefined, /^Giá trị của page /],
    ['GET', '/api/v1/role?page=1&count=-5', undefined, /^Giá trị của count /],
    ['GET', '/api/v1/permission?name=%00', undefined, /^Giá trị của name chứa ký tự không hợp lệ$/],
    [
      'PUT',
      '/api/v1/role/00000000-0000-0000-0000-000000000001',
      { name: 'X', permissions: {} },
      /^Giá trị của permissions phải là một danh sách$/,
    ],
    [
      'PUT',
      '/api/v1/users/00000000-0000-0000-0000-000000000001/permissions',
      { permissions: ['AAA'] },
      /^Giá trị của permissions\[0\] phải là một đối tượng$/,
    ],
    ['POST', '/api/v1/users', { username: 'x'.repeat(5000) }, /^Giá trị của username dài quá \d+ ký tự$/],
  ] as const)('%s %s', async (method, path, body, msg) => {
    const r = await api(method, path, { token: adminToken, body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION', msg: expect.stringMatching(msg) });
  });

  it('still serves the export (count 9999999999) and page 0', async () => {
    const r = await api('GET', '/api/v1/users/findAllNoLimit?page=0&count=9999999999', { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.body.data.values.length).toBe(r.body.data.count);
  });
});

describe('revocation through the gateway', () => {
  it('logout ends the token at once', async () => {
    const t = (await login('admin', ADMIN_PASSWORD)).body.data.access_token;
    expect((await api('GET', '/api/v1/auth/me', { token: t })).status).toBe(200);
    expect((await api('POST', '/api/v1/auth/logout', { token: t, body: {} })).status).toBe(200);
    expect((await api('GET', '/api/v1/auth/me', { token: t })).status).toBe(401);
  });

  it("logout with the administrator's token also in its body (as the original app sends it) ends both", async () => {
    const header = (await login('admin', ADMIN_PASSWORD)).body.data.access_token as string;
    const body = (await login('admin', ADMIN_PASSWORD)).body.data.access_token as string;
    // Every permission code is in it: longer than the general 500-character limit of text fields.
    expect(body.length).toBeGreaterThan(1_000);
    const r = await api('POST', '/api/v1/auth/logout', { token: header, body: { accessToken: body } });
    expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 200, msg: expect.any(String) });
    for (const t of [header, body]) expect((await api('GET', '/api/v1/users?page=1&count=1', { token: t })).status).toBe(401);
  });

  it('lock ends the staff member’s live tokens and refuses login; unlock restores it', async () => {
    const name = `lock${randomBytes(2).toString('hex')}`;
    const id = (await createStaff(name)).body.data.id;
    const t = (await login(name, 'Matkhau@1')).body.data.access_token;
    expect((await api('GET', '/api/v1/auth/me', { token: t })).status).toBe(200);
    expect((await api('POST', `/api/v1/users/${id}/lock`, { token: adminToken, body: {} })).status).toBe(200);
    expect((await api('GET', '/api/v1/auth/me', { token: t })).status).toBe(401);
    const refused = await login(name, 'Matkhau@1');
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe('Tài khoản đã bị khóa');
    expect((await api('POST', `/api/v1/users/${id}/unlock`, { token: adminToken, body: {} })).status).toBe(200);
    expect((await login(name, 'Matkhau@1')).status).toBe(200);
  });
});

describe('readiness and service health', () => {
  it('is ready, and reports each routed service, when they answer', async () => {
    const ready = await call(stack.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, checks: { redis: 'SERVING' } });
    const services = await call(stack.url, 'GET', '/healthz/services');
    // Only auth runs in this stack: lookup (read from the protos) has no URL.
    expect(services.body.services).toMatchObject({ auth: 'SERVING', lookup: 'NOT_CONFIGURED' });
    expect(services.status).toBe(200);
  });

  it('stays ready when a service is down: that service’s routes answer 503 and /healthz/services shows it', async () => {
    const gw = await startGateway({ ...stack.env, PORT: '0', AUTH_GRPC_URL: '127.0.0.1:1', UPSTREAM_TIMEOUT_MS: '2000' });
    extraGateways.push(gw);
    const base = `http://127.0.0.1:${gw.port}`;
    expect((await call(base, 'GET', '/readyz')).status).toBe(200);
    const services = await call(base, 'GET', '/healthz/services');
    expect(services.status).toBe(503);
    expect(services.body).toMatchObject({ serving: false, services: { auth: 'UNREACHABLE' } });
    const r = await call(base, 'POST', '/api/v1/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'UNAVAILABLE', msg: 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau' });
  });

  it('answers 503 "not deployed" on the routes of a service without a URL', async () => {
    const r = await api('GET', '/api/v1/lookup/balance?phone=0912345678', { token: adminToken });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'UNAVAILABLE', msg: 'Chức năng này chưa được triển khai trên hệ thống' });
  });

  it('is not ready when its own Redis does not answer', async () => {
    const gw = await startGateway({ ...stack.env, PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
    extraGateways.push(gw);
    const ready = await call(`http://127.0.0.1:${gw.port}`, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ ready: false, checks: { redis: 'UNREACHABLE' } });
  });
});
