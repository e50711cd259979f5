/**
 * `npm run demo` end to end: the real entry (scripts/demo/main.ts: the embedded product with its own
 * PostgreSQL, in-memory bus and limits) on a fresh data directory, then what a user of the office
 * would see, through the API only — every login with its role, revenue for the month in the
 * reports and their chart, orders in every stage with one counting down, customers divided,
 * bank messages, refund requests (the top-up settled by its bank transfer), the month's payroll
 * computed, the scan file. A second run on the same data adds nothing. The banner names the carrier
 * simulator, its OTP page with credentials, and a metrics port that follows PORT (PORT + 1384).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { settle } from '@cskh/kit/testing';
import { METRICS_PORT_OFFSET } from '../../embedded';
import {
  CUSTOMERS_PER_SALESPERSON,
  DEMO_PASSWORD,
  ROLE_NAMES,
  SALES,
  SCAN_FILE,
  SCAN_NUMBERS,
  SPLIT_FILES,
  SPLIT_NUMBERS,
  STAFF,
  vnMonth,
  vnToday,
} from '../office';
import { vnDisplayDay } from '@cskh/kit';

const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'scripts', 'demo', 'main.ts');

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer();
    s.once('error', () => done(false));
    s.listen({ port, exclusive: true }, () => s.close(() => done(true)));
  });
}
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}
/** A free web port whose metrics port (PORT + 1384) is free too. */
async function webPortWithMetrics(): Promise<number> {
  for (;;) {
    const p = await freePort();
    if (p + METRICS_PORT_OFFSET <= 65535 && (await portFree(p + METRICS_PORT_OFFSET))) return p;
  }
}

let work: string;
let webPort: number;
let pgPort: number;
let running: { child: ChildProcess; output: () => string; exited: Promise<number | null> } | undefined;

function demo(): NonNullable<typeof running> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CSKH_DATA_DIR: join(work, 'data'),
    PORT: String(webPort),
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'error',
  };
  // The demo's own everything: none of the test infrastructure.
  for (const k of [
    'DATABASE_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'KAFKA_TOPIC_PREFIX',
    'JWT_SECRET',
    'SYSTEM_ACCOUNT_KEY',
    'CSKH_ADMIN_PASSWORD',
    'METRICS_PORT',
  ])
    delete env[k];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function untilReady(run: NonNullable<typeof running>) {
  const ok = await new Promise<boolean>((done) => {
    const t = setInterval(() => run.output().includes('\nTry:') && (clearInterval(t), done(true)), 250);
    void run.exited.then(() => (clearInterval(t), done(false)));
  });
  if (!ok) throw new Error(`npm run demo did not come up:\n${run.output()}`);
}

async function stop() {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  running = undefined;
}

const base = () => `http://127.0.0.1:${webPort}`;
async function login(username: string, password: string) {
  const r = await fetch(`${base()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: r.status, body: (await r.json()) as any };
}
async function get(token: string, path: string): Promise<any> {
  const r = await fetch(base() + path, { headers: { authorization: `Bearer ${token}` } });
  const body = (await r.json()) as any;
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(body)}`);
  return body.data;
}
const tokens: Record<string, string> = {};
beforeAll(async () => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(join(ROOT, '.tmp', 'demo-'));
  // PostgreSQL runs as its own user when the tests run as root: it must reach the data directory.
  chmodSync(work, 0o755);
  [webPort, pgPort] = [await webPortWithMetrics(), await freePort()];
  running = demo();
  await untilReady(running);
  for (const p of [
    { username: 'admin', password: 'Admin@123' },
    ...STAFF.map((s) => ({ username: s.username, password: DEMO_PASSWORD })),
  ]) {
    const r = await login(p.username, p.password);
    if (r.status === 200) tokens[p.username] = r.body.data.access_token;
  }
}, 300_000);

