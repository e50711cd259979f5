/**
 * Deterministic carrier data: every answer is a pure function of the phone's last 9 digits
 * (and the asked dates/pages), so tests and load runs see the same subscriber every time.
 * Shapes follow spec 1 §3 "Lookup results" field for field.
 */
import { last9, VN_OFFSET_MS, vnDateTime } from '@cskh/kit';

/** mulberry32: tiny, fast, good enough for fake data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seed from the last 9 digits plus a salt per lookup kind. */
export function seedFor(phone: string, salt: string): number {
  let h = 2166136261;
  for (const ch of `${last9(phone)}|${salt}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const DAY = 86400000;

/**
 * Today's date in Vietnam, as epoch ms of 00:00 UTC of that calendar date. Subscriber dates are
 * offsets from it (deterministic per phone *relative to today*), so a lookup never looks stale.
 */
export function vnToday(nowMs = Date.now()): number {
  return Math.floor((nowMs + VN_OFFSET_MS) / DAY) * DAY;
}

/** YYYY-MM-DD of today + offset days. */
function isoDate(today: number, offsetDays: number): string {
  const d = new Date(today + offsetDays * DAY);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export const PACKAGES = ['MXH120', 'D120', 'V120', 'ST90', 'TK135', 'MAX90', 'BIG70', 'C90N', 'F90', 'HEY70', 'SD135', 'V90B'] as const;
const SIM_TYPES = ['USIM 4G', 'SIM 3G', 'eSIM'] as const;
const NUMBER_TYPES = ['Thường', 'Số đẹp', 'Kho số chọn'] as const;
const CTKV = ['CTKV1', 'CTKV2', 'CTKV3', 'CTKV4', 'CTKV5', 'CTKV6', 'CTKV7', 'CTKV8', 'CTKV9'] as const;

export function balance(phone: string) {
  const r = prng(seedFor(phone, 'subscriber'));
  const prepaid = r() < 0.7;
  const r2 = prng(seedFor(phone, 'balance'));
  return {
    NUMBER_PHONE: `84${last9(phone)}`,
    NUM_TYPE: prepaid ? 'MC' : 'MG',
    PHONE_BALANCE: int(r2, 0, 2000) * 100,
  };
}

export function info(phone: string, type?: string, today = vnToday()) {
  const b = balance(phone);
  const r = prng(seedFor(phone, 'info'));
  const numType = type === 'MC' || type === 'MG' ? type : b.NUM_TYPE;
  const current = pick(r, PACKAGES);
  const start = -int(r, 1, 60);
  const pkgs = Array.from({ length: int(r, 1, 3) }, (_, i) => {
    const s = start - i * 30;
    return { PACKAGE_NAME: i === 0 ? current : pick(r, PACKAGES), START_DATE: isoDate(today, s), END_DATE: isoDate(today, s + 30) };
  });
  return {
    NUMBER_PHONE: b.NUMBER_PHONE,
    NUM_TYPE: numType,
    PHONE_BALANCE: b.PHONE_BALANCE,
    SIM_TYPE: pick(r, SIM_TYPES),
    CURRENT_PACKAGE: current,
    NUMBER_CONTRACT_DATE: isoDate(today, -int(r, 100, 3000)),
    NUMBER_LIMIT: numType === 'MG' ? int(r, 1, 20) * 100000 : 0,
    NUMBER_LIMIT_F1: numType === 'MG' ? int(r, 0, 5) * 100000 : 0,
    NUMBER_TYPE: pick(r, NUMBER_TYPES),
    PACKAGE_DATA: pkgs,
  };
}

export const PACKAGE_PAGE_SIZE = 10;

export function packages(phone: string, packageCode?: string, page = 1, today = vnToday()) {
  const r = prng(seedFor(phone, 'packages'));
  const total = int(r, 3, 25);
  let all = Array.from({ length: total }, (_, i) => {
    const code = `${pick(r, PACKAGES)}${i % 3 === 0 ? '' : `_${i}`}`;
    const from = -int(r, 0, 20);
    return {
      PackageCode: code,
      FromDate: isoDate(today, from),
      ToDate: isoDate(today, from + int(r, 30, 120)),
      SyntaxRegister: `DK ${code} gửi 9084`,
      RegisterExpire: String(pick(r, [1, 7, 30, 90])),
    };
  });
  if (packageCode) all = all.filter((p) => p.PackageCode.toUpperCase().includes(packageCode.toUpperCase()));
  const pages = Math.max(1, Math.ceil(all.length / PACKAGE_PAGE_SIZE));
  const p = Math.min(Math.max(1, page || 1), pages);
  return { FinalDataList: all.slice((p - 1) * PACKAGE_PAGE_SIZE, p * PACKAGE_PAGE_SIZE), PaginateNumber: pages };
}

export function history(phone: string, today = vnToday()) {
  const r = prng(seedFor(phone, 'history'));
  const n = int(r, 1, 8);
  const b = balance(phone);
  const values = Array.from({ length: n }, (_, i) => {
    const reg = -(i + 1) * 30 - int(r, 0, 10);
    return {
      NumberType: b.NUM_TYPE,
      NumberCurrentPackage: pick(r, PACKAGES),
      NumberPackageRegisterDate: isoDate(today, reg),
      NumberPackageRegisterExpire: isoDate(today, reg + 30),
      CurrentCycle: int(r, 1, 12),
      NumberFreeCycleLeft: int(r, 0, 3),
      Status: i === 0 ? 'ACTIVE' : pick(r, ['EXPIRED', 'CANCELLED', 'EXPIRED']),
    };
  });
  return { values, count: values.length };
}

/** Days (epoch ms at 00:00 Vietnam time) between two dates, at most 92 of them. */
function daysBetween(startMs: number, endMs: number): number[] {
  const out: number[] = [];
  for (let t = startMs; t <= endMs && out.length < 92; t += DAY) out.push(t);
  return out;
}

/** A message time is shown only once it has happened: today's messages stop at the present. */
const happened = (iso: string, nowMs = Date.now()) => Date.parse(iso) <= nowMs;

/** 9279 history: a few SMS per day in the range; phone is given as 84xxxxxxxxx. */
export function h9279(phone: string, startMs: number, endMs: number) {
  const values: Array<{ content: string; datetime: string; receiver: string; sender: string; type: string }> = [];
  for (const day of daysBetween(startMs, endMs)) {
    const r = prng(seedFor(phone, `9279|${day}`));
    const n = r() < 0.6 ? 0 : int(r, 1, 2);
    for (let i = 0; i < n; i++) {
      const mo = r() < 0.5;
      const pkg = pick(r, PACKAGES);
      values.push({
        content: mo ? `DK ${pkg}` : `Quy khach da dang ky thanh cong goi ${pkg}. Chi tiet LH 9090.`,
        datetime: vnDateTime(day + int(r, 7 * 3600, 21 * 3600) * 1000),
        receiver: mo ? '9279' : `84${last9(phone)}`,
        sender: mo ? `84${last9(phone)}` : '9279',
        type: mo ? 'MO' : 'MT',
      });
    }
  }
  const past = values.filter((v) => happened(v.datetime));
  return { values: newestFirst(past, (v) => v.datetime), count: past.length };
}

/** Rows by their full timestamp (ISO-8601, one offset), newest first; stable for equal times. */
function newestFirst<T>(rows: T[], time: (row: T) => string): T[] {
  return rows
    .map((row, i) => ({ row, i, t: Date.parse(time(row)) }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.row);
}

/** ARPU of the three whole months before the current one, newest first. */
export function arpu(phone: string, today = vnToday()) {
  const r = prng(seedFor(phone, 'arpu'));
  const t = new Date(today);
  const rows = Array.from({ length: 3 }, (_, i) => {
    const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 1 - i, 1));
    const tong = int(r, 20, 800) * 1000;
    return { thang: `${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`, tong, ngoai_tkc: Math.floor((tong * r() * 0.4) / 1000) * 1000 };
  });
  return { ctkv: pick(r, CTKV), apru: rows };
}

/** 999 messages of one subscriber in a date range, direction I/O, paged. */
export function messages999(phone: string, direction: string, startMs: number, endMs: number, page: number, count: number) {
  const all: Array<Record<string, string>> = [];
  for (const day of daysBetween(startMs, endMs)) {
    const r = prng(seedFor(phone, `999|${day}`));
    const n = r() < 0.5 ? 0 : int(r, 1, 3);
    for (let i = 0; i < n; i++) {
      const input = r() < 0.5;
      const pkg = pick(r, PACKAGES);
      all.push({
        ISDN: `84${last9(phone)}`,
        ActionType: input ? 'I' : 'O',
        NumberService: '999',
        SystemSource: pick(r, ['SMSGW', 'USSD', 'VASGATE']),
        SMSSyntax: input ? `DK ${pkg}` : '',
        SMSContent: input ? `DK ${pkg}` : `Goi ${pkg} da duoc kich hoat. Tran trong.`,
        ActionTime: vnDateTime(day + int(r, 6 * 3600, 22 * 3600) * 1000),
      });
    }
  }
  const sorted = newestFirst(
    all.filter((m) => happened(m.ActionTime)),
    (m) => m.ActionTime,
  );
  const filtered = direction === 'I' || direction === 'O' ? sorted.filter((m) => m.ActionType === direction) : sorted;
  const size = count > 0 ? count : 20;
  const p = Math.max(1, page || 1);
  return { values: filtered.slice((p - 1) * size, p * size), count: filtered.length };
}

export const CHANNELS_9084 = ['d1', 'd9', 'ga24', 'tr8', 'ga22', 'ga23', 'vg8', 'dag9'] as const;

/**
 * 9084 registration messages: per day and channel a few registrations, attributed to the
 * seller code entered on the channel (our staff username), deterministic by (day, channel).
 */
export function registrations9084(
  opts: { subagents: string[]; phone?: string; seller?: string; startMs: number; endMs: number; page: number; count: number },
  sellers: readonly string[],
) {
  const all: Array<Record<string, string | number>> = [];
  for (const day of daysBetween(opts.startMs, opts.endMs)) {
    for (const sub of opts.subagents) {
      const r = prng(seedFor(String(day), `9084|${sub}`));
      const n = int(r, 0, 4);
      for (let i = 0; i < n; i++) {
        const ok = r() < 0.8;
        const pkg = pick(r, PACKAGES);
        const seller = pick(r, sellers);
        all.push({
          SubAgent: sub,
          NumberPhone: `84${int(r, 300000000, 999999999)}`,
          PackageCode: pkg,
          Price: int(r, 5, 30) * 10000,
          Time: vnDateTime(day + int(r, 7 * 3600, 22 * 3600) * 1000),
          Status: ok ? 1 : 0,
          Result: ok ? 'Đăng ký thành công' : pick(r, ['Thuê bao không đủ tiền', 'Thuê bao không thuộc đối tượng', 'Sai cú pháp']),
          username_nv: seller,
          ten_nv: '',
        });
      }
    }
  }
  let rows = all.filter((x) => happened(String(x.Time))).sort((a, b) => String(b.Time).localeCompare(String(a.Time)));
  if (opts.phone) rows = rows.filter((x) => String(x.NumberPhone).endsWith(last9(opts.phone!)));
  if (opts.seller) rows = rows.filter((x) => x.username_nv === opts.seller);
  const size = opts.count > 0 ? opts.count : 20;
  const p = Math.max(1, opts.page || 1);
  return { values: rows.slice((p - 1) * size, p * size), count: rows.length };
}
