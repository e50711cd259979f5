/**
 * The demo office (`npm run demo`): who works there, their customers and what they sold this month.
 * Pure data and date helpers; scripts/demo/seed.ts puts it in through the product's API.
 *
 * Phones are Vietnamese mobiles (09x/03x/07x/08x) ending in 1–5: the carrier simulator refuses an
 * OTP to a number ending in 0, fails a registration ending in 9 and gives card top-ups ending in
 * 6–8 a pending, refused or lost answer (services/carrier-sim/README.md) — the demo's happy paths
 * stay happy. Packages are the simulator's own (their price is the trailing number in thousands).
 */
import { vnIsoDay } from '@cskh/kit';

export const DEMO_PASSWORD = 'Demo@123';

/** The seeded roles by priority (services/auth/src/domain/catalogue.ts SEED_ROLES). */
export const ROLE_NAMES: Record<number, string> = {
  1: 'Quản trị hệ thống',
  2: 'Quản lý',
  3: 'Chi nhánh',
  4: 'Trưởng nhóm',
  5: 'Nhân viên kinh doanh',
  7: 'Điều phối dữ liệu',
};

export interface Person {
  username: string;
  fullname: string;
  phone: string;
  email: string;
  priority: number;
  /** Username of the branch (priority 4, 5, 7) and of the leader (priority 5). */
  branch?: string;
  leader?: string;
  /** What to try first, for the logins table. */
  tryThis: string;
}

const person = (p: Omit<Person, 'email'>): Person => ({ ...p, email: `${p.username}@cskh-demo.vn` });

/** Created in this order (a branch before its leader, a leader before the salespeople). */
export const STAFF: Person[] = [
  person({
    username: 'ql_hoa',
    fullname: 'Nguyễn Thị Hoa',
    phone: '0912345671',
    priority: 2,
    tryThis: 'Duyệt đơn Mfy (đang đếm ngược), duyệt tin nhắn ngân hàng, báo cáo doanh thu, tính lương tháng',
  }),
  person({
    username: 'cn_hanoi',
    fullname: 'Chi nhánh Hà Nội',
    phone: '0983456712',
    priority: 3,
    tryThis: 'Chi nhánh Hà Nội: doanh thu theo chi nhánh và nhân viên, chia khách hàng, bảng lương của chi nhánh',
  }),
  person({
    username: 'tn_hanoi',
    fullname: 'Lê Thị Mai',
    phone: '0904567123',
    priority: 4,
    branch: 'cn_hanoi',
    tryThis: 'Trưởng nhóm Hà Nội: đơn và doanh thu của nhóm, tỉ lệ bắt số',
  }),
  person({
    username: 'nv_tuan',
    fullname: 'Hoàng Anh Tuấn',
    phone: '0376543214',
    priority: 5,
    branch: 'cn_hanoi',
    leader: 'tn_hanoi',
    tryThis: 'Lấy khách hàng mới, ghi kết quả chăm sóc, mời gói (OTP), tạo đơn Mfy',
  }),
  person({
    username: 'nv_linh',
    fullname: 'Vũ Thùy Linh',
    phone: '0865432115',
    priority: 5,
    branch: 'cn_hanoi',
    leader: 'tn_hanoi',
    tryThis: 'Khách hàng được giao, tin nhắn ngân hàng được giao, yêu cầu hoàn tiền',
  }),
  person({
    username: 'cn_hcm',
    fullname: 'Chi nhánh Hồ Chí Minh',
    phone: '0938765421',
    priority: 3,
    tryThis: 'Chi nhánh Hồ Chí Minh: chỉ thấy chi nhánh mình, số điện thoại bị che',
  }),
  person({
    username: 'tn_hcm',
    fullname: 'Bùi Thị Ngọc Ánh',
    phone: '0797654322',
    priority: 4,
    branch: 'cn_hcm',
    tryThis: 'Trưởng nhóm Hồ Chí Minh: đơn 9279 của nhóm, doanh thu nhân viên',
  }),
  person({
    username: 'nv_nam',
    fullname: 'Phan Văn Nam',
    phone: '0358765433',
    priority: 5,
    branch: 'cn_hcm',
    leader: 'tn_hcm',
    tryThis: 'Đơn Mfy và 9279 của mình, nạp tiền chiết khấu, tra cứu thuê bao',
  }),
  person({
    username: 'nv_trang',
    fullname: 'Đỗ Thu Trang',
    phone: '0889876544',
    priority: 5,
    branch: 'cn_hcm',
    leader: 'tn_hcm',
    tryThis: 'Khách hẹn gọi lại, nhật ký CSKH, mời gói hôm sau',
  }),
  person({
    username: 'dp_khang',
    fullname: 'Phạm Minh Khang',
    phone: '0967123455',
    priority: 7,
    branch: 'cn_hanoi',
    tryThis: 'Điều phối dữ liệu: phân quyền data, chia data',
  }),
];

