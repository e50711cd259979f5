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
import {
  BANK_FILE,
  BRANCH_CHANNELS,
  CUSTOMER_COUNT,
  CUSTOMER_FILE,
  CUSTOMERS_PER_SALESPERSON,
  customerPhone,
  daysAgo,
  DEMO_PASSWORD,
  ORDER_PRICES,
  REFUND_PRICES,
  ROLE_NAMES,
  SALES,
  SCAN_FILE,
  SCAN_NUMBERS,
  SPLIT_FILES,
  SPLIT_NUMBERS,
  STAFF,
  vnDate,
  vnMonth,
  vnToday,
  weekday,
} from './office';

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

class ApiError extends Error {}

/** The envelope's `data` as far as the seed reads it: ids, tokens, pages and import refusals. */
interface Reply {
  [field: string]: unknown;
  access_token?: string;
  id?: string;
  errorRows?: unknown[];
  values?: Array<Record<string, unknown>>;
  /** The next customer to care for (GET /customer/new-care). */
  value?: { customer?: { id?: string } };
}

/** One JSON call through the gateway; the envelope's `data`, or an error naming the call. */
async function call(base: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { status?: string; data?: Reply } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status >= 300 || !json || json.status === 'error') {
    throw new ApiError(`${method} ${path}: ${res.status} ${text.slice(0, 400)}`);
  }
  return json.data ?? {};
}

type Caller = (method: string, path: string, body?: unknown) => Promise<Reply>;

