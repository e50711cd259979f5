/**
 * Socket lookups (api/lookups.ts) against a fake socket: queueing while connecting, matching by
 * request id or last 9 digits, one pending request per key, the re-send (same id) after a reconnect,
 * refusals and timeouts.
 */
type Handler = (...args: any[]) => void;

class FakeSocket {
  connected = false;
  active = true;
  handlers = new Map<string, Set<Handler>>();
  sent: Array<{ event: string; payload: any; ack?: Handler }> = [];
  on(ev: string, h: Handler) {
    if (!this.handlers.has(ev)) this.handlers.set(ev, new Set());
    this.handlers.get(ev)!.add(h);
    return this;
  }
  off(ev: string, h: Handler) {
    this.handlers.get(ev)?.delete(h);
    return this;
  }
  emit(event: string, payload: any, ack?: Handler) {
    this.sent.push({ event, payload, ack });
    return this;
  }
  /** Something arrives from the server (or the client library). */
  fire(ev: string, ...args: any[]) {
    for (const h of [...(this.handlers.get(ev) ?? [])]) h(...args);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect');
  }
}

let attachFn: ((s: FakeSocket) => () => void) | undefined;

const unauthorized = jest.fn();
jest.mock('./client', () => ({ handleUnauthorized: () => unauthorized() }));

jest.mock('./realtime', () => ({
  envelope: (data: unknown) => ({ host: 'test', token: 't', client_id: 'c', data }),
  onSocket: (attach: (s: any) => () => void) => {
    attachFn = attach;
    return () => undefined;
  },
}));

type Mod = typeof import('./lookups');

function load(): Mod {
  let mod!: Mod;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module per test (isolateModules needs require)
    mod = require('./lookups');
  });
  return mod;
}

const flush = () => new Promise((r) => setImmediate(r));

