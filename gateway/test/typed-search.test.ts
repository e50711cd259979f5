/**
 * Search as staff type, through the whole stack: every list's search box, given the text without
 * diacritics and in lower case ('nguyen van an' for 'Nguyễn Văn An', 'hoa' for 'Hoà' and 'Hòa'),
 * finds the row. Rows are written straight into the services' tables (each list reads its own),
 * then searched through the gateway as admin (who sees phones whole: nothing masked).
 *
 * The cases are checked against the gateway's own /api/openapi.json: every text search box of a
 * GET route (a query or path parameter of the names below) must have a case here or be named as a
 * search of digits (a phone), so a new list's search box cannot be left out.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';
import { apiOf, Api, Caller, Staff } from './staff-fixture';
import { vnIsoDay } from '@cskh/kit';

/** The names a text search box goes by across the routes (besides a route's own below). */
const SEARCH_PARAMS = ['message', 'description', 'noi_dung', 'note', 'cty', 'ma_goi', 'ten_goi_cuoc', 'name', 'x'];

/** Search boxes of digits: a phone, compared as stored (nothing to fold). */
const DIGIT_SEARCHES = new Set([
  'GET /api/v1/blacklist message', // the blacklisted phone
  'GET /api/v1/mes1414otp description', // the OTP message's phone
  'GET /api/v1/lookup/registrations9084 message', // the carrier's registrations, by phone
  ...['report90849332', 'reportstaffrevenue', 'reportbranchrevenue', 'report9279', 'dsdttinhluong'].flatMap((r) => [
    `GET /api/v1/${r} message`, // payroll's reports: the subscriber's phone
    `GET /api/v1/${r}/listExport message`,
  ]),
  'GET /api/v1/reportstaffrevenue/byDay message',
  'GET /api/v1/tinhluong/listExport message', // the export of tinhluong (case below) reads the same filter
]);

/** Inputs that are not a search box of their own. */
const NOT_SEARCH_BOXES = new Set([
  // mfy ignores the 9279 managers' filters.
  'GET /api/v1/mfy ma_goi',
  'GET /api/v1/mfy cty',
  'GET /api/v1/mfy note',
  // One package by its exact name (the order and refund forms' pick), not a search.
  'GET /api/v1/giagoimfy/findPackage/{name} name',
  'GET /api/v1/giagoidangky9279/findPackage/{name} name',
  'GET /api/v1/giahoantien/findPackage/{name} name',
  // The clawback export's totals per staff member, over requestrefundreport's filter (case below).
  'GET /api/v1/requestrefundreport/xuatdstruythu message',
]);

/** As staff type it: no diacritics ('đ' → 'd'), lower case. */
const typed = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

const env = isolatedStackEnv('gw_typed', { LOG_LEVEL: 'error', LOGIN_LIMIT_KEY_PREFIX: `test:typed:${randomBytes(4).toString('hex')}` });
const tag = randomBytes(3).toString('hex');
let stack: Stack;
let api: Api;
let admin: Caller;
let db: Client;
let staff: Staff;

interface Case {
  /** `METHOD path param` as in the OpenAPI document (a path parameter by its name). */
  box: string;
  /** The text stored in the row (with diacritics). */
  text: string;
  /** Writes the row; returns the request path for a search of `q`. */
  seed: (text: string) => Promise<(q: string) => string>;
}

const sql = (text: string, ...params: unknown[]) => db.query(text, params);
const q = (s: string) => encodeURIComponent(s);
const MONTH = () => vnIsoDay(Date.now()).slice(0, 7);