/** Import rows as the browser's import button does: chunks of 200, refusals reported. */
async function importRows(as: Caller, path: string, rows: unknown[], what: string) {
  for (let i = 0; i < rows.length; i += 200) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await as('POST', `${path}${sep}first_row=${i + 2}`, rows.slice(i, i + 200));
    if (r?.errorRows?.length) throw new ApiError(`${what}: rows refused ${JSON.stringify(r.errorRows).slice(0, 400)}`);
  }
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

  // ---- the administrator: accounts, channels, prices, settings ----
  log('tài khoản nhân viên');
  const roles = (await admin('GET', '/api/v1/role?page=1&count=100')).values as Array<{ id: string; priority: number }>;
  const roleId = (p: number) => {
    const r = roles.find((x) => x.priority === p);
    if (!r) throw new ApiError(`no seeded role of priority ${p}`);
    return r.id;
  };
  const ids = new Map<string, string>();
  for (const p of STAFF) {
    let id: string | undefined;
    try {
      id = (await admin('GET', `/api/v1/users/findByUsername/${p.username}`))?.id;
    } catch {
      id = undefined;
    }
    if (!id) {
      const u = await admin('POST', '/api/v1/users', {
        fullname: p.fullname,
        username: p.username,
        password: DEMO_PASSWORD,
        email: p.email,
        phone: p.phone,
        role: roleId(p.priority),
        brand: p.branch ? ids.get(p.branch) : '',
        group: p.leader ? ids.get(p.leader) : '',
      });
      id = u.id as string;
    }
    ids.set(p.username, id);
  }
  for (const [branch, channelName, channelText] of BRANCH_CHANNELS) {
    await admin('POST', '/api/v1/userkenhmoigoi/chonKenh', { accountUsername: branch, channelName, channelText });
  }

  log('bảng giá, cài đặt hoàn tiền');
  for (const base9 of ['giagoimfy', 'giagoidangky9279']) {
    const rows = ORDER_PRICES.map(([ten_goi_cuoc, t1, t2, t3, fee]) => ({
      ten_goi_cuoc,
      phi_thu_hoi: String(fee),
      gia_t1: String(t1),
      gia_t2: String(t2),
      gia_t3: String(t3),
    }));
    await importRows(admin, `/api/v1/${base9}/import?file_name=Bang-gia-${base9}.xlsx`, rows, `price list ${base9}`);
  }
  for (const [pkg, price] of REFUND_PRICES) {
    const exists = await admin('GET', `/api/v1/giahoantien/findPackage/${pkg}`).catch(() => undefined);
    if (exists?.id) continue;
    const k = price / 1000;
    await admin('POST', '/api/v1/giahoantien', {
      ten_goi_cuoc: pkg,
      gia_goi: price,
      gia_gia_han: Math.round(price * 0.1),
      gia_nang_cap: Math.round(price * 0.15),
      gia_nang_cap_t2: Math.round(price * 0.12),
      gia_nang_cap_t3: Math.round(price * 0.1),
      gia_nang_cap_ht0: k * 100,
      gia_nang_cap_ht1: k * 120,
      gia_nang_cap_ht2: k * 140,
      gia_nang_cap_ht3: k * 160,
      gia_nang_cap_ht4: k * 180,
      gia_nang_cap_g1: Math.round(price * 0.2),
      gia_nang_cap_g2: Math.round(price * 0.25),
      gia_nang_cap_g3: Math.round(price * 0.3),
    });
  }
  await admin('PUT', '/api/v1/setting/ti_le_chiet_khau', { value: '10' });
  await admin('PUT', '/api/v1/setting/ti_le_chiet_khau_tra_sau', { value: '8' });

  const staff = new Map<string, Caller>();
  for (const p of STAFF) staff.set(p.username, as(await login(p.username, DEMO_PASSWORD)));
  const who = (u: string) => staff.get(u)!;
  const manager = who('ql_hoa');

  // ---- customers: upload, divide, care ----
  log('khách hàng: tải lên, chia, chăm sóc');
  const uploads = async () => (await admin('GET', '/api/v1/upload?page=1&count=100')).values as Array<{ id: string; filename: string }>;
  let upload = (await uploads()).find((u) => u.filename === CUSTOMER_FILE);
  if (!upload) {
    const pkgs = ['MXH120', 'V120', 'TK135', 'MAX90', 'ST90', 'D120'];
    const rows = Array.from({ length: CUSTOMER_COUNT }, (_, i) => ({
      phone: customerPhone(i),
      type: i % 6 === 5 ? 'MG' : 'MC',
      package: pkgs[i % pkgs.length],
      registerAt: vnDate(today, daysAgo(today, 20 + (i % 5)), '08:15:00'),
      expiredAt: vnDate(today, today.d, '23:59:59'),
      packageCycle: '30',
      state: 'ACTIVE',
      packageCanRegister: pkgs[(i + 1) % pkgs.length],
    }));
    await importRows(admin, `/api/v1/customer/import?file_name=${encodeURIComponent(CUSTOMER_FILE)}`, rows, 'customers');
    upload = (await uploads()).find((u) => u.filename === CUSTOMER_FILE);
    if (!upload) throw new ApiError(`the upload ${CUSTOMER_FILE} is not listed`);
    await admin(
      'POST',
      `/api/v1/customer/assign?upload_id=${upload.id}`,
      SALES.map((username) => ({ username, count: CUSTOMERS_PER_SALESPERSON })),
    );
  }
  const results: Array<{ status: string; note: string; pkg?: string; appointment?: boolean }> = [
    { status: 'APPROVED', pkg: 'MXH120', note: 'Khách đồng ý gia hạn, đã gửi mã OTP' },
    { status: 'APPOINTMENT', pkg: 'TK135', note: 'Khách bận họp, hẹn gọi lại sáng mai', appointment: true },
    { status: 'REJECTED', pkg: 'V120', note: 'Khách chê giá cao, không đăng ký' },
  ];
  const tomorrow = new Date(Date.UTC(today.y, today.m - 1, today.d + 1));
  const appointmentAt = `${String(tomorrow.getUTCDate()).padStart(2, '0')}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${tomorrow.getUTCFullYear()} 09:30`;
  for (const [n, s] of SALES.entries()) {
    for (const r of results.slice(0, n % 2 === 0 ? 3 : 2)) {
      const card = await who(s)('GET', '/api/v1/customer/new-care');
      const id = card?.value?.customer?.id;
      if (!id) break;
      await who(s)('POST', `/api/v1/customer/${id}/care`, {
        status: r.status,
        package: r.pkg ?? '',
        note: r.note,
        ...(r.appointment ? { appointmentAt } : {}),
      });
    }
  }

  // ---- invitations registered today (revenue through care's event) ----
  log('mời gói cước (đăng ký trực tiếp)');
  const invitePkgs = ['MXH120', 'V120', 'TK135'];
  for (const [n, s] of SALES.entries()) {
    for (let k = 0; k < 3; k++) {
      const phone = customerPhone(30 + n * 3 + k);
      await who(s)('POST', '/api/v1/vas/mobifone/invite', { type: 'dk', phone, package: invitePkgs[(n + k) % 3], command: 'DK' });
    }
  }

  // ---- mfy orders at every stage ----
  log('đơn Mfy ở mọi trạng thái');
  // [salesperson, tier, package, the statuses the manager sets in turn]
  const mfyPlan: Array<[string, string, string, string[]]> = [
    ['nv_tuan', '1', 'MXH120', []], // new: waits for the customer's Y, counting down 10 minutes
    ['nv_linh', '1', 'V120', ['duyet']],
    ['nv_nam', '2', 'TK135', ['duyet', 'da_soan_y_lan_1']],
    ['nv_trang', '1', 'MAX90', ['duyet', 'da_soan_y_lan_1', 'duyet_lan_2']],
    ['nv_tuan', '1', 'MXH120', ['duyet', 'da_soan_y_lan_1', 'dang_ky_thanh_cong']],
    ['nv_nam', '2', 'V120', ['duyet', 'da_soan_y_lan_1', 'dang_ky_thanh_cong']],
    ['nv_linh', '3', 'ST90', ['duyet', 'da_soan_y_lan_1', 'dang_ky_thanh_cong', 'thu_hoi']],
    ['nv_trang', '1', 'MXH120', ['huy_qua_han']],
    ['nv_tuan', '2', 'TK135', ['duyet', 'da_soan_y_lan_1', 'duyet_lan_2', 'huy_qua_han_lan_2']],
  ];
  for (const [i, [s, tier, pkg, statuses]] of mfyPlan.entries()) {
    const order = await who(s)('POST', '/api/v1/mfy', { so_dien_thoai: customerPhone(50 + i), ma_goi: pkg, gia_ban_goi: tier });
    for (const st of statuses) await manager('PUT', `/api/v1/mfy/setTrangThai/${order.id}`, { trang_thai: st });
    if (statuses.includes('dang_ky_thanh_cong')) {
      await manager('PUT', `/api/v1/mfy/setTrangThaiDuyetThongTin/${order.id}`, { trang_thai_duyet_thong_tin: 'da_duyet' });
      await manager('PUT', `/api/v1/mfy/setTrangThaiThuTien/${order.id}`, {
        trang_thai_thu_tien: i === 6 ? 'yeu_cau_thu_hoi' : 'da_chuyen_khoan',
      });
    }
  }

  // ---- 9279 orders, dated over the month ----
  log('đơn đăng ký 9279');
  const r9279Plan: Array<[string, string, string, string, number, string[]]> = [
    ['nv_nam', 'dang_ky', 'MXH120', '1', 0, []],
    ['nv_trang', 'dang_ky', 'V120', '1', 1, ['y1']],
    ['nv_tuan', 'gia_han', 'MAX90', '2', 2, ['y1', 'y2', 'y3']],
    ['nv_linh', 'dang_ky', 'TK135', '1', 3, ['bi_moi']],
    ['nv_nam', 'dang_ky', 'MXH120', '1', 12, ['y1', 'dang_ky_thanh_cong']],
    ['nv_trang', 'gia_han', 'ST90', '2', 8, ['y1', 'y2', 'dang_ky_thanh_cong']],
    ['nv_tuan', 'dang_ky', 'V120', '1', 5, ['dang_ky_thanh_cong']],
    ['nv_linh', 'dang_ky', 'MAX90', '3', 1, ['y1', 'that_bai']],
  ];
  for (const [i, [s, hinh_thuc, pkg, tier, back, statuses]] of r9279Plan.entries()) {
    const order = await who(s)('POST', '/api/v1/dangky9279', {
      so_dien_thoai: customerPhone(60 + i),
      ma_goi: pkg,
      gia_ban_goi: tier,
      hinh_thuc,
    });
    if (back > 0)
      await manager('PUT', `/api/v1/dangky9279/setCreatedTime/${order.id}`, {
        created_time: vnDate(today, daysAgo(today, back), '10:20:00'),
      });
    for (const st of statuses) await manager('PUT', `/api/v1/dangky9279/setTrangThai/${order.id}`, { trang_thai: st });
    if (statuses.includes('dang_ky_thanh_cong'))
      await manager('PUT', `/api/v1/dangky9279/setTrangThaiThuTien/${order.id}`, { trang_thai_thu_tien: 'da_chuyen_khoan' });
  }

  // ---- red reports (the carrier's complaints of unwanted registrations), two with their result ----
  log('báo đỏ');
  const redReports: Array<[string, string, string, string, 'SUCCESS' | 'FAILD' | undefined]> = [
    ['nv_tuan', 'MXH120', '9084 (3)', 'Khách báo không đăng ký', 'FAILD'],
    ['nv_linh', 'V120', '9084 (4)', 'Khách đồng ý giữ gói sau khi gọi lại', 'SUCCESS'],
    ['nv_nam', 'TK135', '9084 (4)', 'Khách nhắn tin huỷ gói', undefined],
  ];
  for (const [i, [seller, pkg, kenh, reason, result]] of redReports.entries()) {
    const red = await admin('POST', '/api/v1/baodo', {
      so_dien_thoai: customerPhone(80 + i),
      ngay_thanh_cong: vnDate(today, daysAgo(today, 2 + i)),
      username_nv: seller,
      ten_goi_cuoc: pkg,
      kenh,
      ly_do: reason,
    });
    if (result) await admin('PUT', `/api/v1/baodo/setTrangThai/${red.id}`, { trang_thai: result });
  }

  // ---- refunds: a package refund and a discount top-up the bank transfer will settle ----
  log('yêu cầu hoàn tiền, nạp tiền chiết khấu');
  const stamp = Date.UTC(today.y, today.m - 1, today.d, 2, 0, 0);
  await who('nv_tuan')('POST', '/api/v1/requestrefund/createHoanTienGoiCuoc', {
    millisecond_created_at: stamp + 1,
    number_phone: customerPhone(30),
    number_type: 1,
    package_code: 'MXH120',
    request_type: 1,
    request_method: 1,
    other_refund: 0,
    other_reason: '',
    cho_len_don: 0,
  });
  await who('nv_linh')('POST', '/api/v1/requestrefund/createHoanTienGoiCuoc', {
    millisecond_created_at: stamp + 2,
    number_phone: customerPhone(34),
    number_type: 1,
    package_code: 'TK135',
    request_type: 2,
    request_method: 10,
    other_refund: 10_000,
    other_reason: 'Khách được tặng thêm theo chương trình tri ân',
    cho_len_don: 0,
  });
  const topUpPhone = customerPhone(90);
  await who('nv_nam')('POST', '/api/v1/requestrefund/createNapTienChietKhau', {
    millisecond_created_at: stamp + 3,
    number_phone: topUpPhone,
    number_type: 1,
    package_code: 'MXH120',
    refund_price: 120_000,
    cho_len_don: 0,
  });

  // ---- the bank statement: import, fill, decide, hand out ----
  log('tin nhắn ngân hàng');
  const bankRows = [
    { phone: topUpPhone, pkg: 'MXH120', money: 108_000, back: 0, time: '09:12:41' }, // pays the top-up above (120,000 − 10 %)
    { phone: customerPhone(91), pkg: 'V120', money: 120_000, back: 1, time: '14:03:09' },
    { phone: customerPhone(92), pkg: 'TK135', money: 135_000, back: 2, time: '10:47:55' },
    { phone: customerPhone(93), pkg: 'MXH120', money: 120_000, back: 3, time: '16:21:30' },
    { phone: customerPhone(94), pkg: 'MAX90', money: 90_000, back: 4, time: '08:35:12' },
    { phone: customerPhone(95), pkg: 'ST90', money: 90_000, back: 6, time: '11:58:04' },
    { phone: customerPhone(96), pkg: 'V120', money: 100_000, back: 8, time: '15:40:27' },
    { phone: customerPhone(97), pkg: 'MXH120', money: 120_000, back: 10, time: '19:05:50' },
  ];
  const contents = (r: (typeof bankRows)[number], i: number) =>
    [
      `${r.phone} ${r.pkg} chuyen khoan`,
      `MBVCB.${3_812_004 + i}.${r.phone} dang ky ${r.pkg}`,
      `IBFT ${r.phone} nap goi ${r.pkg}`,
      `${r.phone} ${r.pkg}`,
    ][i % 4];
  await importRows(
    admin,
    `/api/v1/mesbank/import?file_name=${encodeURIComponent(BANK_FILE)}`,
    bankRows.map((r, i) => ({
      ten_file_upload: BANK_FILE,
      sender: 'VPBank',
      str_mes: contents(r, i),
      money: String(r.money),
      datetime: vnDate(today, daysAgo(today, r.back), r.time),
    })),
    'bank messages',
  );
  const messages = (await admin('GET', `/api/v1/mesbank?page=1&count=100&startDate=${vnDate(today, 1)}&endDate=${vnDate(today, today.d)}`))
    .values as Array<{ id: string; str_mes: string }>;
  const messageOf = (i: number) => messages.find((m) => m.str_mes === contents(bankRows[i], i));
  for (const i of [0, 1, 2, 3]) {
    const m = messageOf(i);
    if (!m) continue;
    await admin('PUT', `/api/v1/mesbank/${m.id}`, { so_dien_thoai: bankRows[i].phone, goi_cuoc: bankRows[i].pkg });
    if (i <= 1) await manager('GET', `/api/v1/mesbank/approve/${m.id}`);
    if (i === 2) await manager('PUT', `/api/v1/mesbank/setTrangThaiXuLy/${m.id}`, { is_read: 1 });
    if (i === 3) await manager('GET', `/api/v1/mesbank/deny/${m.id}`);
  }
  await admin('POST', '/api/v1/mesbank/assign', [
    { username: 'nv_linh', count: 2 },
    { username: 'nv_trang', count: 1 },
  ]);

  // ---- revenue of the weeks before (the accountant's import) ----
  log('doanh thu các ngày trước trong tháng');
  const history: unknown[] = [];
  const pkgs = ['MXH120', 'V120', 'TK135', 'MAX90'];
  for (let d = 1, n = 0; d < today.d; d++) {
    if (weekday(today, d) === 0) continue;
    for (const [k, s] of SALES.entries()) {
      if ((d + k) % 3 === 2) continue;
      const pkg = pkgs[(d + k) % pkgs.length];
      history.push({
        kenh: ['9084', '9332', 'OTP 1', 'Mfy'][(d + k) % 4],
        username_nv: s,
        so_dien_thoai_cs: customerPhone(200 + n++),
        goi_cuoc: pkg,
        doanh_thu: String(ORDER_PRICES.find(([p]) => p === pkg)![1]),
        ngay_thanh_cong: vnDate(
          today,
          d,
          `${String(8 + ((d * 3 + k) % 10)).padStart(2, '0')}:${String((d * 7 + k * 13) % 60).padStart(2, '0')}:00`,
        ),
        ti_le_doanh_thu: '100',
      });
    }
  }
  if (history.length)
    await importRows(
      admin,
      `/api/v1/report90849332/import?file_name=${encodeURIComponent(`Doanh-thu-${month.replace('/', '-')}.xlsx`)}`,
      history,
      'revenue',
    );

  // ---- payroll: the month's attendance and manual data ----
  log(`bảng lương tháng ${month}`);
  const attendance: unknown[] = [];
  const onPayroll = STAFF.filter((p) => p.priority >= 3 && p.priority <= 5);
  for (let d = 1; d <= today.d; d++) {
    if (weekday(today, d) === 0) continue;
    for (const [k, p] of onPayroll.entries()) {
      const late = (d + k) % 7 === 3;
      const half = weekday(today, d) === 6;
      attendance.push({
        username: p.username,
        gioVao: vnDate(today, d, late ? '08:25' : `07:${String(45 + ((d + k) % 14)).padStart(2, '0')}`),
        gioRa: d === today.d ? '' : vnDate(today, d, half ? '12:00' : `17:${String(30 + ((d * k) % 25)).padStart(2, '0')}`),
      });
    }
  }
  await importRows(
    admin,
    `/api/v1/tinhluong/saveFileChamCong?file_name=${encodeURIComponent(`Cham-cong-${month.replace('/', '-')}.xlsx`)}&thangTinhLuong=${month}`,
    attendance,
    'attendance',
  );
  await importRows(
    admin,
    `/api/v1/tinhluong/saveFileDuLieuNhapTay?file_name=${encodeURIComponent(`Du-lieu-nhap-tay-${month.replace('/', '-')}.xlsx`)}&thangTinhLuong=${month}`,
    onPayroll.map((p, k) => ({
      username: p.username,
      thuongKhuyenKhich: k % 2 === 0 ? '300000' : '',
      hoTroBaoHiemXaHoi: '200000',
      baoHiemXaHoi: '525000',
      cheTaiSaiNghiepVu: k === 3 ? '100000' : '',
      kyQuyTamUng: k === 4 ? '1000000' : '',
    })),
    'manual payroll data',
  );

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