afterAll(async () => {
  await stop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run demo', () => {
  it('prints the URL, the carrier simulator with its OTP page and credentials, a metrics port following PORT, and the logins', () => {
    const out = running!.output();
    expect(out).toContain(`Hệ thống CSKH is running: http://localhost:${webPort}`);
    expect(out).toMatch(/Carrier simulator: http:\/\/127\.0\.0\.1:\d+ +\(HTTP Basic: cskh \/ cskh-carrier\)/);
    expect(out).toMatch(/http:\/\/127\.0\.0\.1:\d+\/__admin\/otp\/\{phone\}/);
    expect(out).toContain(`Metrics: http://localhost:${webPort + METRICS_PORT_OFFSET}/metrics`);
    for (const p of STAFF)
      expect(out).toMatch(new RegExp(`^${p.username} +${DEMO_PASSWORD.replace(/[@]/g, '\\$&')} +${ROLE_NAMES[p.priority]} `, 'm'));
    expect(out).toMatch(/^admin +Admin@123 +Quản trị hệ thống /m);
  });

  it('every login works, with its role', async () => {
    for (const p of STAFF) {
      const r = await login(p.username, DEMO_PASSWORD);
      expect([p.username, r.status]).toEqual([p.username, 200]);
      expect([p.username, r.body.data.role.priority, r.body.data.role.name]).toEqual([p.username, p.priority, ROLE_NAMES[p.priority]]);
    }
  });

  it('the reports have revenue for the month, on more than one day of it', async () => {
    const m = tokens.ql_hoa;
    const staff = await settle(
      () => get(m, '/api/v1/reportstaffrevenue?page=1&count=50'),
      (d) => d.values.length === SALES.length,
    );
    expect(staff.values.map((r: any) => r.username_nv).sort()).toEqual([...SALES].sort());
    for (const r of staff.values) expect(r.doanh_thu_tam_tinh).toBeGreaterThan(0);
    const byDay = (await get(m, '/api/v1/reportstaffrevenue/byDay')).values as Array<{ day: string; doanh_thu: number }>;
    expect(byDay.length).toBeGreaterThanOrEqual(Math.min(2, vnToday().d));
    const branches = (await get(m, '/api/v1/reportbranchrevenue?page=1&count=50')).values as Array<{ doanh_thu_tam_tinh: number }>;
    expect(branches.filter((b) => b.doanh_thu_tam_tinh > 0).length).toBeGreaterThanOrEqual(2);
    expect((await get(m, '/api/v1/report9279?page=1&count=50')).values.length).toBeGreaterThan(0);
    // A branch sees its own people only.
    const hanoi = (await get(tokens.cn_hanoi, '/api/v1/reportstaffrevenue?page=1&count=50')).values.map((r: any) => r.username_nv).sort();
    expect(hanoi).toEqual(['nv_linh', 'nv_tuan']);
  });

  it('mfy orders in every stage, the new one counting down; 9279 orders in several', async () => {
    const mfy = (await get(tokens.ql_hoa, '/api/v1/mfy?page=1&count=100')).values as Array<{ trang_thai: string; han_huy: string }>;
    expect(new Set(mfy.map((o) => o.trang_thai))).toEqual(
      new Set([
        'dang_cho_duyet',
        'duyet',
        'duyet_lan_2',
        'da_soan_y_lan_1',
        'dang_ky_thanh_cong',
        'thu_hoi',
        'huy_qua_han',
        'huy_qua_han_lan_2',
      ]),
    );
    const counting = mfy.filter((o) => o.trang_thai === 'dang_cho_duyet' && o.han_huy);
    expect(counting).toHaveLength(1);
    expect(new Date(counting[0].han_huy).getTime()).toBeGreaterThan(Date.now());
    const r9279 = (await get(tokens.ql_hoa, '/api/v1/dangky9279?page=1&count=100')).values as Array<{ trang_thai: string }>;
    expect(new Set(r9279.map((o) => o.trang_thai)).size).toBeGreaterThanOrEqual(5);
    // A salesperson sees their own orders only.
    const own = (await get(tokens.nv_tuan, '/api/v1/mfy?page=1&count=100')).values as Array<{ username_nv: string }>;
    expect(new Set(own.map((o) => o.username_nv))).toEqual(new Set(['nv_tuan']));
  });

  it('customers uploaded and divided among the salespeople, some cared for', async () => {
    for (const s of SALES) {
      // Handed to them: still waiting in 'Khách hàng được giao', or cared for already (their care log).
      const waiting = (await get(tokens[s], '/api/v1/customer/assign?page=1&count=50')).count;
      const cared = (await get(tokens[s], '/api/v1/care/history?page=1&count=50')).count;
      expect([s, waiting > 0, cared > 0, waiting + cared]).toEqual([s, true, true, CUSTOMERS_PER_SALESPERSON]);
    }
    const history = await get(tokens.ql_hoa, '/api/v1/care/history?page=1&count=50');
    expect(history.count).toBeGreaterThanOrEqual(SALES.length * 2);
  });

  it('bank messages listed, some decided and some handed out; the approved transfer settled the top-up', async () => {
    const all = await get(tokens.ql_hoa, '/api/v1/mesbank?page=1&count=50');
    expect(all.count).toBeGreaterThanOrEqual(8);
    expect(all.values.some((m: any) => m.trang_thai_duyet_thong_tin === 1)).toBe(true);
    expect((await get(tokens.nv_linh, '/api/v1/mesbank/assign?page=1&count=50')).count).toBeGreaterThan(0);
    const requests = await settle(
      () => get(tokens.ql_hoa, '/api/v1/requestrefund?page=1&count=50'),
      (d) => d.values.some((r: any) => r.staff_username === 'nv_nam' && r.is_transfer === 1),
    );
    expect(requests.count).toBeGreaterThanOrEqual(3);
    expect(requests.values.find((r: any) => r.staff_username === 'nv_nam')).toMatchObject({ is_transfer: 1, approver: '__AUTO' });
  });

  it("the month's payroll is computed from attendance, manual data and revenue", async () => {
    const month = vnMonth(vnToday());
    const sheet = await settle(
      () => get(tokens.ql_hoa, `/api/v1/tinhluong?startDate=${month}&page=1&count=50`),
      (d) => d.values.length > 0 && d.values.every((r: any) => !r.dang_tinh_toan),
    );
    const rows = sheet.values as Array<{
      username: string;
      dang_tinh_toan: boolean;
      ngayCongThucTe: number;
      luongThucNhan: number;
      tongDoanhThuVasTinhLuong: number;
    }>;
    for (const s of SALES) {
      const row = rows.find((r) => r.username === s);
      expect(row).toMatchObject({ username: s, dang_tinh_toan: false });
      expect(row!.luongThucNhan).toBeGreaterThan(0);
      if (vnToday().d > 1) expect(row!.ngayCongThucTe).toBeGreaterThan(0);
    }
    expect(rows.some((r) => r.tongDoanhThuVasTinhLuong > 0)).toBe(true);
  });

  it("the carrier's 9084 registrations are sold by the office's people, and none is dated after now", async () => {
    const day = vnDisplayDay;
    const q = `page=1&count=500&startDate=${day(Date.now() - 6 * 86400_000)}&endDate=${day(Date.now())}`;
    const rows = (await get(tokens.admin, `/api/v1/lookup/registrations9084?${q}`)).values as Array<{
      username_nv: string;
      ten_nv: string;
      Time: string;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    const staff = new Set(STAFF.map((s) => s.username));
    expect(rows.filter((r) => !staff.has(r.username_nv) || !r.ten_nv)).toEqual([]);
    expect(rows.filter((r) => Date.parse(r.Time) > Date.now())).toEqual([]);
  });

  it('the scan file is uploaded', async () => {
    const files = (await get(tokens.admin, '/api/v1/quetdata?page=1&count=50')).values as Array<{
      FileName: string;
      total_numbers: number;
    }>;
    expect(files.find((f) => f.FileName === SCAN_FILE)).toMatchObject({ total_numbers: SCAN_NUMBERS });
  });

  it('the data coordinator finds activated data-split files to grant and share', async () => {
    const files = (await get(tokens.dp_khang, '/api/v1/uploadchiadata/findAllNoLimit')).values as Array<{
      FileName: string;
      tong: number;
      is_activated: number;
    }>;
    for (const name of SPLIT_FILES) expect(files.find((f) => f.FileName === name)).toMatchObject({ tong: SPLIT_NUMBERS, is_activated: 1 });
  });

  it('a second run on the same data finds the office and adds nothing', async () => {
    const counts = async () => {
      const t = (await login('admin', 'Admin@123')).body.data.access_token;
      return {
        users: (await get(t, '/api/v1/users?page=1&count=100')).count,
        mfy: (await get(t, '/api/v1/mfy?page=1&count=100')).count,
        r9279: (await get(t, '/api/v1/dangky9279?page=1&count=100')).count,
        bank: (await get(t, '/api/v1/mesbank?page=1&count=100')).count,
        refunds: (await get(t, '/api/v1/requestrefund?page=1&count=100')).count,
        uploads: (await get(t, '/api/v1/upload?page=1&count=100')).count,
      };
    };
    const before = await counts();
    await stop();
    running = demo();
    await untilReady(running);
    expect(running.output()).toContain('already there');
    expect(await counts()).toEqual(before);
    expect((await login('nv_tuan', DEMO_PASSWORD)).status).toBe(200);
  }, 240_000);
});
