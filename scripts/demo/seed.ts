/**
 * The demo office, put in through the public API of a running product as its staff would: the
 * administrator creates the accounts with their roles and sets up prices, channels and settings,
 * uploads customers and divides them, imports the bank statement and last weeks' revenue; the
 * salespeople care for customers, invite them to packages, take orders and ask for refunds; the
 * manager moves orders through their states and decides bank messages; payroll gets the month's
 * attendance and manual data. Every rule, event and read model of the product applies (revenue
 * reaches the reports through the same events as in production).
 *
 * Idempotent: the office is there once its last step (the scan file) is; a second run only restarts
 * the countdown of the demo's new mfy order (a new one counts down for 10 minutes, then the server
 * cancels it). A run stopped half-way creates what is missing of the accounts, prices and upload
 * and adds the rest again.
 */
import { call, importRows, type Caller, type Seeding } from './api';
import {
  customerPhone,
  daysAgo,
  DEMO_PASSWORD,
  ROLE_NAMES,
  SCAN_FILE,
  SCAN_NUMBERS,
  SPLIT_FILES,
  SPLIT_NUMBERS,
  STAFF,
  vnDate,
  vnMonth,
  vnToday,
} from './office';
import { seedAccountsAndPrices } from './seed-admin';
import { seedRefundsAndBank, seedRevenueAndPayroll } from './seed-money';
import { seedCustomers, seedOrders } from './seed-sales';

export interface Login {
  username: string;
  password: string;
  role: string;
  fullname: string;
  tryThis: string;
}

export interface SeedResult {
  /** False when the office was already there (a second run). */
  seeded: boolean;
  logins: Login[];
  /** Phone of the demo's mfy order counting down (the manager sees it first in the Mfy list). */
  countdownPhone: string;
}

export interface SeedOptions {
  adminPassword: string;
  log?: (line: string) => void;
  now?: Date;
}

export async function seedDemo(base: string, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const today = vnToday(opts.now);
  const month = vnMonth(today);
  const login = async (username: string, password: string) =>
    (await call(base, undefined, 'POST', '/api/v1/auth/login', { username, password })).access_token as string;
  const as =
    (token: string): Caller =>
    (method, path, body) =>
      call(base, token, method, path, body);

  const admin = as(await login('admin', opts.adminPassword));
  const logins: Login[] = [
    {
      username: 'admin',
      password: opts.adminPassword,
      role: ROLE_NAMES[1],
      fullname: 'Quản trị hệ thống',
      tryThis: 'Quản trị: nhân viên, vai trò, bảng giá, tài khoản hệ thống, file quét, cài đặt',
    },
    ...STAFF.map((p) => ({
      username: p.username,
      password: DEMO_PASSWORD,
      role: ROLE_NAMES[p.priority],
      fullname: p.fullname,
      tryThis: p.tryThis,
    })),
  ];
  const countdownPhone = customerPhone(50);

  const scanFiles = async () =>
    ((await admin('GET', '/api/v1/quetdata?page=1&count=100')).values as Array<{ FileName: string }>).map((f) => f.FileName);
  if ((await scanFiles()).includes(SCAN_FILE)) {
    await restartCountdown(as(await login('ql_hoa', DEMO_PASSWORD)), countdownPhone, log);
    return { seeded: false, logins, countdownPhone };
  }

  await seedAccountsAndPrices(admin, log);
  const staff = new Map<string, Caller>();
  for (const p of STAFF) staff.set(p.username, as(await login(p.username, DEMO_PASSWORD)));
  const who = (u: string) => staff.get(u)!;
  const seeding: Seeding = { admin, who, manager: who('ql_hoa'), today, month, log };
  await seedCustomers(seeding);
  await seedOrders(seeding);
  await seedRefundsAndBank(seeding);
  await seedRevenueAndPayroll(seeding);

  // ---- data-split files for the data coordinator, ready to take numbers from ----
  log('file chia data');
  const splitPkgs = ['MXH120', 'V120', 'TK135', 'MAX90', 'ST90'];
  for (const [f, fileName] of SPLIT_FILES.entries()) {
    await importRows(
      admin,
      '/api/v1/uploadchiadata/import',
      Array.from({ length: SPLIT_NUMBERS }, (_, i) => ({
        so_dien_thoai: customerPhone(500 + f * 100 + i),
        loai_thue_bao: i % 6 === 5 ? 'MG' : 'MC',
        goi_cuoc: splitPkgs[i % splitPkgs.length],
        ngay_dang_ky: vnDate(today, daysAgo(today, 25), '09:00:00'),
        ngay_het_han: vnDate(today, today.d, '23:59:59'),
        chu_ky_hien_tai: '30',
        trang_thai: 'ACTIVE',
        goi_co_the_dang_ky: splitPkgs[(i + 2) % splitPkgs.length],
        so_chu_ky_mien_phi_con_lai: String(i % 4),
        FileName: fileName,
      })),
      `split file ${fileName}`,
    );
    await admin('POST', '/api/v1/uploadchiadata/activeOrDeactive', { FileName: fileName, is_activated: 1 });
  }

  // ---- the scan file (last: its presence marks the office as seeded) ----
  log('file quét data');
  await importRows(
    admin,
    '/api/v1/uploadscannumber/import',
    Array.from({ length: SCAN_NUMBERS }, (_, i) => ({ PhoneNumber: customerPhone(300 + i), FileName: SCAN_FILE })),
    'scan file',
  );

  return { seeded: true, logins, countdownPhone };
}

/** The demo's new mfy order counts down 10 minutes from its last change: start it again if it ran out. */
async function restartCountdown(manager: Caller, phone: string, log: (l: string) => void) {
  const list = await manager('GET', `/api/v1/mfy?page=1&count=10&phone=${phone}`);
  const order = (list.values as Array<{ id: string; han_huy: string }>)[0];
  if (!order || order.han_huy) return;
  await manager('PUT', `/api/v1/mfy/setTrangThai/${order.id}`, { trang_thai: 'dang_cho_duyet' });
  log('đơn Mfy mới đếm ngược lại 10 phút');
}
