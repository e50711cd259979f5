/** The sales floor of the demo office: customers cared for and invited, orders at every stage, red reports. */
import { ApiError, importRows, type Seeding } from './api';
import { CUSTOMER_COUNT, CUSTOMER_FILE, CUSTOMERS_PER_SALESPERSON, customerPhone, daysAgo, SALES, vnDate } from './office';

/** Customers uploaded, divided among the salespeople and cared for; invitations registered today. */
export async function seedCustomers({ admin, who, today, log }: Seeding): Promise<void> {
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
}

/** Mfy and 9279 orders at every stage, and red reports, two with their result. */
export async function seedOrders({ admin, who, manager, today, log }: Seeding): Promise<void> {
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
}
