/**
 * The socket path end to end with real Redis and Kafka: browser socket → realtime replica →
 * Kafka → lookup service → carrier simulator → Kafka → every realtime replica → the socket that
 * asked. Two replicas share one Redis; each reads every reply and answers its own sockets; a reply
 * delivered twice is shown once; a request whose socket dropped is answered to the socket that
 * sends it again, on the other replica. The
 * routes come from the protos (lookup's seven events) plus a test-only proto declaring a
 * dataops-style command, which the tier routes with no code of its own; pushes reach exactly the
 * sockets of their room, once.
 */
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { io as connect, Socket } from 'socket.io-client';
import { createLogger } from '@cskh/kit/observability';
import { createRedis, createRevocationStore, parseProtos, signAccessToken } from '@cskh/kit/server';
import {
  createBus,
  EventBus,
  clientRoom,
  noticePayload,
  pushNotice,
  pushToClient,
  pushToUser,
  socketRoutesOf,
  startBatchConsumer,
  BatchConsumerHandle,
} from '@cskh/kit/messaging';
import { runService, RunningService } from '@cskh/kit/service';
import { settle } from '@cskh/kit/testing';
import { events_v1_pushes, events_v1_realtime, PROTO_FILES } from '@cskh/proto';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import * as sim from '../../carrier-sim/src/domain/data';
import { lookupModule } from '../../lookup/src/module';
import { dropDatabase, isolatedTopicPrefix, lookupServiceEnv, rand, testDatabaseUrl } from '../../lookup/test/helpers';
import { accountClientId, REPLICA_HEADER, startRealtime, RealtimeHandle, ReplyPayload } from '../src/main';

type LookupReplyPayload = ReplyPayload & { isdn: string };

/** Every socket route of our protos plus the test-only scan command (fixtures/scan-socket.proto). */
const routes = socketRoutesOf(parseProtos([...PROTO_FILES, join(__dirname, 'fixtures', 'scan-socket.proto')]));

const SECRET = 'realtime-test-secret-0123456789';
const brokers = process.env.KAFKA_BROKERS!;
const ALL = ['lookup.balance', 'lookup.package', 'lookup.info', 'history.999'];

/** The account id token() signs for a username, and the id the tier addresses that account's tab by. */
const userIdOf = (username: string) => `id-${username}`;
const addressOf = (username: string, tab: string) => accountClientId(userIdOf(username), tab);

const token = (over: { username?: string; priority?: number; permissions?: string[]; userId?: string } = {}) =>
  signAccessToken(SECRET, 3600, {
    userId: over.userId ?? userIdOf(over.username ?? 'agent'),
    username: over.username ?? 'agent',
    fullname: 'Nhân viên CSKH',
    roleName: 'Sale',
    priority: over.priority ?? 4,
    brandId: '',
    permissions: over.permissions ?? ALL,
  });

