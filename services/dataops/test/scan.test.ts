/**
 * Scans end to end on real PostgreSQL, Kafka and Redis, against the carrier simulator:
 *  - upload in 200-row chunks (re-sent chunks add nothing, bad rows numbered);
 *  - one set of calls for the three screens, each call on the files of the screen its route names;
 *  - a scan started over a real socket (realtime tier) runs to the end, progress pushed in order;
 *  - stop, then start resumes where it stopped; every number scanned once;
 *  - a replica stopped mid-scan and another started finishes it, each number scanned once;
 *  - two replicas never scan one file together (a lease).
 */
import { io as connect, Socket } from 'socket.io-client';
import { failure, rand, testToken, TestService, until } from '@cskh/kit/testing';
import { RealtimeHandle, startRealtime } from '../../realtime/src/main';
import { realtimeTestEnv } from '../../realtime/test/fixtures/env';
import type { CarrierSimHandle } from '../../carrier-sim/src/main';
import type { ScanKind } from '../src/domain/scan';
import { phones, startDataops, startSim } from './helpers';

let sim: CarrierSimHandle;
let a: Awaited<ReturnType<typeof startDataops>>;
let t: TestService;
let rt: RealtimeHandle;
const extra: Array<Awaited<ReturnType<typeof startDataops>>> = [];
const sockets: Socket[] = [];
const uploader = `dieuphoi_${rand()}`;
const me = () => t.as(4, ['quetdata', 'quetdatakhonggoi', 'quetdtct'], { username: uploader });

beforeAll(async () => {
  sim = await startSim(2);
  a = await startDataops(sim, 'A');
  t = a.t;
  rt = await startRealtime(realtimeTestEnv(t.topicPrefix));
  await rt.ready;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await rt?.stop();
  for (const e of extra) await e.t.stop().catch(() => undefined);
  await t?.stop().catch(() => undefined);
  await sim?.stop();
});

const resetCarrierStats = () => {
  for (const k of Object.keys(sim.stats)) sim.stats[k] = 0;
};

function open(): Promise<{ s: Socket; token: string }> {
  const token = testToken(me());
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${rt.port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { host: 'cskh.test', token, client_id: `c-${rand()}` },
      reconnection: false,
    });
    sockets.push(s);
    s.once('connect', () => resolve({ s, token }));
    s.once('connect_error', reject);
  });
}

async function upload(kind: ScanKind, fileName: string, numbers: string[], scans = a.scans) {
  let saved = 0;
  for (let i = 0; i < numbers.length; i += 200) {
    const rows = numbers.slice(i, i + 200).map((PhoneNumber) => ({ PhoneNumber, FileName: fileName }));
    const r = await scans.uploadScanFile({ rows, first_row: i + 2, kind }, { identity: me() });
    saved += r.saved;
  }
  return saved;
}

const fileRow = async (name: string) => (await t.sql(`SELECT * FROM dataops.scan_file WHERE file_name = $1`, [name]))[0];