const CASES: Case[] = [
  {
    box: 'GET /api/v1/users username',
    text: `HoaNV_${tag}`,
    seed: async (text) => {
      await staff.createUser({ username: text, role: staff.seededRole(2) });
      return (s) => `/api/v1/users?page=1&count=20&username=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/role name',
    text: `Trưởng nhóm Hoà ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO auth.roles (name, priority) VALUES ($1, 4)`, text);
      return (s) => `/api/v1/role?page=1&count=20&name=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/permission name',
    text: '', // a name of the seeded catalogue, with diacritics (read in beforeAll)
    seed: async () => (s) => `/api/v1/permission?page=1&count=100&name=${q(s)}`,
  },
  {
    box: 'GET /api/v1/systemaccount name',
    text: `Chi nhánh Đà Nẵng ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO auth.system_accounts (position, account, password_enc, api) VALUES ($1, $2, '', '')`, text, `acc_${tag}`);
      return (s) => `/api/v1/systemaccount?page=1&count=20&name=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/mesbank message',
    text: `Nguyễn Văn An chuyển tiền gói MAX ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO bank.bank_message (sender, money, datetime, str_mes) VALUES ('MB', 1000, now(), $1)`, text);
      return (s) => `/api/v1/mesbank?page=1&count=20&message=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/upload message',
    text: `Danh sách khách Hòa Bình ${tag}.xlsx`,
    seed: async (text) => {
      await sql(`INSERT INTO care.upload (filename, created_by, created_by_fullname) VALUES ($1, 'admin', 'Quản trị')`, text);
      return (s) => `/api/v1/upload?page=1&count=20&message=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/tilebatso message',
    text: `Lê Thị Thuỷ ${tag}`,
    seed: async (text) => {
      await sql(
        `INSERT INTO care.care_record (username, fullname, phone, phone9, status) VALUES ($1, $2, '0912345678', '912345678', 'APPROVED')`,
        `thuy_${tag}`,
        text,
      );
      return (s) => `/api/v1/tilebatso?page=1&count=20&message=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/blacklist description',
    text: `Khách yêu cầu không gọi lại, Đắk Lắk ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO dataops.blacklist (phone_number, phone9, description) VALUES ('0912000001', '912000001', $1)`, text);
      return (s) => `/api/v1/blacklist?page=1&count=20&description=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/mes1414otp message',
    text: `Mã xác thực của Quý khách ${tag}`,
    seed: async (text) => {
      await sql(
        `INSERT INTO dataops.otp1414 (phone_number, phone9, otp, datetime, str_mes) VALUES ('0912000002', '912000002', '1234', now(), $1)`,
        text,
      );
      return (s) => `/api/v1/mes1414otp?page=1&count=20&message=${q(s)}`;
    },
  },
  ...(['quetdtct', 'quetdata', 'quetdatakhonggoi'] as const).map((kind): Case => ({
    box: `GET /api/v1/${kind}/findPackage/{x} x`,
    text: `Gói Ưu Đãi ${kind} ${tag}`,
    seed: async (text) => {
      const column = kind === 'quetdtct' ? 'dtct' : 'current_package';
      const { rows } = await sql(
        `INSERT INTO dataops.scan_file (kind, file_name, uploaded_by) VALUES ($1, $2, 'admin') RETURNING id`,
        kind,
        `f_${tag}`,
      );
      await sql(
        `INSERT INTO dataops.scan_number (file_id, phone, phone9, ${column}, scanned_at) VALUES ($1, '0912000003', '912000003', $2, now())`,
        rows[0].id,
        text,
      );
      return (s) => `/api/v1/${kind}/findPackage/${q(s)}?page=1&count=20`;
    },
  })),
  {
    box: 'GET /api/v1/lstracuu noi_dung',
    text: `Mã gói: MAX90 — Hoà mạng ${tag}`,
    seed: async (text) => {
      await sql(
        `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name) VALUES ('0912000004', 'balance', $1, 'admin', 'Quản trị')`,
        text,
      );
      return (s) => `/api/v1/lstracuu?page=1&count=20&noi_dung=${q(s)}`;
    },
  },
  ...(
    [
      ['giagoimfy', 'mfy'],
      ['giagoidangky9279', '9279'],
    ] as const
  ).map(([route, kind]): Case => ({
    box: `GET /api/v1/${route} ten_goi_cuoc`,
    text: `Gói Khuyến Mãi ${kind} ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO orders.package_price (kind, ten_goi_cuoc) VALUES ($1, $2)`, kind, text);
      return (s) => `/api/v1/${route}?page=1&count=20&ten_goi_cuoc=${q(s)}`;
    },
  })),
  ...(['ma_goi', 'cty', 'note'] as const).map((column): Case => ({
    box: `GET /api/v1/dangky9279 ${column}`,
    text: `Công ty Hòa Phát ${column} ${tag}`,
    seed: async (text) => {
      await sql(
        `INSERT INTO orders.sale_order (kind, so_dien_thoai, ma_goi, gia_ban_goi, username_nv, trang_thai_yeu_cau, trang_thai, ${column === 'ma_goi' ? '' : `${column}, `}created_time)
           VALUES ('9279', '0912000005', $1, 1, 'admin', 'CHO', 'CHO', ${column === 'ma_goi' ? '' : '$1, '}now())`,
        text,
      );
      return (s) => `/api/v1/dangky9279?page=1&count=20&${column}=${q(s)}`;
    },
  })),
  {
    box: 'GET /api/v1/tinhluong message',
    text: `Nguyễn Văn An ${tag}`,
    seed: async (text) => {
      await sql(`INSERT INTO payroll.staff (username, fullname, priority) VALUES ($1, $2, 5)`, `an_${tag}`, text);
      await sql(`INSERT INTO payroll.payroll_row (month, username) VALUES ($1, $2)`, MONTH(), `an_${tag}`);
      return (s) => `/api/v1/tinhluong?page=1&count=20&message=${q(s)}`;
    },
  },
  {
    box: 'GET /api/v1/giahoantien ten_goi_cuoc',
    text: `Gói Hoàn Tiền Đặc Biệt ${tag}`,
    seed: async (text) => {
      const prices = Array.from({ length: 13 }, () => '0').join(', ');
      await sql(
        `INSERT INTO refunds.refund_price (ten_goi_cuoc, gia_gia_han, gia_nang_cap, gia_nang_cap_t2, gia_nang_cap_t3, gia_nang_cap_ht0, gia_nang_cap_ht1,
           gia_nang_cap_ht2, gia_nang_cap_ht3, gia_nang_cap_ht4, gia_nang_cap_g1, gia_nang_cap_g2, gia_nang_cap_g3, gia_goi) VALUES ($1, ${prices})`,
        text,
      );
      return (s) => `/api/v1/giahoantien?page=1&count=20&ten_goi_cuoc=${q(s)}`;
    },
  },
  ...(['requestrefund', 'requestrefundreport'] as const).map((route): Case => ({
    box: `GET /api/v1/${route} message`,
    text: `Khách đổi ý, hoàn gói ${route} ${tag}`,
    seed: async (text) => {
      await sql(
        `INSERT INTO refunds.refund_request (staff_username, number_phone, number_type, package_code, request_type, other_reason, created_time,
             kenh_doi_tac, trang_thai_key, trang_thai_giao_dich_doi_tac, millisecond_created_at, created_by)
           VALUES ('admin', '0912000006', 1, 'MAX90', 1, $1, now(), 'VNPAY', 'CHO_DUYET', 'CHUA', $2, 'admin')`,
        text,
        Date.now(),
      );
      return (s) => `/api/v1/${route}?page=1&count=20&message=${q(s)}`;
    },
  })),
];

beforeAll(async () => {
  stack = await startStack({ realtime: false, env });
  api = apiOf(stack.url);
  staff = await Staff.open(api, env.CSKH_ADMIN_PASSWORD!);
  admin = staff.adminCaller;
  db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const { rows } = await sql(`SELECT name FROM auth.permissions WHERE name ~ '[À-ỹ]' ORDER BY code LIMIT 1`);
  CASES.find((c) => c.box === 'GET /api/v1/permission name')!.text = rows[0].name;
}, 240_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

it('every text search box of the API has a case here (or is a search of digits)', async () => {
  const doc = (await api('GET', '/api/openapi.json')).body;
  const boxes: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const op = item.get;
    for (const p of op?.parameters ?? [])
      if (SEARCH_PARAMS.includes(p.name) || (path === '/api/v1/users' && p.name === 'username')) boxes.push(`GET ${path} ${p.name}`);
  }
  const covered = new Set([...CASES.map((c) => c.box), ...DIGIT_SEARCHES, ...NOT_SEARCH_BOXES]);
  expect(boxes.filter((b) => !covered.has(b))).toEqual([]);
  // And no case names a box the API does not have.
  expect(CASES.map((c) => c.box).filter((b) => !boxes.includes(b))).toEqual([]);
});

describe.each(CASES.map((c) => [c.box, c] as const))('%s', (_box, c) => {
  it('finds the row from the text typed without diacritics, in lower case', async () => {
    const path = await c.seed(c.text);
    const search = async (s: string) => {
      const r = await api('GET', path(s), { token: admin.token });
      expect(r.status).toBe(200);
      return JSON.stringify(r.body.data.values).normalize('NFC');
    };
    expect(typed(c.text)).not.toBe(c.text);
    expect(await search(typed(c.text))).toContain(c.text);
    // As stored, and in capitals without diacritics, too.
    expect(await search(c.text)).toContain(c.text);
    expect(await search(typed(c.text).toUpperCase())).toContain(c.text);
  });
});