describe('socket lookups', () => {
  beforeEach(() => {
    attachFn = undefined;
  });

  it('queues a lookup until the socket connects, then resolves with the matching reply', async () => {
    const m = load();
    const s = new FakeSocket();
    const p = m.requestLookup({ key: 'balance', kind: 'balance', data: { isdn: '0912345678' } });
    attachFn!(s);
    expect(s.sent).toHaveLength(0);
    s.connect();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0].event).toBe('traCuuSoDuTaiKhoanChinh');
    expect(s.sent[0].payload).toEqual({
      host: 'test',
      token: 't',
      client_id: 'c',
      data: { isdn: '0912345678', requestId: expect.any(String) },
    });
    // Another phone's answer, and the right phone on another event, are not ours.
    s.fire('traKetQuaSoDuTaiKhoanChinh', { isdn: '987654321', status: 200, data: { other: true } });
    s.fire('traKetQuaARPU', { isdn: '912345678', status: 200, data: { other: true } });
    expect(m.isLookupPending('balance')).toBe(true);
    // Matched by the last 9 digits of the phone.
    s.fire('traKetQuaSoDuTaiKhoanChinh', { isdn: '912345678', status: 200, data: { PHONE_BALANCE: 100 } });
    await expect(p).resolves.toEqual({ PHONE_BALANCE: 100 });
    expect(m.isLookupPending('balance')).toBe(false);
  });

  it('allows one pending request per key and rejects error replies with the server msg', async () => {
    const m = load();
    const s = new FakeSocket();
    s.connected = true;
    m.requestLookup({ key: 'x', kind: 'info', data: { isdn: '911111111' } }).catch(() => undefined);
    attachFn!(s);
    await expect(m.requestLookup({ key: 'x', kind: 'info', data: { isdn: '922222222' } })).rejects.toMatchObject({ code: 'BUSY' });
    const p2 = m.requestLookup({ key: 'y', kind: 'info', data: { isdn: '933333333' } });
    const id = s.sent[1].payload.data.requestId;
    s.fire('traKetQuaThongTinChiTietThueBao', {
      requestId: id,
      isdn: '933333333',
      status: 429,
      code: 'RATE_LIMITED',
      msg: 'Bạn đã tra cứu quá nhiều',
    });
    await expect(p2).rejects.toMatchObject({ status: 429, msg: 'Bạn đã tra cứu quá nhiều' });
    m.cancelLookup('x');
  });

  it('settles on a refusal in the ack', async () => {
    const m = load();
    const s = new FakeSocket();
    s.connected = true;
    const p = m.requestLookup({ key: 'k', kind: 'arpu', data: { isdn: '912345678' } });
    attachFn!(s);
    const { ack, payload } = s.sent[0];
    ack!({ requestId: payload.data.requestId, status: 403, code: 'FORBIDDEN', msg: 'Bạn không có quyền' });
    await expect(p).rejects.toMatchObject({ code: 'FORBIDDEN', msg: 'Bạn không có quyền' });
  });

  it('sends a pending lookup again, with the same request id, each time the socket is back, and settles it once', async () => {
    const m = load();
    const s = new FakeSocket();
    const p = m.requestLookup({ key: 'h', kind: 'history', data: { isdn: '912345678' } });
    attachFn!(s);
    s.connect();
    s.drop();
    s.connect();
    s.drop();
    s.connect();
    expect(s.sent).toHaveLength(3);
    const ids = s.sent.map((x) => x.payload.data.requestId);
    expect(new Set(ids).size).toBe(1);
    s.fire('traKetQuaLichSuGoiCuoc', { requestId: ids[0], isdn: '912345678', status: 200, data: { values: [], count: 0 } });
    await expect(p).resolves.toEqual({ values: [], count: 0 });
    s.drop();
    s.connect();
    expect(s.sent).toHaveLength(3); // settled: not sent again
    // A late second answer to that request does not settle a newer lookup of the same phone.
    const p2 = m.requestLookup({ key: 'h', kind: 'history', data: { isdn: '912345678' } });
    s.fire('traKetQuaLichSuGoiCuoc', { requestId: ids[0], isdn: '912345678', status: 500, msg: 'late' });
    expect(m.isLookupPending('h')).toBe(true);
    const next = s.sent[3].payload.data.requestId;
    expect(next).not.toBe(ids[0]);
    s.fire('traKetQuaLichSuGoiCuoc', { requestId: next, isdn: '912345678', status: 200, data: { values: [1], count: 1 } });
    await expect(p2).resolves.toEqual({ values: [1], count: 1 });
  });

  it('fails pending lookups when the server refuses the handshake, and after the timeout', async () => {
    const m = load();
    const s = new FakeSocket();
    const p = m.requestLookup({ key: 'a', kind: 'balance', data: { isdn: '912345678' } });
    attachFn!(s);
    s.active = false;
    s.fire(
      'connect_error',
      Object.assign(new Error('x'), { data: { status: 401, code: 'UNAUTHORIZED', msg: 'Phiên đăng nhập đã kết thúc' } }),
    );
    await expect(p).rejects.toMatchObject({ status: 401, msg: 'Phiên đăng nhập đã kết thúc' });
    // A 401 ends the session like any REST 401.
    expect(unauthorized).toHaveBeenCalledTimes(1);

    const t = m.requestLookup({ key: 'b', kind: 'balance', data: { isdn: '912345678' }, timeoutMs: 20 });
    await expect(t).rejects.toMatchObject({ code: 'TIMEOUT', msg: m.LOOKUP_TIMEOUT_MSG });
    await flush();
    expect(m.isLookupPending('b')).toBe(false);
  });

  it('fails pending lookups when the server closes the socket (no automatic reconnect then)', async () => {
    const m = load();
    const s = new FakeSocket();
    const p = m.requestLookup({ key: 'd', kind: 'balance', data: { isdn: '912345678' } });
    attachFn!(s);
    s.connect();
    s.connected = false;
    s.fire('disconnect', 'transport close');
    expect(m.isLookupPending('d')).toBe(true);
    s.fire('disconnect', 'io server disconnect');
    await expect(p).rejects.toMatchObject({ code: 'DISCONNECTED', msg: m.SERVER_CLOSED_MSG });
  });

  it('forgets a cancelled lookup (its answer is ignored, the key is free again)', async () => {
    const m = load();
    const s = new FakeSocket();
    s.connected = true;
    let settled = false;
    m.requestLookup({ key: 'c', kind: 'package', data: { isdn: '912345678' } }).finally(() => (settled = true));
    attachFn!(s);
    m.cancelLookup('c');
    s.fire('traKetQuaDanhSachDoiTuongChuongTrinh', {
      requestId: s.sent[0].payload.data.requestId,
      isdn: '912345678',
      status: 200,
      data: {},
    });
    await flush();
    expect(settled).toBe(false);
    expect(m.isLookupPending('c')).toBe(false);
  });
});

describe('lookup guards', () => {
  it("are the lookup service's own: any-of the codes, the priority strictly below the bound", () => {
    const { mayLookup, LOOKUP_KINDS, LOOKUP_LABELS } = load();
    expect(mayLookup('info', { priority: 4, permissions: ['lookup.info'] })).toBe(true);
    expect(mayLookup('info', { priority: 5, permissions: ['lookup.info'] })).toBe(false);
    expect(mayLookup('9279', { priority: 5, permissions: ['lookup.package'] })).toBe(true);
    expect(mayLookup('balance', { priority: 1, permissions: ['lookup.info'] })).toBe(false);
    expect(mayLookup('999', { priority: 1, permissions: ['history.999'] })).toBe(true);
    expect(LOOKUP_KINDS.history.permissions).toEqual(['lookup.package', 'lookup.info']);
    expect(LOOKUP_KINDS.arpu).toMatchObject({
      priorityBelow: 5,
      requestEvent: 'traCuuARPU',
      replyEvent: 'traKetQuaARPU',
      label: 'Tra cứu ARPU',
    });
    expect(LOOKUP_LABELS).toHaveLength(7);
  });
});
