/**
 * The browser's view of the lookup's realtime replies, through the whole stack (scripts/stack.ts) on real PostgreSQL,
 * Redis and Kafka: log in at the gateway, look up over REST (`{status, data}` in the spec's
 * shape), look up over the socket through the gateway's /socket.io proxy, and find both in the
 * lookup history (GET /api/v1/lstracuu with countByName).
 */
import { randomBytes } from 'node:crypto';
import { io as connect, Socket } from 'socket.io-client';
import * as sim from '../../carrier-sim/src/domain/data';
import { startStack, Stack } from '../../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../../scripts/testing';

describe('lookup through the gateway (REST and socket)', () => {
  const env = isolatedStackEnv('stack_lookup');
  const dbUrl = env.DATABASE_URL!;
  const password = `Admin-${randomBytes(4).toString('hex')}`;
  let stack: Stack;
  let token: string;
  let socket: Socket | undefined;

  beforeAll(async () => {
    stack = await startStack({ env: { ...env, CSKH_ADMIN_PASSWORD: password } });
    const res = await fetch(`${stack.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(res.status).toBe(200);
    token = (await res.json()).data.access_token;
  });

  afterAll(async () => {
    socket?.disconnect();
    await stack?.stop();
    await dropDatabase(dbUrl);
  });

  const get = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() };
  };

  it('answers REST lookups with data in the spec shape', async () => {
    expect(await get('/api/v1/lookup/balance?phone=0912345678')).toEqual({
      status: 200,
      body: { status: 200, data: sim.balance('912345678') },
    });
    expect((await get('/api/v1/lookup/package?phone=0912345678&page=1')).body.data).toEqual(sim.packages('912345678', undefined, 1));
    expect((await get('/api/v1/lookup/info?phone=0912345678&type=MG')).body.data).toEqual(sim.info('912345678', 'MG'));
    expect((await get('/api/v1/lookup/arpu?phone=0912345678')).body.data).toEqual(sim.arpu('912345678'));
    const h = await get('/api/v1/lookup/9279?phone=0912345678&startDate=01/01/2025&endDate=31/01/2025');
    expect(h.body.data).toEqual(expect.objectContaining({ values: expect.any(Array), count: expect.any(Number) }));
    expect(await get('/api/v1/lookup/balance?phone=')).toEqual({
      status: 400,
      body: { status: 400, code: 'VALIDATION', msg: 'Bạn phải nhập số điện thoại' },
    });
  });

  it('answers a socket lookup through the gateway proxy', async () => {
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(stack.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { host: 'cskh', token, client_id: 'admin-tab-1' },
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const reply = new Promise<{ isdn: string; status: number; data: unknown }>((resolve) =>
      socket!.once('traKetQuaThongTinChiTietThueBao', resolve),
    );
    socket.emit('traCuuThongTinChiTietThueBao', {
      host: 'cskh',
      token,
      client_id: 'admin-tab-1',
      data: { isdn: '0987654321', phoneType: 'MC' },
    });
    expect(await reply).toEqual(expect.objectContaining({ isdn: '987654321', status: 200, data: sim.info('987654321', 'MC') }));
  });

  it('keeps every lookup in the history, counted by name', async () => {
    const { body } = await get('/api/v1/lstracuu?page=1&count=50&username=admin');
    expect(body.status).toBe(200);
    const names = Object.fromEntries(body.data.countByName.map((c: { ten_tra_cuu: string; count: number }) => [c.ten_tra_cuu, c.count]));
    expect(names['Tra cứu thông tin chi tiết thuê bao']).toBe(2); // one REST, one socket
    expect(names['Tra cứu số dư tài khoản chính']).toBe(1); // the refused empty phone is not a lookup
    expect(body.data.values[0]).toEqual(
      expect.objectContaining({ username: 'admin', ten_tra_cuu: expect.any(String), createdAt: expect.stringMatching(/\+07:00$/) }),
    );
  });
});
