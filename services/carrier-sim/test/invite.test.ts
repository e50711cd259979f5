import { startCarrierSim, CarrierSimHandle } from '../src/main';

const auth = { authorization: `Basic ${Buffer.from('carrier:secret').toString('base64')}`, 'content-type': 'application/json' };

describe('carrier simulator: package invitations over HTTP', () => {
  let sim: CarrierSimHandle;
  beforeAll(async () => {
    sim = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
  });
  afterAll(() => sim.stop());
  const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

  it('sends a code, shows it on the admin page, and registers on the right code', async () => {
    const otp = await post('/api/v1/invite/otp', { type: 'ma_xac_nhan_3', phone: '0987654321', package: 'MXH120' });
    expect(otp.status).toBe(200);
    const { orderCode } = (await otp.json()) as { orderCode: string };
    expect(orderCode).toBeTruthy();
    const last = (await (await fetch(`${sim.url}/__admin/otp/84987654321`, { headers: auth })).json()) as { code: string; transId: string };
    expect(last.transId).toBe(orderCode);
    const wrong = await post('/api/v1/invite/confirm', {
      type: 'ma_xac_nhan_3',
      phone: '0987654321',
      otp: last.code === '000000' ? '111111' : '000000',
      orderCode,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'Mã OTP không đúng' });
    const ok = await post('/api/v1/invite/confirm', {
      type: 'ma_xac_nhan_3',
      phone: '0987654321',
      otp: last.code,
      package: 'MXH120',
      orderCode,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(expect.objectContaining({ resultCodeMO: 'REGISTER_SUCCESS', packPrice: 120000, requestType: 'DK' }));
    expect((await fetch(`${sim.url}/__admin/otp/0911111111`, { headers: auth })).status).toBe(404);
  });

  it('registers or renews directly, refuses bad requests with 4xx, needs POST and credentials', async () => {
    const r = await post('/api/v1/invite/register', { type: '9332', phone: '0987654322', package: 'V120', command: 'GIAHAN' });
    expect(await r.json()).toEqual(
      expect.objectContaining({ resultCodeMO: 'REGISTER_SUCCESS', requestType: 'GIAHAN', msisdn: '84987654322' }),
    );
    expect((await post('/api/v1/invite/register', 'not json')).status).toBe(400);
    expect((await fetch(`${sim.url}/api/v1/invite/otp`, { headers: auth })).status).toBe(405);
    expect((await fetch(`${sim.url}/api/v1/invite/otp`, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('injects faults into the invitation calls too', async () => {
    await fetch(`${sim.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ errorRate: 1 }) });
    try {
      expect((await post('/api/v1/invite/otp', { type: 'ma_xac_nhan_1', phone: '0987654323', package: 'V120' })).status).toBe(500);
    } finally {
      await fetch(`${sim.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ errorRate: 0 }) });
    }
  });
});
