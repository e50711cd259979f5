/** The money side of the demo office: refund requests, the bank statement, the month's revenue and payroll. */
import { importRows, type Seeding } from './api';
import { BANK_FILE, customerPhone, daysAgo, ORDER_PRICES, SALES, STAFF, vnDate, weekday } from './office';

/** A package refund and a discount top-up, and the bank statement whose first transfer settles that top-up. */
export async function seedRefundsAndBank({ admin, who, manager, today, log }: Seeding): Promise<void> {
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
}

/** Revenue of the weeks before (the accountant's import), and the month's attendance and manual payroll data. */
export async function seedRevenueAndPayroll({ admin, today, month, log }: Seeding): Promise<void> {
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
}