describe('upload', () => {
  it('stores each number once, re-sent chunks add nothing, bad rows come back numbered', async () => {
    const f = `up-${rand()}.xlsx`;
    const nums = phones(250);
    expect(await upload('quetdata', f, nums)).toBe(250);
    // The browser re-sends its second chunk (lost answer): still counted saved, nothing added.
    const again = await a.scans.uploadScanFile(
      { rows: nums.slice(200).map((PhoneNumber) => ({ PhoneNumber, FileName: f })), first_row: 202, kind: 'quetdata' },
      { identity: me() },
    );
    expect(again.saved).toBe(50);
    const bad = await a.scans.importScanNumbers(
      {
        rows: [
          { PhoneNumber: '12', FileName: f },
          { PhoneNumber: nums[0].replace(/^0/, '84'), FileName: f },
          { PhoneNumber: nums[1], FileName: 'other.xlsx' },
        ],
        first_row: 2,
        kind: 'quetdata',
      },
      { identity: me() },
    );
    expect(bad.errorRows.map((e) => [e.row, e.error_type])).toEqual([
      [2, 'Số điện thoại không hợp lệ'],
      [4, 'Mỗi lần chỉ được gửi các dòng của một file'],
    ]);
    const list = await a.scans.listScanFiles({ page: 1, count: 20, kind: 'quetdata' }, { identity: me() });
    expect(list.values.find((v) => v.FileName === f)).toMatchObject({
      total_numbers: 250,
      so_da_quet: 0,
      state: 'idle',
      nguoi_upload: uploader,
    });
    expect(
      (
        await failure(
          a.scans.uploadScanFile(
            { rows: Array.from({ length: 201 }, () => ({ PhoneNumber: nums[0], FileName: f })), first_row: 2, kind: 'quetdata' },
            { identity: me() },
          ),
        )
      ).code,
    ).toBe('VALIDATION');
  });
});