describe('realtime tier: two replicas, one Redis, one Kafka', () => {
  const dbUrl = testDatabaseUrl('rt_test');
  // Topics as the protos declare them, under this file's own prefix (raw Kafka clients below add it).
  const prefix = isolatedTopicPrefix('rt');
  const topics = { request: 'cskh.lookup.requested', reply: 'cskh.lookup.replied' };
  const kafkaTopic = (t: string) => prefix + t;
  let testBus: EventBus;
  let scanService: BatchConsumerHandle;
  const scanRequests: events_v1_realtime.SocketRequest[] = [];
  let carrier: CarrierSimHandle;
  let lookup: RunningService;
  let a: RealtimeHandle;
  let b: RealtimeHandle;
  const sockets: Socket[] = [];

  const rtEnv = {
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: SECRET,
    REDIS_URL: process.env.REDIS_URL,
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: prefix,
    SOCKET_ADAPTER_KEY: `test:sio:${rand()}`,
    REPLY_TIMEOUT_MS: '8000',
    MAX_PENDING_PER_SOCKET: '2',
    SHUTDOWN_GRACE_MS: '1000',
  };

  const open = (rt: RealtimeHandle, tok: string, clientId: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${rt.port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { host: 'cskh.test', token: tok, client_id: clientId },
        reconnection: false,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', (e) => reject(e));
    });

  const nextEvent = <T>(s: Socket, event: string, timeoutMs = 15000) =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      s.once(event, (p: T) => {
        clearTimeout(t);
        resolve(p);
      });
    });

  const record = (s: Socket, event: string) => {
    const got: LookupReplyPayload[] = [];
    s.on(event, (p: LookupReplyPayload) => got.push(p));
    return got;
  };

  beforeAll(async () => {
    carrier = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
    lookup = await runService(lookupModule, lookupServiceEnv(dbUrl, carrier.url, prefix, { KAFKA_BROKERS: brokers }));
    testBus = createBus(brokers, `test-${rand()}`, createLogger('rt-test', 'silent'), prefix);
    // A stand-in for a service answering the test-only scan command: echoes the file name as match.
    scanService = await startBatchConsumer({
      brokers,
      clientId: 'test-scan',
      groupId: 'test-scan',
      topics: ['test.scan.requested'],
      bus: testBus,
      log: createLogger('rt-test', 'silent'),
      handler: async (msg) => {
        const req = events_v1_realtime.SocketRequest.decode(msg.value);
        scanRequests.push(req);
        const reply = events_v1_realtime.SocketReply.fromPartial({
          request_id: req.request_id,
          client_id: req.client_id,
          match: req.params.FileName,
          kind: req.kind,
          ok: true,
          status: 200,
          result_json: JSON.stringify({ started: req.params.FileName, by: req.username }),
        });
        return [
          { topic: 'test.scan.replied', key: req.client_id, value: Buffer.from(events_v1_realtime.SocketReply.encode(reply).finish()) },
        ];
      },
    });
    await scanService.ready;
    a = await startRealtime({ ...rtEnv, REPLICA_NAME: 'replica-a' }, { routes });
    await a.ready;
    b = await startRealtime({ ...rtEnv, REPLICA_NAME: 'replica-b' }, { routes });
    await b.ready;
    // Each replica reads every partition of the reply topic (a consumer group of its own).
    for (const rt of [a, b]) expect(rt.replies.assignment()[topics.reply]?.sort()).toEqual([0, 1, 2]);
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.stop();
    await b?.stop();
    await scanService?.stop();
    await testBus?.close();
    await lookup?.stop();
    await carrier?.stop();
    await dropDatabase(dbUrl);
  });

  it('serves health and readiness on the same port', async () => {
    expect((await fetch(`http://127.0.0.1:${a.port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${b.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { kafka: 'ok', redis: 'ok' } });
  });

  it('names the replica in the answer to every handshake', async () => {
    for (const [rt, name] of [
      [a, 'replica-a'],
      [b, 'replica-b'],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${rt.port}/socket.io/?EIO=4&transport=polling`);
      expect(res.status).toBe(200);
      expect(res.headers.get(REPLICA_HEADER)).toBe(name);
    }
  });

  it('refuses a handshake without a valid, unrevoked token', async () => {
    await expect(open(a, 'not-a-token', 'c1')).rejects.toEqual(
      expect.objectContaining({ data: expect.objectContaining({ code: 'UNAUTHORIZED' }) }),
    );
    const t = token({ username: `revoked_${rand()}` });
    const redis = createRedis(process.env.REDIS_URL)!;
    try {
      await createRevocationStore(redis).revokeToken(t.jti, t.exp);
    } finally {
      redis.disconnect();
    }
    await expect(open(a, t.token, 'c2')).rejects.toEqual(
      expect.objectContaining({ data: expect.objectContaining({ msg: 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại' }) }),
    );
  });

  it('answers a socket on replica B from the reply both replicas read, one lookup after the other past the in-flight limit', async () => {
    const username = `agent_${rand()}`;
    const clientId = `client-${rand()}`;
    // A manager: the answer as the carrier gave it (what priority 3+ receives has its own test below).
    const t = token({ username, priority: 2 });
    const s = await open(b, t.token, clientId);
    const handledA = a.replies.handled();
    const reply = nextEvent<LookupReplyPayload>(s, 'traKetQuaSoDuTaiKhoanChinh');
    const ack = await s
      .timeout(10000)
      .emitWithAck('traCuuSoDuTaiKhoanChinh', { host: 'cskh.test', token: t.token, client_id: clientId, data: { isdn: '0912345678' } });
    expect(ack).toEqual(expect.objectContaining({ status: 202, isdn: '912345678', requestId: expect.any(String) }));
    const r = await reply;
    expect(r).toEqual({ requestId: ack.requestId, isdn: '912345678', kind: 'balance', status: 200, data: sim.balance('912345678') });
    // Replica A read it too, and showed it to nobody (none of its sockets asked).
    await settle(
      () => a.replies.handled(),
      (n) => n > handledA,
      10000,
      50,
    );
    // Each answer ends the socket's wait: more lookups than the in-flight limit (2), one after the other, all go through.
    for (let i = 0; i < 4; i++) {
      const next = nextEvent<LookupReplyPayload>(s, 'traKetQuaSoDuTaiKhoanChinh');
      s.emit('traCuuSoDuTaiKhoanChinh', { token: t.token, client_id: clientId, data: { isdn: `090000000${i}` } });
      expect(await next).toEqual(expect.objectContaining({ status: 200, isdn: `90000000${i}` }));
    }
  });

  it('answers a lookup whose socket dropped while it was in flight to the socket that sends it again from the other replica: once, at once, from the answer that replica read meanwhile, without asking the service again', async () => {
    const username = `dropped_${rand()}`;
    const clientId = `client-${rand()}`;
    // A manager: the answer as the carrier gave it.
    const t = token({ username, priority: 2 });
    const requestId = `in-flight-${rand()}`;
    const ask = { token: t.token, client_id: clientId, data: { isdn: '0912345678', requestId } };
    const lost = await open(a, t.token, clientId);
    const handled = { a: a.replies.handled(), b: b.replies.handled() };
    const accepted = await lost.timeout(10000).emitWithAck('traCuuSoDuTaiKhoanChinh', ask);
    expect(accepted).toEqual(expect.objectContaining({ status: 202, requestId }));
    // The connection is gone (its replica stopping in a drain, the network), the answer on its way.
    lost.disconnect();
    // The answer reaches both replicas while the browser reconnects; nobody awaits it there.
    await settle(
      () => [a.replies.handled(), b.replies.handled()],
      ([na, nb]) => na > handled.a && nb > handled.b,
      15000,
      50,
    );
    // Back, on the other replica: the browser sends what it still awaits again, same request id.
    const back = await open(b, t.token, clientId);
    const got = record(back, 'traKetQuaSoDuTaiKhoanChinh');
    const ack = await back.timeout(10000).emitWithAck('traCuuSoDuTaiKhoanChinh', ask);
    expect(ack).toEqual(expect.objectContaining({ status: 202, requestId }));
    const [answer] = await settle(
      () => got,
      (g) => g.length > 0,
      15000,
      25,
    );
    expect(answer).toEqual({ requestId, isdn: '912345678', kind: 'balance', status: 200, data: sim.balance('912345678') });
    // Not asked again: a later lookup of the same number (same Kafka key, so the same partitions in
    // order, request and reply) is answered with nothing for that request id before it.
    const laterId = `later-${rand()}`;
    back.emit('traCuuSoDuTaiKhoanChinh', { ...ask, data: { isdn: '0912345678', requestId: laterId } });
    await settle(
      () => got,
      (g) => g.some((r) => r.requestId === laterId),
      15000,
      25,
    );
    expect(got.map((r) => r.requestId)).toEqual([requestId, laterId]);
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const logged = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lookup.lookup_log WHERE request_id = $1', [requestId])).rows[0].n;
      expect(await settle(logged, (n) => n > 0, 10000, 50)).toBe(1);
    } finally {
      await db.end();
    }
  }, 40000);

  it('does not ask the service again for a request re-sent after its answer reached the new replica', async () => {
    const clientId = `client-${rand()}`;
    const t = token({ username: `moved_${rand()}`, priority: 3, permissions: ['data.scan'] });
    const requestId = `moved-${rand()}`;
    const ask = { token: t.token, client_id: clientId, data: { FileName: `moved-${rand()}.xlsx`, requestId } };
    const lost = await open(a, t.token, clientId);
    const handled = { a: a.replies.handled(), b: b.replies.handled() };
    expect(await lost.timeout(10000).emitWithAck('batDauQuetTestTHREAD1', ask)).toEqual(
      expect.objectContaining({ status: 202, requestId }),
    );
    lost.disconnect();
    await settle(
      () => [a.replies.handled(), b.replies.handled()],
      ([na, nb]) => na > handled.a && nb > handled.b,
      15000,
      50,
    );
    const back = await open(b, t.token, clientId);
    const got = record(back, 'ketQuaQuetTestTHREAD1');
    back.emit('batDauQuetTestTHREAD1', ask);
    // A later command on the same file (same Kafka key: the stand-in service reads both in order).
    const laterId = `later-${rand()}`;
    back.emit('batDauQuetTestTHREAD1', { ...ask, data: { ...ask.data, requestId: laterId } });
    await settle(
      () => got,
      (g) => g.some((r) => r.requestId === laterId),
      15000,
      25,
    );
    expect(got.map((r) => r.requestId)).toEqual([requestId, laterId]);
    expect(scanRequests.filter((r) => r.request_id === requestId)).toHaveLength(1);
  });

  it('answers every spec event with its traKetQua… event', async () => {
    const clientId = `client-${rand()}`;
    // A manager: the answers as the carrier gave them (what priority 3+ receives has its own test below).
    const t = token({ username: `agent_${rand()}`, priority: 2 });
    const s = await open(a, t.token, clientId);
    const ask = async (event: string, replyEvent: string, data: object) => {
      const p = nextEvent<LookupReplyPayload>(s, replyEvent);
      s.emit(event, { host: 'cskh.test', token: t.token, client_id: clientId, data });
      return p;
    };
    expect(
      (
        await ask('traCuuDanhSachDoiTuongChuongTrinh', 'traKetQuaDanhSachDoiTuongChuongTrinh', {
          isdn: '0912345678',
          package_code: '',
          page: 1,
        })
      ).data,
    ).toEqual(sim.packages('912345678', undefined, 1));
    expect(
      (await ask('traCuuThongTinChiTietThueBao', 'traKetQuaThongTinChiTietThueBao', { isdn: '0912345678', phoneType: 'MC' })).data,
    ).toEqual(sim.info('912345678', 'MC'));
    expect((await ask('traCuuLichSuGoiCuoc', 'traKetQuaLichSuGoiCuoc', { isdn: '0912345678' })).data).toEqual(sim.history('912345678'));
    const m = await ask('traCuuTinNhan999', 'traKetQuaTinNhan999', {
      isdn: '0912345678',
      huong_ket_qua: 'I',
      startDate: '01/01/2025',
      endDate: '31/01/2025',
      page: 1,
    });
    expect(m.status).toBe(200);
    expect((m.data as { values: Array<{ ActionType: string }> }).values.every((x) => x.ActionType === 'I')).toBe(true);
    expect((await ask('traCuuARPU', 'traKetQuaARPU', { isdn: '0912345678' })).data).toEqual(sim.arpu('912345678'));
    const h = await ask('traCuuLichSu9279', 'traKetQuaLichSu9279', { isdn: '0912345678', startDate: '01/01/2025', endDate: '31/01/2025' });
    expect(h.status).toBe(200);
    const missing = await ask('traCuuLichSu9279', 'traKetQuaLichSu9279', { isdn: '0912345678', endDate: '31/01/2025' });
    expect(missing).toEqual(
      expect.objectContaining({ status: 400, code: 'VALIDATION', msg: 'Bạn phải nhập ngày bắt đầu', data: null, isdn: '912345678' }),
    );
  });

  it('ends the socket of a session revoked after the handshake: told, then closed, without sending anything', async () => {
    const t = token({ username: `late_${rand()}` });
    const clientId = `client-${rand()}`;
    const s = await open(a, t.token, clientId);
    const told = nextEvent<{ status: number; code: string }>(s, 'ketThucPhien');
    const gone = nextEvent<string>(s, 'disconnect');
    const redis = createRedis(process.env.REDIS_URL)!;
    try {
      await createRevocationStore(redis).revokeToken(t.jti, t.exp);
    } finally {
      redis.disconnect();
    }
    expect(await told).toEqual(expect.objectContaining({ status: 401, code: 'UNAUTHORIZED' }));
    expect(await gone).toBe('io server disconnect');
  });

  it('checks the permission of each event before anything reaches Kafka', async () => {
    const clientId = `client-${rand()}`;
    const t = token({ username: `sale_${rand()}`, priority: 5, permissions: ['lookup.balance'] });
    const s = await open(a, t.token, clientId);
    const p = nextEvent<LookupReplyPayload>(s, 'traKetQuaThongTinChiTietThueBao');
    const ack = await s
      .timeout(5000)
      .emitWithAck('traCuuThongTinChiTietThueBao', { token: t.token, client_id: clientId, data: { isdn: '0912345678', phoneType: 'MC' } });
    expect(ack).toEqual(expect.objectContaining({ status: 403, code: 'FORBIDDEN' }));
    expect(await p).toEqual(expect.objectContaining({ status: 403, code: 'FORBIDDEN', isdn: '912345678', data: null }));
  });

  it('shows a reply once even when Kafka delivers it twice', async () => {
    const clientId = `client-${rand()}`;
    const username = `dup_${rand()}`;
    const t = token({ username });
    const s = await open(b, t.token, clientId);
    const address = addressOf(username, clientId);
    const got = record(s, 'traKetQuaSoDuTaiKhoanChinh');
    const kafka = new Kafka({ clientId: `test-${rand()}`, brokers: brokers.split(','), logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    try {
      const asked = `dup-${rand()}`;
      const askedTwice = `dupreq-${rand()}`;
      for (const requestId of [asked, askedTwice])
        s.emit('traCuuSoDuTaiKhoanChinh', { token: t.token, client_id: clientId, data: { isdn: '0987654321', requestId } });
      // An answer to the first, twice on the reply topic (before or after the lookup's own).
      const reply = events_v1_realtime.SocketReply.fromPartial({
        request_id: asked,
        client_id: address,
        match: '987654321',
        kind: 'balance',
        ok: true,
        status: 200,
        result_json: JSON.stringify(sim.balance('987654321')),
      });
      const value = Buffer.from(events_v1_realtime.SocketReply.encode(reply).finish());
      await producer.send({
        topic: kafkaTopic(topics.reply),
        messages: [
          { key: address, value },
          { key: address, value },
        ],
      });
      // The second request once more on the request topic: the lookup answers it twice.
      const req = events_v1_realtime.SocketRequest.fromPartial({
        request_id: askedTwice,
        client_id: address,
        username,
        priority: 4,
        permissions: ALL,
        kind: 'balance',
        params: { isdn: '0987654321' },
      });
      const reqValue = Buffer.from(events_v1_realtime.SocketRequest.encode(req).finish());
      await producer.send({ topic: kafkaTopic(topics.request), messages: [{ key: '987654321', value: reqValue }] });
      await settle(
        () => got.length,
        (n) => n >= 2,
        15000,
        50,
      );
      await new Promise((r) => setTimeout(r, 1500)); // room for a duplicate to show up
      expect(got.map((g) => g.requestId).sort()).toEqual([asked, askedTwice].sort());
    } finally {
      await producer.disconnect();
    }
  });

  it('turns a carrier timeout into an error reply on the socket', async () => {
    const auth = { authorization: `Basic ${Buffer.from('carrier:secret').toString('base64')}`, 'content-type': 'application/json' };
    await fetch(`${carrier.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ timeoutRate: 1 }) });
    try {
      const clientId = `client-${rand()}`;
      const t = token({ username: `slow_${rand()}` });
      const s = await open(b, t.token, clientId);
      const p = nextEvent<LookupReplyPayload>(s, 'traKetQuaLichSuGoiCuoc');
      s.emit('traCuuLichSuGoiCuoc', { token: t.token, client_id: clientId, data: { isdn: '0912345678' } });
      expect(await p).toEqual(
        expect.objectContaining({
          status: 504,
          code: 'TIMEOUT',
          msg: 'Hệ thống nhà mạng phản hồi quá lâu, vui lòng thử lại sau',
          isdn: '912345678',
        }),
      );
    } finally {
      await fetch(`${carrier.url}/__admin/config`, { method: 'PUT', headers: auth, body: JSON.stringify({ timeoutRate: 0 }) });
    }
  });

  it('broadcasts showThongBao to every replica, from a senior and from Kafka', async () => {
    const senior = await open(a, token({ username: `boss_${rand()}`, priority: 1 }).token, `client-${rand()}`);
    const listener = await open(b, token({ username: `agent_${rand()}` }).token, `client-${rand()}`);
    const first = nextEvent<{ message: string; from: string }>(listener, 'showThongBao');
    const ack = await senior.timeout(5000).emitWithAck('showThongBao', { data: { title: 'Thông báo', message: 'Họp lúc 15:00' } });
    expect(ack).toEqual(expect.objectContaining({ status: 200 }));
    expect(await first).toEqual(expect.objectContaining({ message: 'Họp lúc 15:00' }));

    const sale = await open(b, token({ username: `sale_${rand()}`, priority: 5 }).token, `client-${rand()}`);
    expect(await sale.timeout(5000).emitWithAck('showThongBao', { data: { message: 'x' } })).toEqual(
      expect.objectContaining({ status: 403 }),
    );

    const second = nextEvent<{ message: string }>(listener, 'showThongBao');
    await pushNotice(testBus, 'all', { message: 'Đăng ký gói thành công', level: 'success', from: 'orders' });
    expect(await second).toEqual(expect.objectContaining({ message: 'Đăng ký gói thành công', level: 'success' }));
  });
  it('routes a command declared only in a proto: guard, request to its topic, reply matched by FileName', async () => {
    const clientId = `client-${rand()}`;
    const username = `scan_${rand()}`;
    const t = token({ username, priority: 3, permissions: ['data.scan'] });
    const s = await open(b, t.token, clientId);
    const reply = nextEvent<ReplyPayload>(s, 'ketQuaQuetTestTHREAD1');
    const ack = await s
      .timeout(10000)
      .emitWithAck('batDauQuetTestTHREAD1', { token: t.token, client_id: clientId, data: { FileName: 'quet-01.xlsx' } });
    expect(ack).toEqual({ status: 202, requestId: expect.any(String), FileName: 'quet-01.xlsx', kind: 'start' });
    expect(await reply).toEqual({
      requestId: ack.requestId,
      FileName: 'quet-01.xlsx',
      kind: 'start',
      status: 200,
      data: { started: 'quet-01.xlsx', by: username },
    });
    const seen = scanRequests.find((r) => r.request_id === ack.requestId)!;
    expect(seen).toEqual(
      expect.objectContaining({
        kind: 'start',
        event: 'batDauQuetTestTHREAD1',
        client_id: addressOf(username, clientId),
        username,
        priority: 3,
        params: { FileName: 'quet-01.xlsx' },
      }),
    );

    // The declared guard: the permission, and priority strictly below 4.
    const senior = await open(a, token({ username: `p4_${rand()}`, priority: 4, permissions: ['data.scan'] }).token, `client-${rand()}`);
    const refused = await senior.timeout(5000).emitWithAck('batDauQuetTestTHREAD1', { data: { FileName: 'quet-02.xlsx' } });
    expect(refused).toEqual(
      expect.objectContaining({ status: 403, code: 'FORBIDDEN', FileName: 'quet-02.xlsx', kind: 'start', data: null }),
    );
    const before = scanRequests.length;
    const other = await open(
      a,
      token({ username: `nop_${rand()}`, priority: 1, permissions: ['lookup.balance'] }).token,
      `client-${rand()}`,
    );
    expect(await other.timeout(5000).emitWithAck('batDauQuetTestTHREAD1', { data: { FileName: 'x.xlsx' } })).toEqual(
      expect.objectContaining({ status: 403 }),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(scanRequests.length).toBe(before);
  });

  it('pushes to a user reach every socket of that user, on any replica, exactly once', async () => {
    const user = `pushed_${rand()}`;
    const mine = [
      await open(a, token({ username: user }).token, `client-${rand()}`),
      await open(b, token({ username: user }).token, `client-${rand()}`),
    ];
    const someoneElse = await open(b, token({ username: `other_${rand()}` }).token, `client-${rand()}`);
    const got = mine.map((s) => record(s, 'nhacNhanVien'));
    const leaked = record(someoneElse, 'nhacNhanVien');
    const reminder = { phone_number: '', yeu_cau: 'soan_y', id: 'DH-001', han_huy: '', message: 'Đơn hàng sắp hết hạn' };
    const payload = { result: 'success', data: reminder, message: reminder.message };
    // The same push twice (a retried publish): shown once.
    const id = await pushToUser(testBus, user, events_v1_pushes.ReminderPushed, payload, { from: 'orders' });
    await pushToUser(testBus, user, events_v1_pushes.ReminderPushed, payload, { eventId: id, from: 'orders' });
    await settle(() => got.every((g) => g.length > 0), Boolean, 15000, 50);
    await new Promise((r) => setTimeout(r, 1500)); // room for a duplicate to show up
    expect(got).toEqual([[payload], [payload]]);
    expect(leaked).toEqual([]);

    // A client room reaches that tab only.
    const clientId = `client-${rand()}`;
    const tab = await open(a, token({ username: user }).token, clientId);
    const notice = nextEvent<unknown>(tab, 'showThongBao');
    const otherTabs = mine.map((s) => record(s, 'showThongBao'));
    await pushNotice(testBus, clientRoom(addressOf(user, clientId)), { message: 'Tệp quet-01.xlsx đã quét 10/20' });
    expect(await notice).toEqual(expect.objectContaining({ message: 'Tệp quet-01.xlsx đã quét 10/20', level: 'info' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(otherTabs).toEqual([[], []]);
  });

  it("masks every push and reply by each recipient's priority: whole below 3, '****' + last 5 above; a reply's match value kept", async () => {
    const tag = rand();
    const senior = await open(a, token({ username: `ql_${tag}`, priority: 1 }).token, `tab-${tag}`);
    const sales = await open(b, token({ username: `nv_${tag}`, priority: 5 }).token, `tab-${tag}`);
    const notices = [senior, sales].map((s) => nextEvent<{ message: string }>(s, 'showThongBao'));
    await pushNotice(testBus, 'all', { message: `KH 0977 777 776 gọi lại ${tag}`, level: 'info' });
    const [whole, masked] = await Promise.all(notices);
    expect(whole.message).toBe(`KH 0977 777 776 gọi lại ${tag}`);
    expect(masked.message).toBe(`KH ****77776 gọi lại ${tag}`);

    // A user's room: the salesperson's own push masked too.
    const own = nextEvent<{ data: { phone_number: string; message: string } }>(sales, 'nhacNhanVien');
    const data = { phone_number: '0977777776', message: `Đơn 84977777776 cần duyệt ${tag}` };
    await pushToUser(testBus, `nv_${tag}`, events_v1_pushes.ReminderPushed, { result: 'success', data });
    expect((await own).data).toEqual(expect.objectContaining({ phone_number: '****77776', message: `Đơn ****77776 cần duyệt ${tag}` }));

    // A socket reply: the match value (what the caller typed, for the browser to match by) kept.
    const t = token({ username: `nv_${tag}`, priority: 5 });
    const clientId = `reply-${tag}`;
    const s = await open(b, t.token, clientId);
    const reply = nextEvent<LookupReplyPayload>(s, 'traKetQuaSoDuTaiKhoanChinh');
    s.emit('traCuuSoDuTaiKhoanChinh', { token: t.token, client_id: clientId, data: { isdn: '0912345678' } });
    const r = await reply;
    expect(r).toEqual(expect.objectContaining({ status: 200, isdn: '912345678' }));
    expect(JSON.stringify(r.data).replace(/[ .+-]/g, '')).not.toContain('912345678');
  });

  it("a socket that names another person's tab id gets none of that tab's replies or pushes", async () => {
    const owner = `owner_${rand()}`;
    const tabId = `${owner}_${rand()}`;
    const ownerToken = token({ username: owner }).token;
    const ownersTab = await open(a, ownerToken, tabId);
    // Another staff member, on the other replica, announcing the owner's tab id as theirs.
    const intruder = await open(b, token({ username: `intruder_${rand()}` }).token, tabId);
    const leakedReplies = record(intruder, 'traKetQuaSoDuTaiKhoanChinh');
    const leakedPushes = record(intruder, 'showThongBao');
    const reply = nextEvent<LookupReplyPayload>(ownersTab, 'traKetQuaSoDuTaiKhoanChinh');
    ownersTab.emit('traCuuSoDuTaiKhoanChinh', { token: ownerToken, client_id: tabId, data: { isdn: '0912345678' } });
    expect(await reply).toEqual(expect.objectContaining({ status: 200, isdn: '912345678' }));
    await new Promise((r) => setTimeout(r, 1000)); // room for a leak to show up
    expect(leakedReplies).toEqual([]);
    // A service's push to the owner's tab (addressed as the request carried it) reaches the owner alone.
    const notice = nextEvent<unknown>(ownersTab, 'showThongBao');
    await pushToClient(
      testBus,
      addressOf(owner, tabId),
      events_v1_pushes.Notice,
      noticePayload({ message: 'Tệp quet-02.xlsx đã quét 1/2' }, 'n-1'),
    );
    expect(await notice).toEqual(expect.objectContaining({ id: 'n-1', message: 'Tệp quet-02.xlsx đã quét 1/2' }));
    await new Promise((r) => setTimeout(r, 1000));
    expect(leakedPushes).toEqual([]);
  });
});
