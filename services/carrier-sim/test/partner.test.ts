/** The card gateways over HTTP: credentials, POST only, idempotency by key, a hung first answer, faults. */
import { startCarrierSim, CarrierSimHandle } from '../src/main';

const auth = { authorization: `Basic ${Buffer.from('carrier:secret').toString('base64')}`, 'content-type': 'application/json' };

describe('carrier simulator: card gateways over HTTP', () => {
  let sim: CarrierSimHandle;
  beforeAll(async () => {
    sim = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
  });
  afterAll(() => sim.stop());
  const topUp = (gateway: string, key: string, phone: string, signal?: AbortSignal) =>
    fetch(`${sim.url}/api/v1/partner/${gateway}/topup`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': key },
      body: JSON.stringify({ request_id: key, phone, amount: 50000, kind: 'topup', package: 'V120' }),
      signal,
    });

  it('pays once per key, refuses with a message, needs POST and credentials', async () => {
    const first = await topUp('cong_nap_the', 'http-1', '0912345671');
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({ status: 'SUCCESS', code: 0, message: 'Nạp thành công 50.000 đ cho thuê bao 912345671' });
    expect(await (await topUp('cong_nap_the', 'http-1', '0912345671')).json()).toEqual(answer);
    expect(await (await fetch(`${sim.url}/__admin/partner/cong_nap_the/http-1`, { headers: auth })).json()).toMatchObject({
      calls: 2,
      paid: 1,
    });
    const no = await topUp('cong_nap_the_1', 'http-2', '0912345677');
    expect(no.status).toBe(422);
    expect(await no.json()).toMatchObject({ status: 'REFUSED', message: 'Thuê bao đang bị khóa, không nạp được tiền' });
    expect((await fetch(`${sim.url}/api/v1/partner/cong_nap_the/topup`, { headers: auth })).status).toBe(405);
    expect((await fetch(`${sim.url}/api/v1/partner/cong_nap_the/topup`, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('holds the first answer of a hanging phone past the caller’s deadline; the retry answers the payment', async () => {
    await expect(topUp('cong_nap_the', 'http-3', '0912345678', AbortSignal.timeout(300))).rejects.toThrow();
    const retry = await topUp('cong_nap_the', 'http-3', '0912345678');
    expect(await retry.json()).toMatchObject({ status: 'SUCCESS' });
    expect(sim.partners.find('cong_nap_the', 'http-3')).toMatchObject({ calls: 2, paid: 1 });
  });

  it('injects faults like the other APIs: a 500 pays nothing', async () => {
    await fetch(`${sim.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ errorRate: 1 }) });
    try {
      expect((await topUp('cong_nap_the', 'http-4', '0912345671')).status).toBe(500);
      expect(sim.partners.find('cong_nap_the', 'http-4')).toBeUndefined();
    } finally {
      await fetch(`${sim.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ errorRate: 0 }) });
    }
  });
});
