import { startCarrierSim, CarrierSimHandle } from '../src/main';

const auth = (u = 'carrier', p = 'secret') => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

describe('carrier simulator over HTTP', () => {
  let sim: CarrierSimHandle;
  beforeAll(async () => {
    sim = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
  });
  afterAll(() => sim.stop());

  it('checks the credentials', async () => {
    expect((await fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`)).status).toBe(401);
    expect((await fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`, { headers: auth('carrier', 'wrong') })).status).toBe(401);
    const res = await fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expect.objectContaining({ NUMBER_PHONE: '84912345678' }));
    expect((await fetch(`${sim.url}/healthz`)).status).toBe(200);
  });

  it('answers every lookup deterministically', async () => {
    const get = async (p: string) => (await fetch(`${sim.url}${p}`, { headers: auth() })).json();
    for (const kind of ['balance', 'info?type=MG', 'packages?page=1', 'history', 'arpu'])
      expect(await get(`/api/v1/subscribers/84912345678/${kind}`)).toEqual(await get(`/api/v1/subscribers/0912345678/${kind}`));
    const h = await get('/api/v1/9279/history?isdn=84912345678&startDate=2025-01-01&endDate=2025-01-31');
    expect(h).toEqual(expect.objectContaining({ values: expect.any(Array), count: expect.any(Number) }));
    const bad = await fetch(`${sim.url}/api/v1/9279/history?isdn=0912345678&startDate=2025-01-01&endDate=2025-01-31`, { headers: auth() });
    expect(bad.status).toBe(400);
    const m = await get('/api/v1/999/messages?isdn=84912345678&direction=I&startDate=2025-01-01&endDate=2025-01-31&page=1&count=5');
    expect(m.values.every((x: { ActionType: string }) => x.ActionType === 'I')).toBe(true);
    const r = await get('/api/v1/9084/registrations?subagent=d1&startDate=2025-01-01&endDate=2025-01-05&page=1&count=5');
    expect(r.values.every((x: { SubAgent: string }) => x.SubAgent === 'd1')).toBe(true);
  });

  it('injects latency, errors and timeouts, reconfigurable at run time', async () => {
    const put = (body: object) =>
      fetch(`${sim.url}/__admin/config`, {
        method: 'PUT',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await put({ latencyMs: 150 });
    let t = Date.now();
    await fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`, { headers: auth() });
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
    await put({ latencyMs: 0, errorRate: 1 });
    expect((await fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`, { headers: auth() })).status).toBe(500);
    await put({ errorRate: 0, timeoutRate: 1 });
    t = Date.now();
    await expect(
      fetch(`${sim.url}/api/v1/subscribers/84912345678/balance`, { headers: auth(), signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    await put({ timeoutRate: 0 });
    const stats = await (await fetch(`${sim.url}/__admin/stats`, { headers: auth() })).json();
    expect(stats).toEqual(expect.objectContaining({ errors: 1, timeouts: 1 }));
  });
});
