import * as protobuf from 'protobufjs';
import { loadSocketRoutes, socketRoutesOf, SocketRoute } from '@cskh/kit/messaging';
import { events_v1_realtime } from '@cskh/proto';
import { accountClientId, acceptedAck, errorPayload, matchValue, pushRoom, replyPayload, routeTable, toParams } from './routing';

/** Protos holding one socket service with the given declarations. */
const defWith = (...opts: object[]) => {
  const svc = new protobuf.Service('XSocket');
  opts.forEach((o, i) =>
    svc.add(new protobuf.Method(`Rpc${i}`, 'rpc', 'Req', 'Reply', false, false, undefined, undefined, [{ '(cskh.api.socket)': o }])),
  );
  const root = new protobuf.Root();
  root.define('x.v1').add(svc);
  return root;
};

const declared = {
  event: 'batDau',
  reply_event: 'ketQua',
  kind: 'start',
  permissions: ['data.scan'],
  request_topic: 'cskh.x.requested',
  reply_topic: 'cskh.x.replied',
};

describe('socket routes declared in the protos', () => {
  const routes = loadSocketRoutes();

  it('give every event its guard, topics and reply event, once', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      expect(r.permissions.length).toBeGreaterThan(0);
      expect(r.requestTopic).toMatch(/^cskh\.[a-z0-9-]+\.[a-z0-9.-]+$/);
      expect(r.replyTopic).toMatch(/^cskh\.[a-z0-9-]+\.[a-z0-9.-]+$/);
      expect(r.replyEvent).not.toBe('');
      expect(r.kind).not.toBe('');
    }
    expect(new Set(routes.map((r) => r.event)).size).toBe(routes.length);
    const table = routeTable(routes);
    for (const r of routes) expect(table.forReply(r.replyTopic, r.kind)).toBe(r);
  });

  it('refuse incomplete, clashing or reserved declarations', () => {
    expect(socketRoutesOf(defWith(declared))).toHaveLength(1);
    expect(() => socketRoutesOf(defWith({ ...declared, reply_topic: '' }))).toThrow(/replyTopic is required/);
    expect(() => socketRoutesOf(defWith({ ...declared, kind: '' }))).toThrow(/kind is required/);
    expect(() => socketRoutesOf(defWith(declared, { ...declared, kind: 'stop' }))).toThrow(/already declared/);
    expect(() => socketRoutesOf(defWith(declared, { ...declared, event: 'dung' }))).toThrow(/already declared/);
    expect(() => socketRoutesOf(defWith({ ...declared, event: 'disconnect' }))).toThrow(/reserved/);
    expect(() => socketRoutesOf(defWith({ ...declared, request_topic: 'bad topic' }))).toThrow(/invalid topic/);
  });
});

describe('what goes to Kafka and back to the browser', () => {
  // A command matched by a phone's last 9 digits, and one by a file name.
  const [byPhone] = socketRoutesOf(
    defWith({ ...declared, event: 'traCuuX', reply_event: 'traKetQuaX', kind: 'balance', match: 'isdn', match_last_digits: 9 }),
  );
  const scan: SocketRoute = { ...byPhone, event: 'batDau', replyEvent: 'ketQua', kind: 'start', match: 'FileName', matchLastDigits: 0 };

  it('keeps scalar params only, without the request id', () => {
    expect(toParams({ isdn: '0912 345 678', page: 2, all: true, requestId: 'r1', nested: { a: 1 }, list: [1] })).toEqual({
      isdn: '0912 345 678',
      page: '2',
      all: 'true',
    });
    expect(toParams('x')).toEqual({});
  });

  it('matches by the last N digits when declared, else by the value as given', () => {
    expect(matchValue(byPhone, { isdn: '+84 912-345-678' })).toBe('912345678');
    expect(matchValue(byPhone, {})).toBe('');
    expect(matchValue(scan, { FileName: 'Quet 01.xlsx' })).toBe('Quet 01.xlsx');
  });

  it('gives replies the shape the web client reads: {requestId, <match>, kind, status, data, code?, msg?}', () => {
    const ok = events_v1_realtime.SocketReply.fromPartial({
      request_id: 'r1',
      client_id: 'c',
      match: '912345678',
      kind: 'balance',
      ok: true,
      status: 200,
      result_json: '{"PHONE_BALANCE":5}',
    });
    expect(replyPayload(byPhone, ok)).toStrictEqual({
      requestId: 'r1',
      isdn: '912345678',
      kind: 'balance',
      status: 200,
      data: { PHONE_BALANCE: 5 },
    });
    const failed = events_v1_realtime.SocketReply.fromPartial({
      request_id: 'r2',
      match: '912345678',
      kind: 'balance',
      ok: false,
      status: 504,
      error_code: 'TIMEOUT',
      error_msg: 'Hết giờ',
    });
    expect(replyPayload(byPhone, failed)).toStrictEqual({
      requestId: 'r2',
      isdn: '912345678',
      kind: 'balance',
      status: 504,
      data: null,
      code: 'TIMEOUT',
      msg: 'Hết giờ',
    });
    expect(errorPayload(byPhone, 'FORBIDDEN', undefined, 'r3', '912345678')).toStrictEqual({
      requestId: 'r3',
      isdn: '912345678',
      kind: 'balance',
      status: 403,
      data: null,
      code: 'FORBIDDEN',
      msg: expect.any(String),
    });
    expect(acceptedAck(byPhone, 'r4', '912345678')).toStrictEqual({ requestId: 'r4', isdn: '912345678', kind: 'balance', status: 202 });
    expect(acceptedAck(scan, 'r5', 'a.xlsx')).toStrictEqual({ requestId: 'r5', FileName: 'a.xlsx', kind: 'start', status: 202 });
  });

  it('pushes only to all, a user or a client', () => {
    expect(pushRoom('')).toEqual({ all: true });
    expect(pushRoom('all')).toEqual({ all: true });
    expect(pushRoom('user:an')).toEqual({ room: 'user:an' });
    expect(pushRoom('client:tab-1')).toEqual({ room: 'client:tab-1' });
    expect(pushRoom('user:')).toBeUndefined();
    expect(pushRoom('room:x')).toBeUndefined();
  });
});

describe('accountClientId', () => {
  it("puts the account's id before the tab id, so equal tab ids of two accounts are two addresses", () => {
    expect(accountClientId('3f2c6a9e-0000-4000-8000-000000000001', 'lan_ab12cd34')).toBe(
      '3f2c6a9e-0000-4000-8000-000000000001:lan_ab12cd34',
    );
    expect(accountClientId('u1', 'tab')).not.toBe(accountClientId('u2', 'tab'));
  });
  it('keeps at most 128 characters of the tab id', () => {
    expect(accountClientId('u1', 'x'.repeat(500))).toBe(`u1:${'x'.repeat(128)}`);
  });
});
