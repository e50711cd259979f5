/**
 * The lookup service over real gRPC, with real PostgreSQL, Redis and Kafka, against the carrier
 * simulator: REST-reading lookups, the detailed-info limit, the lookup log, the socket path's
 * Kafka round trip (request → reply) including carrier faults, and the lstracuu / 9084 APIs.
 */
import { Client as PgClient } from 'pg';
import { exportWindowCount, Identity } from '@cskh/kit';
import { callUnary, createClient } from '@cskh/kit/server';
import { announceStaff, failure, startTestService, TestService } from '@cskh/kit/testing';
import { common_v1_common, events_v1_realtime, lookup_v1_lookup } from '@cskh/proto';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import * as sim from '../../carrier-sim/src/domain/data';
import { lookupModule } from '../src/module';
import { collect, identity, isolatedTopicPrefix, lookupServiceEnv, producer, rand } from './helpers';

const { SocketRequest, SocketReply } = events_v1_realtime;
const brokers = process.env.KAFKA_BROKERS!;

describe('lookup service', () => {
  // The service's topics as lookup.proto declares them, under this file's own prefix.
  const prefix = isolatedTopicPrefix('lookup');
  const topics = { request: `${prefix}cskh.lookup.requested`, reply: `${prefix}cskh.lookup.replied` };
  let carrier: CarrierSimHandle;
  let t: TestService;
  let pg: PgClient;
  let lookups: ReturnType<typeof createClient>;
  let logs: ReturnType<typeof createClient>;
  let replies: Awaited<ReturnType<typeof collect>>;
  let send: Awaited<ReturnType<typeof producer>>;

  // ts-proto encoders want every field: complete the request from its message type.
  const L = lookup_v1_lookup;
  const REQ: Record<string, { fromPartial(o: object): object }> = {
    package: L.PackageRequest,
    info: L.InfoRequest,
    balance: L.PhoneRequest,
    arpu: L.PhoneRequest,
    packageHistory: L.PhoneRequest,
    history9279: L.History9279Request,
    messages999: L.Messages999Request,
    registrations9084: L.Registrations9084Request,
    registration9084Channels: common_v1_common.Empty,
    listLookupLogs: L.ListLookupLogsRequest,
    createLookupLog: L.CreateLookupLogRequest,
    importLookupLogs: L.ImportLookupLogsRequest,
    listAssignedLookupLogs: common_v1_common.PageRequest,
    countAssignableLookupLogs: common_v1_common.Empty,
    assignLookupLogs: L.AssignLookupLogsRequest,
    deleteLookupLog: common_v1_common.IdRequest,
  };
  const call = <T>(method: string, req: object, who: Identity = identity()) =>
    callUnary<object, T>(lookups, method, REQ[method].fromPartial(req), { identity: who });
  const callLog = <T>(method: string, req: object, who: Identity = identity()) =>
    callUnary<object, T>(logs, method, REQ[method].fromPartial(req), { identity: who });
  const adminConfig = (body: object) =>
    fetch(`${carrier.url}/__admin/config`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from('carrier:secret').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    carrier = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret', sellers: ['admin', 'sale01'] });
    // The kit's harness: a database of its own; the topic prefix is this file's (the topics above).
    const { DATABASE_URL: _ownDatabase, ...env } = lookupServiceEnv('', carrier.url, prefix);
    t = await startTestService(lookupModule, { env });
    lookups = createClient(lookup_v1_lookup.LookupServiceService, t.address);
    logs = createClient(lookup_v1_lookup.LookupLogServiceService, t.address);
    pg = new PgClient({ connectionString: t.databaseUrl });
    await pg.connect();
    replies = await collect(brokers, [topics.reply]);
    send = await producer(brokers);
  });

  afterAll(async () => {
    await replies?.stop();
    await send?.stop();
    lookups?.close();
    logs?.close();
    await pg?.end();
    await t?.stop();
    await carrier?.stop();
  });

  const logRows = async (username: string) =>
    (await pg.query(`SELECT * FROM lookup.lookup_log WHERE username = $1 ORDER BY created_at`, [username])).rows;

  describe('REST reading (gRPC)', () => {
    it('answers the balance in the spec shape and logs it', async () => {
      const who = identity({ username: `bal_${rand()}`, fullname: 'Nguyễn Văn A' });
      const r = await call('balance', { phone: '0912 345 678' }, who);
      expect(r).toEqual(sim.balance('912345678'));
      const rows = await logRows(who.username);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(
        expect.objectContaining({
          so_dien_thoai: '0912345678',
          isdn9: '912345678',
          ten_tra_cuu: 'Tra cứu số dư tài khoản chính',
          full_name: 'Nguyễn Văn A',
        }),
      );
      expect(rows[0].noi_dung).toContain('Kết quả: Thành công');
    });

    it('answers packages, info, history and ARPU like the carrier', async () => {
      expect(await call('package', { phone: '0912345678', page: 1 })).toEqual(sim.packages('912345678', undefined, 1));
      expect(await call('info', { phone: '0912345678', type: 'MG' })).toEqual(sim.info('912345678', 'MG'));
      expect(await call('packageHistory', { isdn: '912345678' })).toEqual(sim.history('912345678'));
      expect(await call('arpu', { phone: '84912345678' })).toEqual(sim.arpu('912345678'));
    });

    it('requires the phone, and both dates for 9279, which goes out with the 84 prefix', async () => {
      expect(await failure(call('balance', { phone: '' }))).toEqual({
        status: 400,
        code: 'VALIDATION',
        msg: 'Bạn phải nhập số điện thoại',
      });
      expect((await failure(call('history9279', { phone: '0912345678', endDate: '10/01/2025' }))).msg).toBe('Bạn phải nhập ngày bắt đầu');
      expect((await failure(call('history9279', { phone: '0912345678', startDate: '01/01/2025' }))).msg).toBe(
        'Bạn phải nhập ngày kết thúc',
      );
      const r = await call<{ values: Array<{ sender: string; receiver: string }>; count: number }>('history9279', {
        phone: '0912345678',
        startDate: '01/01/2025',
        endDate: '31/03/2025',
      });
      expect(r.count).toBeGreaterThan(0);
      expect(r.values.every((v) => v.sender === '84912345678' || v.receiver === '84912345678')).toBe(true);
    });

    it('checks permissions and the priority bound itself', async () => {
      expect((await failure(call('info', { phone: '0912345678' }, identity({ priority: 5 })))).code).toBe('FORBIDDEN');
      expect((await failure(call('balance', { phone: '0912345678' }, identity({ permissions: ['lookup.package'] })))).code).toBe(
        'FORBIDDEN',
      );
    });

    it('limits detailed info to 60 per user per rolling hour (Redis)', async () => {
      const who = identity({ username: `info_${rand()}`, priority: 4 });
      for (let i = 0; i < 60; i++) await call('info', { phone: `09000000${String(i).padStart(2, '0')}` }, who);
      const err = await failure(call('info', { phone: '0912345678' }, who));
      expect(err.code).toBe('RATE_LIMITED');
      expect(err.status).toBe(429);
      expect(err.msg).toMatch(/tối đa 60 lần\/giờ/);
      // Other users and other lookups are not affected.
      await call('info', { phone: '0912345678' }, identity({ username: `info_${rand()}` }));
      await call('balance', { phone: '0912345678' }, who);
      expect((await logRows(who.username)).filter((r) => r.ten_tra_cuu === 'Tra cứu thông tin chi tiết thuê bao')).toHaveLength(60);
    });

    it('turns carrier errors and timeouts into clear errors, and logs them', async () => {
      const who = identity({ username: `fault_${rand()}` });
      await adminConfig({ errorRate: 1 });
      try {
        expect(await failure(call('balance', { phone: '0912345678' }, who))).toEqual(
          expect.objectContaining({ code: 'UNAVAILABLE', msg: 'Hệ thống nhà mạng đang lỗi, vui lòng thử lại sau' }),
        );
        await adminConfig({ errorRate: 0, timeoutRate: 1 });
        const t = Date.now();
        expect(await failure(call('balance', { phone: '0912345678' }, who))).toEqual(
          expect.objectContaining({ code: 'TIMEOUT', msg: 'Hệ thống nhà mạng phản hồi quá lâu, vui lòng thử lại sau' }),
        );
        expect(Date.now() - t).toBeLessThan(5000);
      } finally {
        await adminConfig({ errorRate: 0, timeoutRate: 0 });
      }
      const rows = await logRows(who.username);
      expect(rows.map((r) => r.noi_dung.split('\n').pop())).toEqual([
        'Kết quả: Lỗi - Hệ thống nhà mạng đang lỗi, vui lòng thử lại sau',
        'Kết quả: Lỗi - Hệ thống nhà mạng phản hồi quá lâu, vui lòng thử lại sau',
      ]);
    });

    it('pages 999 messages by direction', async () => {
      const r = await call<{ values: Array<{ ActionType: string; ISDN: string }>; count: number }>('messages999', {
        phone: '0912345678',
        huong_ket_qua: 'O',
        startDate: '01/01/2025',
        endDate: '31/03/2025',
        page: 1,
        count: 5,
      });
      expect(r.values.length).toBeLessThanOrEqual(5);
      expect(r.values.every((m) => m.ActionType === 'O' && m.ISDN === '84912345678')).toBe(true);
    });
  });

  describe('socket path over Kafka', () => {
    const request = (kind: string, params: Record<string, string>, over: Partial<events_v1_realtime.SocketRequest> = {}) => {
      const req = SocketRequest.fromPartial({
        request_id: `req-${rand()}`,
        client_id: `client-${rand()}`,
        username: 'kafka_user',
        fullname: 'Người Kafka',
        priority: 2,
        permissions: ['lookup.balance', 'lookup.package', 'lookup.info', 'history.999'],
        kind,
        params,
        requested_at_ms: Date.now(),
        ...over,
      });
      return req;
    };
    const publish = (req: events_v1_realtime.SocketRequest) =>
      send.send(topics.request, req.params.isdn ?? '', Buffer.from(SocketRequest.encode(req).finish()));
    const replyTo = (requestId: string) =>
      replies.waitFor(() => {
        const m = replies.messages.map((x) => SocketReply.decode(x.value)).find((r) => r.request_id === requestId);
        return m;
      });

    it('answers a request on the reply topic, keyed by client id, and logs it once', async () => {
      const req = request('package', { isdn: '0912345678', package_code: '', page: '1' });
      await publish(req);
      const reply = await replyTo(req.request_id);
      expect(reply).toEqual(
        expect.objectContaining({ ok: true, status: 200, match: '912345678', kind: 'package', client_id: req.client_id }),
      );
      expect(JSON.parse(reply.result_json)).toEqual(sim.packages('912345678', undefined, 1));
      const raw = replies.messages.find((m) => SocketReply.decode(m.value).request_id === req.request_id)!;
      expect(raw.key).toBe(req.client_id);
      // A redelivered request (same id) answers again but is logged once.
      await publish(req);
      await replies.waitFor(() =>
        replies.messages.filter((m) => SocketReply.decode(m.value).request_id === req.request_id).length >= 2 ? true : undefined,
      );
      const rows = (await pg.query(`SELECT * FROM lookup.lookup_log WHERE request_id = $1`, [req.request_id])).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0].noi_dung).toContain('Kênh: socket');
    });

    it('answers rule violations as error replies', async () => {
      const noPhone = request('balance', { isdn: '' });
      await publish(noPhone);
      expect(await replyTo(noPhone.request_id)).toEqual(
        expect.objectContaining({ ok: false, status: 400, error_code: 'VALIDATION', error_msg: 'Bạn phải nhập số điện thoại' }),
      );
      const forbidden = request('info', { isdn: '0912345678' }, { priority: 5 });
      await publish(forbidden);
      expect(await replyTo(forbidden.request_id)).toEqual(expect.objectContaining({ ok: false, error_code: 'FORBIDDEN' }));
    });

    it('answers a stale request (waited past its age limit) TIMEOUT without a carrier call or a log row', async () => {
      const stale = request('balance', { isdn: '0912345678' }, { requested_at_ms: Date.now() - 120000 });
      await publish(stale);
      expect(await replyTo(stale.request_id)).toEqual(expect.objectContaining({ ok: false, status: 504, error_code: 'TIMEOUT' }));
      expect((await pg.query(`SELECT 1 FROM lookup.lookup_log WHERE request_id = $1`, [stale.request_id])).rowCount).toBe(0);
    });

    it('turns a carrier timeout and a carrier error into error replies, never silence', async () => {
      await adminConfig({ timeoutRate: 1 });
      try {
        const slow = request('balance', { isdn: '0912345678' });
        await publish(slow);
        expect(await replyTo(slow.request_id)).toEqual(expect.objectContaining({ ok: false, status: 504, error_code: 'TIMEOUT' }));
        await adminConfig({ timeoutRate: 0, errorRate: 1 });
        const broken = request('history', { isdn: '0912345678' });
        await publish(broken);
        expect(await replyTo(broken.request_id)).toEqual(expect.objectContaining({ ok: false, status: 503, error_code: 'UNAVAILABLE' }));
      } finally {
        await adminConfig({ timeoutRate: 0, errorRate: 0 });
      }
    });
  });

  describe('lookup log API (lstracuu)', () => {
    it('lists with filters, counts by name and masks phones by priority', async () => {
      const user = `list_${rand()}`;
      const who = identity({ username: user, fullname: 'Người Liệt Kê' });
      await call('balance', { phone: '0987654321' }, who);
      await call('balance', { phone: '0987654322' }, who);
      await call('arpu', { phone: '0987654321' }, who);
      await callLog('createLookupLog', { so_dien_thoai: '0987654323', ten_tra_cuu: 'Tra cứu thủ công', noi_dung: 'Ghi chú' }, who);

      type List = {
        values: Array<{ id: string; so_dien_thoai: string; noi_dung: string; createdAt: string; username: string }>;
        count: number;
        countByName: Array<{ ten_tra_cuu: string; count: number }>;
      };
      const senior = await callLog<List>('listLookupLogs', { page: 1, count: 2, username: user });
      expect(senior.count).toBe(4);
      expect(senior.values).toHaveLength(2);
      expect(senior.countByName).toEqual([
        { ten_tra_cuu: 'Tra cứu số dư tài khoản chính', count: 2 },
        { ten_tra_cuu: 'Tra cứu ARPU', count: 1 },
        { ten_tra_cuu: 'Tra cứu thủ công', count: 1 },
      ]);
      expect(senior.values[0].so_dien_thoai).toMatch(/^98765432\d$/);
      expect(senior.values[0].createdAt).toMatch(/\+07:00$/);

      // A branch sees the rows of its own people (the default identity's user id is u-tester).
      await announceStaff(t, [{ username: user, brand_id: 'u-tester' }]);
      const branch = await callLog<List>('listLookupLogs', { page: 1, count: 10, username: user }, identity({ priority: 3 }));
      expect(branch.count).toBe(4);
      expect(branch.values.every((v) => /^\*{4}\d{5}$/.test(v.so_dien_thoai))).toBe(true);
      expect(branch.values.some((v) => v.noi_dung.includes('0987654321'))).toBe(false);

      const search = await callLog<List>('listLookupLogs', { page: 1, count: 10, username: user, noi_dung: 'ghi chú' });
      expect(search.count).toBe(1);
      // A contains-search (trigram index) finds digits in the middle of the content, and counts them by name.
      const digits = await callLog<List>('listLookupLogs', { page: 1, count: 10, username: user, noi_dung: '765432' });
      expect(digits.count).toBe(3);
      expect(digits.countByName).toEqual([
        { ten_tra_cuu: 'Tra cứu số dư tài khoản chính', count: 2 },
        { ten_tra_cuu: 'Tra cứu ARPU', count: 1 },
      ]);
      const today = new Date(Date.now() + 7 * 3600000).toISOString().slice(0, 10).split('-').reverse().join('/');
      expect((await callLog<List>('listLookupLogs', { username: user, startDate: today, endDate: today })).count).toBe(4);
      expect((await callLog<List>('listLookupLogs', { username: user, startDate: '01/01/2020', endDate: '02/01/2020' })).count).toBe(0);
      expect((await callLog<List>('listLookupLogs', { username: user, getAll: true, count: 1 })).values).toHaveLength(4);
      // A streamed export (the gateway's windows): getAll with a window count reads that window only.
      const all = (await callLog<List>('listLookupLogs', { username: user, getAll: true })).values.map((v) => v.id);
      const windowOf = async (page: number) =>
        (await callLog<List>('listLookupLogs', { username: user, getAll: true, page, count: exportWindowCount(3) })).values.map(
          (v) => v.id,
        );
      expect([...(await windowOf(1)), ...(await windowOf(2))]).toEqual(all);
      expect(await windowOf(1)).toHaveLength(3);
      // Every row is an export, refused to a salesperson however it is asked for (spec 1 §9).
      for (const req of [{ getAll: true }, { count: 9999999999 }, { getAll: true, count: exportWindowCount(3) }])
        expect((await failure(callLog<List>('listLookupLogs', { username: user, ...req }, identity({ priority: 5 })))).code).toBe(
          'FORBIDDEN',
        );
    });

    it('imports chunks idempotently, assigns, counts and deletes', async () => {
      const user = `imp_${rand()}`;
      const rows = Array.from({ length: 5 }, (_, i) => ({
        so_dien_thoai: `09111111${i}0`,
        ten_tra_cuu: 'Nhập từ file',
        noi_dung: `Dòng ${i}`,
        username: user,
        createdAt: `0${i + 1}/02/2025 08:00:00`,
      }));
      const bad = { so_dien_thoai: '', ten_tra_cuu: 'x' };
      type Imported = { saved: number; errorRows: Array<{ index: number; row: number; error_type: string; error_file: string }> };
      const first = await callLog<Imported>('importLookupLogs', { rows: [...rows, bad], file_name: 'lich-su.xlsx', first_row: 2 });
      expect(first.saved).toBe(5);
      // The refused row is named by its sheet row (header on row 1, data from row 2) and its file.
      expect(first.errorRows).toEqual([
        expect.objectContaining({ index: 5, row: 7, error_type: 'Số điện thoại không hợp lệ', error_file: 'lich-su.xlsx' }),
      ]);
      // A re-sent chunk (its answer lost) stores nothing twice and still reports its rows as saved.
      expect((await callLog<Imported>('importLookupLogs', { rows, file_name: 'lich-su.xlsx', first_row: 2 })).saved).toBe(5);
      type List = { values: Array<{ id: string; createdAt: string }>; count: number };
      const list = await callLog<List>('listLookupLogs', { username: user, count: 100 });
      expect(list.count).toBe(5);
      expect(list.values[0].createdAt).toBe('2025-02-05T08:00:00+07:00');
      const tooMany = await failure(callLog('importLookupLogs', { rows: Array.from({ length: 201 }, () => rows[0]) }));
      expect(tooMany.msg).toBe('Mỗi lần chỉ được gửi tối đa 200 dòng');

      const before = await callLog<{ total: number }>('countAssignableLookupLogs', {});
      expect(before.total).toBeGreaterThanOrEqual(5);
      const assignee = identity({ username: `asg_${rand()}` });
      const a = await callLog<{ assigned: number }>('assignLookupLogs', { items: [{ username: assignee.username, count: 3 }] });
      expect(a.assigned).toBe(3);
      expect((await callLog<{ total: number }>('countAssignableLookupLogs', {})).total).toBe(before.total - 3);
      expect((await callLog<List>('listAssignedLookupLogs', { page: 1, count: 10 }, assignee)).count).toBe(3);

      await callLog('deleteLookupLog', { id: list.values[0].id });
      expect((await callLog<List>('listLookupLogs', { username: user })).count).toBe(4);
      expect((await failure(callLog('deleteLookupLog', { id: list.values[0].id }))).code).toBe('NOT_FOUND');
    });
  });

  // Two branches, as auth announces them (user ids u-<username>, as identity() gives them):
  // Hà Nội (cn_hn; leader tn_hn; sale01 in tn_hn's group) and HCM (cn_hcm; leader tn_hcm; nv_hcm).
  const office = () =>
    announceStaff(
      t,
      [
        { username: 'cn_hn', role_priority: 3, role_name: 'Chi nhánh' },
        { username: 'tn_hn', role_priority: 4, role_name: 'Trưởng nhóm', brand_id: 'u-cn_hn' },
        { username: 'sale01', fullname: 'Nhân viên 01', brand_id: 'u-cn_hn', group_id: 'u-tn_hn' },
        { username: 'cn_hcm', role_priority: 3, role_name: 'Chi nhánh' },
        { username: 'tn_hcm', role_priority: 4, role_name: 'Trưởng nhóm', brand_id: 'u-cn_hcm' },
        { username: 'nv_hcm', brand_id: 'u-cn_hcm', group_id: 'u-tn_hcm' },
      ],
      (u) => `u-${u}`,
    );
  const as = (username: string, priority: number) => identity({ username, priority });

  describe("lookup history: the caller's subtree only (list, delete, import's attribution)", () => {
    type Log = { id: string; username: string; noi_dung: string; so_dien_thoai: string };
    type List = { values: Log[]; count: number };
    type Imported = { saved: number; errorRows: Array<{ index: number; error_type: string }> };
    const mark = `scope_${rand()}`;
    let hn: Log;
    let hcm: Log;
    beforeAll(async () => {
      await office();
      hn = await callLog<Log>('createLookupLog', { so_dien_thoai: '0912000151', ten_tra_cuu: 'Số dư', noi_dung: mark }, as('sale01', 5));
      hcm = await callLog<Log>('createLookupLog', { so_dien_thoai: '0912000152', ten_tra_cuu: 'Số dư', noi_dung: mark }, as('nv_hcm', 5));
    });
    const seen = async (who: Identity, f: object = {}) =>
      (await callLog<List>('listLookupLogs', { page: 1, count: 100, noi_dung: mark, ...f }, who)).values.map((v) => v.username).sort();

    it('lists a branch its branch, a leader their group, priority below 3 everyone', async () => {
      expect(await seen(as('cn_hcm', 3))).toEqual(['nv_hcm']);
      expect(await seen(as('tn_hcm', 4))).toEqual(['nv_hcm']);
      expect(await seen(as('cn_hn', 3))).toEqual(['sale01']);
      expect(await seen(as('tn_hn', 4))).toEqual(['sale01']);
      expect(await seen(as('boss', 2))).toEqual(['nv_hcm', 'sale01']);
      // Naming someone of another branch yields nothing, count included (the per-day counters too).
      const other = await callLog<List>('listLookupLogs', { username: 'sale01' }, as('cn_hcm', 3));
      expect(other).toMatchObject({ values: [], count: 0 });
      expect((await callLog<List>('listLookupLogs', { username: 'sale01' }, as('cn_hn', 3))).count).toBeGreaterThanOrEqual(1);
    });

    it("refuses to delete another branch's row (not found, the row stays); deletes its own", async () => {
      const refused = await failure(callLog('deleteLookupLog', { id: hn.id }, as('cn_hcm', 3)));
      expect(refused).toMatchObject({ code: 'NOT_FOUND', msg: 'Không tìm thấy lịch sử tra cứu' });
      expect((await failure(callLog('deleteLookupLog', { id: hn.id }, as('tn_hcm', 4)))).code).toBe('NOT_FOUND');
      expect(await seen(as('cn_hn', 3))).toEqual(['sale01']);
      expect(await callLog('deleteLookupLog', { id: hn.id }, as('tn_hn', 4))).toEqual({ ok: true, msg: 'Xóa lịch sử tra cứu thành công' });
      expect(await seen(as('boss', 2))).toEqual(['nv_hcm']);
      expect(await callLog('deleteLookupLog', { id: hcm.id }, as('cn_hcm', 3))).toMatchObject({ ok: true });
    });

    it('refuses, row by row, an imported lookup put on someone outside the importer’s subtree', async () => {
      const forged = `forged_${rand()}`;
      const row = (username?: string) => ({ so_dien_thoai: '0912000151', ten_tra_cuu: 'Số dư', noi_dung: forged, username });
      const r = await callLog<Imported>(
        'importLookupLogs',
        { rows: [row('sale01'), row('nv_hcm'), row(undefined), row('tn_hn')], file_name: 'gia-mao.xlsx', first_row: 2 },
        as('cn_hcm', 3),
      );
      expect(r.saved).toBe(2);
      expect(r.errorRows.map((e) => [e.index, e.error_type])).toEqual([
        [0, 'Nhân viên sale01 không thuộc quyền quản lý của bạn'],
        [3, 'Nhân viên tn_hn không thuộc quyền quản lý của bạn'],
      ]);
      const stored = await pg.query(`SELECT username, full_name FROM lookup.lookup_log WHERE noi_dung = $1 ORDER BY username`, [forged]);
      expect(stored.rows).toEqual([
        { username: 'cn_hcm', full_name: 'Người Thử' },
        { username: 'nv_hcm', full_name: 'Tên nv_hcm' },
      ]);
      // A leader only for their group; priority below 3 for anyone.
      const leader = await callLog<Imported>('importLookupLogs', { rows: [row('nv_hcm')] }, as('tn_hn', 4));
      expect(leader).toMatchObject({ saved: 0, errorRows: [{ error_type: 'Nhân viên nv_hcm không thuộc quyền quản lý của bạn' }] });
      expect((await callLog<Imported>('importLookupLogs', { rows: [row('sale01')] }, as('boss', 2))).saved).toBe(1);
    });

    it("hands out only the subtree's lookups, and only to the subtree's people", async () => {
      const pooled = `pool_${rand()}`;
      const hnRow = await callLog<Log>(
        'createLookupLog',
        { so_dien_thoai: '0912000153', ten_tra_cuu: 'Số dư', noi_dung: pooled },
        as('sale01', 5),
      );
      await callLog('createLookupLog', { so_dien_thoai: '0912000154', ten_tra_cuu: 'Số dư', noi_dung: pooled }, as('nv_hcm', 5));
      const cn = as('cn_hcm', 3);
      const refused = await failure(callLog('assignLookupLogs', { items: [{ username: 'sale01', count: 1 }] }, cn));
      expect(refused).toMatchObject({ code: 'FORBIDDEN', msg: 'Nhân viên sale01 không thuộc quyền quản lý của bạn' });
      const pool = (await callLog<{ total: number }>('countAssignableLookupLogs', {}, cn)).total;
      const everyone = (await callLog<{ total: number }>('countAssignableLookupLogs', {})).total;
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(pool).toBeLessThan(everyone);
      const handed = await callLog<{ assigned: number }>('assignLookupLogs', { items: [{ username: 'tn_hcm', count: 100000 }] }, cn);
      expect(handed.assigned).toBe(pool);
      const got = await callLog<List>('listAssignedLookupLogs', { page: 1, count: 1000 }, as('tn_hcm', 4));
      expect(got.count).toBe(pool);
      expect(got.values.filter((v) => !['cn_hcm', 'tn_hcm', 'nv_hcm'].includes(v.username))).toEqual([]);
      expect(got.values.map((v) => v.id)).not.toContain(hnRow.id);
      const [{ assigned_to }] = (await pg.query(`SELECT assigned_to FROM lookup.lookup_log WHERE id = $1`, [hnRow.id])).rows;
      expect(assigned_to).toBeNull();
    });
  });

  it('assigns exactly what was asked when managers assign at once (no row handed twice)', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      so_dien_thoai: `0977000${String(i).padStart(3, '0')}`,
      ten_tra_cuu: 'Chia đồng thời',
      noi_dung: `c${i}`,
    }));
    await callLog('importLookupLogs', { rows, file_name: `dong-thoi-${rand()}.xlsx`, first_row: 2 });
    const free = (await callLog<{ total: number }>('countAssignableLookupLogs', {})).total;
    const who = Array.from({ length: 4 }, () => `asg_${rand()}`);
    const results = await Promise.all(
      who.map((username) => callLog<{ assigned: number }>('assignLookupLogs', { items: [{ username, count: 3 }] })),
    );
    const total = results.reduce((n, r) => n + r.assigned, 0);
    expect(total).toBe(Math.min(12, free));
    const [{ n }] = (await pg.query(`SELECT count(*)::int AS n FROM lookup.lookup_log WHERE assigned_to = ANY($1)`, [who])).rows;
    expect(n).toBe(total);
    expect((await callLog<{ total: number }>('countAssignableLookupLogs', {})).total).toBe(free - total);
  });

  describe('registration results (9084)', () => {
    type Regs = {
      values: Array<{ SubAgent: string; NumberPhone: string; Time: string; username_nv: string; ten_nv: string }>;
      count: number;
    };
    const q = { startDate: '01/01/2025', endDate: '20/01/2025', count: 1000 };

    it('shows seniors every channel with attribution and names from the staff read model', async () => {
      await pg.query(`INSERT INTO lookup.staff (username, fullname, priority) VALUES ('sale01', 'Nhân viên 01', 5) ON CONFLICT DO NOTHING`);
      const r = await call<Regs>('registrations9084', q, identity({ priority: 1 }));
      expect(new Set(r.values.map((v) => v.SubAgent))).toEqual(new Set(['d1', 'd9', 'ga24', 'tr8', 'ga22', 'ga23', 'vg8', 'dag9']));
      expect(r.values.some((v) => v.username_nv === 'admin')).toBe(true);
      expect(r.values.filter((v) => v.username_nv === 'sale01').every((v) => v.ten_nv === 'Nhân viên 01')).toBe(true);
    });

    it('shows the phone as four stars and the last 5 digits to priority 3 and above, the last 9 digits below 3', async () => {
      await office();
      for (const who of [as('sale01', 5), as('sale99', 5), as('tn_hn', 4), as('cn_hcm', 3)]) {
        const r = await call<Regs>('registrations9084', q, who);
        expect(r.values.length).toBeGreaterThan(0);
        expect(r.values.filter((v) => !/^\*{4}\d{5}$/.test(v.NumberPhone))).toEqual([]);
      }
      const senior = await call<Regs>('registrations9084', q, as('boss', 2));
      expect(senior.values.filter((v) => !/^\d{9}$/.test(v.NumberPhone))).toEqual([]);
    });

    it("shows priority 3 and above their subtree's rows (and the special account's, unattributed)", async () => {
      await office();
      const SEEN = ['d1', 'vg8', 'dag9']; // the channels of usernames outside both branch prefixes
      const senior = await call<Regs>('registrations9084', q, as('boss', 2));
      const ofChannels = senior.values.filter((v) => SEEN.includes(v.SubAgent));
      const sale01 = ofChannels.filter((v) => v.username_nv === 'sale01');
      const special = ofChannels.filter((v) => v.username_nv === 'admin');
      expect(sale01.length).toBeGreaterThan(0);
      expect(special.length).toBeGreaterThan(0);
      const rowsOf = (rows: Regs['values']) => rows.map((v) => `${v.Time}|${v.NumberPhone.slice(-5)}`).sort();

      for (const who of [as('sale01', 5), as('tn_hn', 4), as('cn_hn', 3)]) {
        const r = await call<Regs>('registrations9084', q, who);
        expect(r.count).toBe(ofChannels.length);
        expect(rowsOf(r.values)).toEqual(rowsOf(ofChannels));
        expect(
          r.values.filter(
            (v) => !((v.username_nv === 'sale01' && v.ten_nv === 'Nhân viên 01') || (v.username_nv === '' && v.ten_nv === '')),
          ),
        ).toEqual([]);
      }
      for (const who of [as('nv_hcm', 5), as('tn_hcm', 4), as('cn_hcm', 3), as('sale99', 5)]) {
        const r = await call<Regs>('registrations9084', q, who);
        expect(r.values.map((v) => v.username_nv)).toEqual(special.map(() => ''));
        expect(r.count).toBe(special.length);
        // Naming someone of another branch yields nothing.
        expect(await call<Regs>('registrations9084', { ...q, username: 'sale01' }, who)).toEqual({ values: [], count: 0 });
      }
      // Pages of a list filtered here: the count of the whole, the rows of the page.
      const whole = await call<Regs>('registrations9084', q, as('sale01', 5));
      const page2 = await call<Regs>('registrations9084', { ...q, page: 2, count: 3 }, as('sale01', 5));
      expect(page2.count).toBe(whole.count);
      expect(page2.values).toEqual(whole.values.slice(3, 6));
      // A staff filter inside the subtree: that person's rows.
      const own = await call<Regs>('registrations9084', { ...q, username: 'sale01' }, as('cn_hn', 3));
      expect(own.count).toBe(sale01.length);
      expect(own.values.filter((v) => v.username_nv !== 'sale01')).toEqual([]);
    });

    it('limits channels and hides the special account from priority 3 and above', async () => {
      const who = identity({ username: 'sale99', priority: 5 });
      const r = await call<Regs>('registrations9084', q, who);
      expect(new Set(r.values.map((v) => v.SubAgent))).toEqual(new Set(['d1', 'vg8', 'dag9']));
      expect(r.values.some((v) => v.username_nv === 'admin')).toBe(false);
      expect(r.values.some((v) => v.username_nv === '')).toBe(true);
      expect((await failure(call('registrations9084', { ...q, subagent: 'd9' }, who))).code).toBe('FORBIDDEN');
      // Priority 5 does not export (spec 1 §6): every row at once, or the gateway's windows of them.
      for (const count of [9999999999, exportWindowCount()])
        expect(await failure(call('registrations9084', { ...q, page: 0, count }, who))).toMatchObject({
          code: 'FORBIDDEN',
          msg: 'Bạn không có quyền xuất dữ liệu',
        });
      expect((await call<Regs>('registrations9084', { ...q, username: 'admin' }, who)).count).toBe(0);
      expect(await call('registration9084Channels', {}, identity({ username: 'HNIMB01', priority: 4 }))).toEqual({
        values: [
          { value: 'ga22', label: 'GA22' },
          { value: 'vg8', label: 'VG8' },
          { value: 'dag9', label: 'DAG9' },
        ],
        count: 3,
      });
    });
  });
});