describe('one set of calls for the three screens', () => {
  it('reads and changes only the files of the screen the request names, and refuses a request naming none', async () => {
    const f = `screen-${rand()}.xlsx`;
    await upload('quetdatakhonggoi', f, phones(3));
    const info = (kind: ScanKind) => a.scans.getInfoByFileName({ FileName: f, kind }, { identity: me() });
    expect(await info('quetdatakhonggoi')).toMatchObject({ FileName: f, total_numbers: 3 });
    // The same name on another screen is another file: none there.
    expect(await failure(info('quetdata'))).toMatchObject({ code: 'NOT_FOUND', msg: 'Không tìm thấy file quét' });
    expect(await failure(a.scans.deleteScanFileByName({ FileName: f, kind: 'quetdtct' }, { identity: me() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const listed = async (kind: ScanKind) =>
      (await a.scans.listScanFiles({ page: 1, count: 100, kind }, { identity: me() })).values.some((v) => v.FileName === f);
    expect([await listed('quetdata'), await listed('quetdatakhonggoi'), await listed('quetdtct')]).toEqual([false, true, false]);
    // The gateway always fixes the screen from the route; a direct call without one is refused, not defaulted.
    expect(await failure(a.scans.getInfoByFileName({ FileName: f, kind: '' }, { identity: me() }))).toMatchObject({
      code: 'VALIDATION',
      msg: 'Không rõ màn hình quét (quét data, quét data không gói hay quét đối tượng chương trình) của yêu cầu',
    });
    expect(await info('quetdatakhonggoi')).toMatchObject({ total_numbers: 3 });
  });
});

describe('a scan driven over the socket', () => {
  it('runs to the end with progress pushed in order; results and info are stored', async () => {
    const f = `socket-${rand()}.xlsx`;
    const nums = phones(120);
    await upload('quetdata', f, nums);
    resetCarrierStats();
    const { s, token } = await open();
    const progress: any[] = [];
    s.on('scanProgress', (p) => p.FileName === f && progress.push(p));
    const reply = new Promise<any>((r) => s.once('ketQuaBatDauQuetTHREAD1', r));
    s.emit('batDauQuetTHREAD1', { token, FileName: f });
    const got = await reply;
    expect(got).toMatchObject({ status: 200, FileName: f, data: { msg: 'Bắt đầu quét', state: 'running' } });
    await until('done pushed', () => progress.some((p) => p.state === 'done'));
    const counts = progress.map((p) => p.scanned);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(progress[0]).toMatchObject({ state: 'running', total: 120 });
    expect(progress.at(-1)).toMatchObject({ state: 'done', scanned: 120, total: 120, kind: 'quetdata' });
    expect(progress.filter((p) => p.state === 'running' && p.scanned > 0).length).toBeGreaterThan(3);
    expect(sim.stats.requests).toBe(120);
    const all = await a.scans.findAllByFileName({ FileName: f, page: 0, count: 9999999999, kind: 'quetdata' }, { identity: me() });
    expect(all.count).toBe(120);
    expect(all.values.every((v) => v.Status === 'DA_QUET' && v.ngay_quet)).toBe(true);
    expect(all.values.some((v) => v.NumberCurrentPackage)).toBe(true);
    const info = await a.scans.getInfoByFileName({ FileName: f, kind: 'quetdata' }, { identity: me() });
    expect(info).toMatchObject({ so_da_quet: 120, total_numbers: 120, nguoi_upload: uploader, state: 'done' });
    expect(info.goi_da_quet.reduce((n, g) => n + g.count, 0)).toBeGreaterThan(0);
    // A finished file cannot be started again.
    const again = new Promise<any>((r) => s.once('ketQuaBatDauQuetTHREAD1', r));
    s.emit('batDauQuetTHREAD1', { token, FileName: f });
    expect(await again).toMatchObject({ status: 422, msg: 'File đã quét xong' });
  });

  it('quetdtct stores program eligibility; its socket pair is batDauQuetDTCTTHREAD1 / dungQuetDTCTTHREAD1', async () => {
    const f = `dtct-${rand()}.xlsx`;
    await upload('quetdtct', f, phones(30));
    const { s, token } = await open();
    const done = new Promise<any>((r) => s.on('scanProgress', (p) => p.FileName === f && p.state === 'done' && r(p)));
    s.emit('batDauQuetDTCTTHREAD1', { token, FileName: f });
    expect(await done).toMatchObject({ kind: 'quetdtct', scanned: 30 });
    const all = await a.scans.findAllByFileName({ FileName: f, page: 0, count: 0, kind: 'quetdtct' }, { identity: me() });
    expect(all.values.some((v) => v.dtct.length > 0)).toBe(true);
  });

  it('stop, then start resumes where it stopped; each number scanned once', async () => {
    const f = `stop-${rand()}.xlsx`;
    await upload('quetdatakhonggoi', f, phones(200));
    resetCarrierStats();
    // Slow the carrier so the stop lands mid-scan.
    sim.config.latencyMs = 40;
    const { s, token } = await open();
    const progress: any[] = [];
    s.on('scanProgress', (p) => p.FileName === f && progress.push(p));
    s.emit('batDauQuetDataKhongGoiTHREAD1', { token, FileName: f });
    await until('some progress', () => progress.some((p) => p.scanned >= 20));
    const stopReply = new Promise<any>((r) => s.once('ketQuaDungQuetDataKhongGoiTHREAD1', r));
    s.emit('dungQuetDataKhongGoiTHREAD1', { token, FileName: f });
    expect(await stopReply).toMatchObject({ status: 200, data: { msg: 'Đã yêu cầu dừng quét' } });
    await until('stopped and released', async () => {
      const r = await fileRow(f);
      return r.state === 'stopped' && r.lease_owner === null;
    });
    const atStop = (await fileRow(f)).scanned;
    expect(atStop).toBeLessThan(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await fileRow(f)).scanned).toBe(atStop);
    expect(progress.at(-1)).toMatchObject({ state: 'stopped', scanned: atStop });
    sim.config.latencyMs = 2;
    s.emit('batDauQuetDataKhongGoiTHREAD1', { token, FileName: f });
    await until('done', () => progress.some((p) => p.state === 'done'));
    expect(progress.at(-1)).toMatchObject({ scanned: 200, total: 200 });
    expect(sim.stats.requests).toBe(200);
    const free = await t.sql(
      `SELECT count(*)::int AS n FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id WHERE f.file_name = $1 AND n.free_cycle_left <> 0`,
      [f],
    );
    expect(free[0].n).toBe(0); // no free-cycle column on quetdatakhonggoi
  });

  it('only the uploader or a manager commands a file; unknown files are refused', async () => {
    const f = `other-${rand()}.xlsx`;
    await a.scans.uploadScanFile(
      { rows: [{ PhoneNumber: phones(1)[0], FileName: f }], first_row: 2, kind: 'quetdata' },
      { identity: t.as(4, ['quetdata'], { username: `x_${rand()}` }) },
    );
    const { s, token } = await open();
    const r1 = new Promise<any>((r) => s.once('ketQuaBatDauQuetTHREAD1', r));
    s.emit('batDauQuetTHREAD1', { token, FileName: f });
    expect(await r1).toMatchObject({ status: 403, msg: 'Bạn chỉ thao tác được file do mình tải lên' });
    const r2 = new Promise<any>((r) => s.once('ketQuaBatDauQuetTHREAD1', r));
    s.emit('batDauQuetTHREAD1', { token, FileName: `nope-${rand()}` });
    expect(await r2).toMatchObject({ status: 404, msg: 'Không tìm thấy file quét' });
  });
});

describe('replicas', () => {
  it('a replica stopped mid-scan is taken over by another; each number is scanned once', async () => {
    const f = `restart-${rand()}.xlsx`;
    await upload('quetdata', f, phones(200));
    resetCarrierStats();
    sim.config.latencyMs = 30;
    const { s, token } = await open();
    s.emit('batDauQuetTHREAD1', { token, FileName: f });
    await until('A scanning', async () => (await fileRow(f)).scanned >= 30);
    await t.service.stop(); // replica A goes away mid-scan
    const mid = (await fileRow(f)).scanned;
    expect(mid).toBeLessThan(200);
    sim.config.latencyMs = 2;
    const b = await startDataops(sim, 'B', t);
    extra.push(b);
    await until('done by B', async () => (await fileRow(f)).state === 'done');
    const r = await fileRow(f);
    expect(r.scanned).toBe(200);
    expect(sim.stats.requests).toBe(200);
    const by = await t.sql(
      `SELECT scanned_by, count(*)::int AS n FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id WHERE f.file_name = $1 GROUP BY scanned_by ORDER BY scanned_by`,
      [f],
    );
    expect(by.map((x) => x.scanned_by)).toEqual(['A', 'B']);
    expect(by.reduce((n, x) => n + x.n, 0)).toBe(200);
  });

  it('two replicas never scan one file together', async () => {
    const b = extra[0];
    const c = await startDataops(sim, 'C', b.t);
    extra.push(c);
    const files = [`lease1-${rand()}.xlsx`, `lease2-${rand()}.xlsx`, `lease3-${rand()}.xlsx`];
    for (const f of files) await upload('quetdata', f, phones(100), b.scans);
    resetCarrierStats();
    sim.config.latencyMs = 10;
    const owners = new Map<string, Set<string>>(files.map((f) => [f, new Set()]));
    const { s, token } = await open();
    for (const f of files) s.emit('batDauQuetTHREAD1', { token, FileName: f });
    await until(
      'all done',
      async () => {
        const rows = await t.sql(`SELECT file_name, state, lease_owner FROM dataops.scan_file WHERE file_name = ANY($1)`, [files]);
        for (const r of rows) if (r.lease_owner) owners.get(r.file_name)!.add(r.lease_owner);
        return rows.every((r) => r.state === 'done');
      },
      60000,
    );
    sim.config.latencyMs = 2;
    expect(sim.stats.requests).toBe(300);
    for (const f of files) {
      const by = await t.sql(
        `SELECT DISTINCT scanned_by FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id WHERE f.file_name = $1`,
        [f],
      );
      expect(by).toHaveLength(1);
      expect(owners.get(f)!.size).toBeLessThanOrEqual(1);
    }
    const used = new Set(
      (
        await t.sql(
          `SELECT DISTINCT scanned_by FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id WHERE f.file_name = ANY($1)`,
          [files],
        )
      ).map((r) => r.scanned_by),
    );
    expect(used.size).toBe(2); // both replicas worked
  });
});