export const SALES = ['nv_tuan', 'nv_linh', 'nv_nam', 'nv_trang'] as const;

/** The invite channel (confirmation code) each branch uses (admin's 'Chọn kênh mời gói'). */
export const BRANCH_CHANNELS: Array<[string, string, string]> = [
  ['cn_hanoi', 'ma_xac_nhan_1', 'Mã xác nhận 1'],
  ['cn_hcm', 'ma_xac_nhan_2', 'Mã xác nhận 2'],
];

/** mfy / 9279 price lists: [package, T1, T2, T3, clawback fee] in đồng. */
export const ORDER_PRICES: Array<[string, number, number, number, number]> = [
  ['MXH120', 120_000, 110_000, 100_000, 20_000],
  ['V120', 120_000, 108_000, 96_000, 20_000],
  ['TK135', 135_000, 125_000, 115_000, 25_000],
  ['MAX90', 90_000, 85_000, 80_000, 15_000],
  ['ST90', 90_000, 84_000, 78_000, 15_000],
];

/** Refund price list (giahoantien): package → list price; the 12 refund columns follow from it. */
export const REFUND_PRICES: Array<[string, number]> = [
  ['MXH120', 120_000],
  ['V120', 120_000],
  ['TK135', 135_000],
];

const PREFIXES = ['091', '098', '036', '070', '088', '034', '096', '039', '077', '085', '094', '033', '079', '083', '097', '037'];

/** The i-th customer number of the demo: a Vietnamese mobile ending in 1–5, distinct in its last 5 digits. */
export function customerPhone(i: number): string {
  const body = String((104_729 * (i + 11) + 3_457) % 1_000_000).padStart(6, '0');
  return `${PREFIXES[i % PREFIXES.length]}${body}${1 + (i % 5)}`;
}

/** The customer upload (spec 1 §2.5): 24 numbers, 20 of them divided among the four salespeople. */
export const CUSTOMER_FILE = 'KH-het-han-goi-thang.xlsx';
export const CUSTOMERS_PER_SALESPERSON = 5;
export const CUSTOMER_COUNT = 24;

/**
 * The data-split files (spec 3 §2.5), uploaded and activated by the administrator, so the data
 * coordinator (dp_khang) has files to grant on 'Phân quyền data' and to share on 'Chia data'.
 */
export const SPLIT_FILES = ['Chia-data-goi-het-han.xlsx', 'Chia-data-khach-moi.xlsx'];
export const SPLIT_NUMBERS = 30;

/** The VPBank statement imported (bank messages), and the scan file uploaded. */
export const BANK_FILE = 'VPBank-sao-ke.xlsx';
export const SCAN_FILE = 'Quet-data-khach-cu.xlsx';
export const SCAN_NUMBERS = 30;

// ---------- dates: Vietnam's calendar ----------

export interface VnDay {
  y: number;
  m: number;
  d: number;
}

/** Today in Asia/Ho_Chi_Minh (UTC+7 all year). */
export function vnToday(now = new Date()): VnDay {
  const [y, m, d] = vnIsoDay(now).split('-').map(Number);
  return { y, m, d };
}

const p2 = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY[ HH:mm:ss] of a day of today's month. */
export const vnDate = (t: VnDay, d: number, time?: string) => `${p2(d)}/${p2(t.m)}/${t.y}${time ? ` ${time}` : ''}`;
/** MM/YYYY, the pay month. */
export const vnMonth = (t: VnDay) => `${p2(t.m)}/${t.y}`;
/** The weekday (0 Sunday) of a day of today's month. */
export const weekday = (t: VnDay, d: number) => new Date(Date.UTC(t.y, t.m - 1, d)).getUTCDay();
/** A day at most `back` days before today, never before the 1st of the month. */
export const daysAgo = (t: VnDay, back: number) => Math.max(1, t.d - back);
