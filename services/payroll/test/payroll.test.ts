/**
 * The payroll sheet end to end on real PostgreSQL and Kafka: a worked example computed by hand
 * (attendance sheet, revenue from care events with a refund, manual data, a clawback) matches the
 * server's row; an edit answers 'Đang tính toán...' with zeros, the worker recalculates and the
 * realtime tier is told; edit rights by priority and subtree; a closed month refuses every change
 * and does not move when new revenue arrives.
 */
import { vnIsoDay } from '@cskh/kit';
import { REALTIME_PUSH_TOPIC } from '@cskh/kit/messaging';
import { Subscription } from '@cskh/kit/service';
import { failure, rand, TestService } from '@cskh/kit/testing';
import { events_v1_realtime, payroll_v1_payroll } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { announceStaff, invite, publish, refund, startPayroll, until, who } from './helpers';

const P = payroll_v1_payroll;
let t: TestService;
let payroll: Awaited<ReturnType<typeof startPayroll>>['payroll'];
let sub: Subscription;
const pushes: Array<{ event: string; payload: { months: string[]; usernames: string[] } }> = [];

// This Vietnam month, as the screen sends it, and its days as the attendance sheet writes them.
const today = vnIsoDay(Date.now());
const MONTH = `${today.slice(5, 7)}/${today.slice(0, 4)}`;
const day = (d: number, hm: string) => `${String(d).padStart(2, '0')}/${MONTH} ${hm}:00`;

const admin = () => who(t, 1, 'admin');
const sheet = (username: string) =>
  payroll.listPayroll(P.PayrollRequest.fromPartial({ startDate: MONTH, username, count: 10 }), { identity: admin() });
const settled = (username: string) =>
  until(
    `${username}'s row`,
    () => sheet(username),
    (l) => l.count === 1 && !l.values[0].dang_tinh_toan,
  );

beforeAll(async () => {
  ({ t, payroll } = await startPayroll());
  sub = await t.bus.subscribe({
    groupId: `payroll-test-${rand()}`,
    topics: [REALTIME_PUSH_TOPIC],
    fromBeginning: true,
    handler: async (m) => {
      const p = events_v1_realtime.RealtimePush.decode(m.value);
      pushes.push({ event: p.event, payload: JSON.parse(p.payload_json) });
    },
  });
  await announceStaff(t, [
    { username: 'cn1', user_id: 'u-cn1', role_priority: 3 },
    { username: 'td1', user_id: 'u-td1', role_priority: 4, brand_id: 'u-cn1' },
    { username: 'nvA', user_id: 'u-nvA', role_priority: 5, brand_id: 'u-cn1', group_id: 'u-td1' },
    { username: 'cn2', user_id: 'u-cn2', role_priority: 3 },
    { username: 'nvB', user_id: 'u-nvB', role_priority: 5, brand_id: 'u-cn2' },
  ]);
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
});

describe('the payroll of a worked example', () => {
  it('matches the hand calculation of services/payroll/README.md', async () => {
    // Revenue: three 10,000,000 invitations this month; 2,000,000 refunded on one → payroll revenue 28,000,000.
    await publish(
      t,
      invite({ staff: 'nvA', phone: '0913000001', package: 'big', price: 10_000_000 }),
      invite({ staff: 'nvA', phone: '0913000002', package: 'big', price: 10_000_000 }),
      invite({ staff: 'nvA', phone: '0913000003', package: 'big', price: 10_000_000 }),
      refund({ staff_username: 'nvA', phone: '0913000001', package_code: 'BIG', refund_price: 2_000_000 }),
      // A discount top-up whose transfer (300,000) is clawed back from the salesperson.
      refund({
        staff_username: 'nvA',
        phone: '0913000009',
        package_code: 'BIG',
        request_type: 5,
        transfer_final_amount: 300_000,
        trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
      }),
    );
    // Attendance: 20 full days (08:00–17:00) and 2 half days (08:00–12:30) → 21 working days.
    const rows = [
      ...Array.from({ length: 20 }, (_, i) => ({ username: 'nvA', gioVao: day(i + 1, '08:00'), gioRa: day(i + 1, '17:00') })),
      { username: 'nvA', gioVao: day(21, '08:00'), gioRa: day(21, '12:30') },
      { username: 'nvA', gioVao: day(22, '08:00'), gioRa: day(22, '12:30') },
      { username: 'ghost', gioVao: day(23, '08:00'), gioRa: day(23, '17:00') },
    ];
    const att = await payroll.saveAttendance(
      P.SaveAttendanceRequest.fromPartial({ rows, file_name: 'cham-cong.xlsx', first_row: 2, thangTinhLuong: MONTH }),
      { identity: who(t, 3, 'cn1') },
    );
    expect(att.saved).toBe(22);
    expect(att.errorRows.map((e) => [e.row, e.error_type])).toEqual([[24, MSG.staffUnknown]]);
    // Manual data: holiday bonus, social insurance, a penalty, an advance.
    const manual = await payroll.saveManualData(
      P.SaveManualDataRequest.fromPartial({
        rows: [{ username: 'nvA', thuongLeTet: '500.000', baoHiemXaHoi: '400000', cheTaiKhac: '50000', kyQuyTamUng: '1,000,000' }],
        thangTinhLuong: MONTH,
      }),
      { identity: who(t, 3, 'cn1') },
    );
    expect(manual).toMatchObject({ saved: 1, errorRows: [] });

    const row = await until(
      'the whole example',
      () => sheet('nvA'),
      (l) =>
        !l.values[0]?.dang_tinh_toan &&
        l.values[0]?.tongDoanhThuVasTinhLuong === 28_000_000 &&
        l.values[0]?.truyThuSauChietKhau === 300_000 &&
        l.values[0]?.kyQuyTamUng === 1_000_000 &&
        l.values[0]?.ngayCongThucTe === 21,
    );
    // By hand (defaults: base 5,000,000 over 26 days; tiers 5 % / 8 % from 20,000,000 / 10 % from 50,000,000; union fee 1 %, max 150,000):
    const hand = {
      ngayCongThucTe: 21,
      luongCoBan: 5_000_000,
      luongTheoNgayCong: 4_038_462, // 5,000,000 × 21 / 26 = 4,038,461.54
      chuyenCan: 0, // 21 < 26
      tongLuongCoBan: 4_038_462,
      tongDoanhThuVasTinhLuong: 28_000_000, // 3 × 10,000,000 − 2,000,000 refunded, at 100 %
      tongDoanhThuGiaGoc: 30_000_000,
      binhQuanDoanhThuTheoNgay: 1_333_333, // 28,000,000 / 21
      hoaHongPhanTram: 8,
      hoaHongThucTinh: 2_240_000,
      thuongLeTet: 500_000,
      tongThuongPhuCap: 2_740_000,
      tongLuongThang: 6_778_462,
      baoHiemXaHoi: 400_000,
      phiCongDoan: 67_785, // 1 % of 6,778,462 = 67,784.62
      cheTaiKhac: 50_000,
      tongCheTai: 50_000,
      truyThuSauChietKhau: 300_000,
      kyQuyTamUng: 1_000_000,
      tongKhauTru: 1_817_785, // 400,000 + 67,785 + 50,000 + 300,000 + 1,000,000
      luongThucNhan: 4_960_677, // 6,778,462 − 1,817,785
    };
    expect(row.values[0]).toMatchObject({ username: 'nvA', fullname: 'Tên nvA', thangTinhLuong: MONTH, ...hand, can_edit: true });
    expect(row.tongDoanhThuTamTinh).toBe(30_000_000);
    expect(
      pushes.some((p) => p.event === 'payroll.recalculated' && p.payload.months.includes(MONTH) && p.payload.usernames.includes('nvA')),
    ).toBe(true);
  });

  it('an edit answers Đang tính toán... with zeros, then the worker recalculates and tells the sheets', async () => {
    await settled('nvA');
    const pushesBefore = pushes.length;
    const reply = await payroll.updatePayroll(
      P.UpdatePayrollRequest.fromPartial({ username: 'nvA', thangTinhLuong: MONTH, thuongLeTet: 1_500_000 }),
      { identity: who(t, 3, 'cn1') },
    );
    expect(reply.msg).toBe(`Đã cập nhật NV nvA trên bảng lương tháng ${MONTH}`);
    expect(reply.row).toMatchObject({ dang_tinh_toan: true, luongThucNhan: 0, tongLuongThang: 0 });
    const after = await until(
      'recalculated',
      () => sheet('nvA'),
      (l) => l.values[0].thuongLeTet === 1_500_000 && !l.values[0].dang_tinh_toan,
    );
    // One more million of bonus: gross 7,778,462, union fee 77,785, net 5,950,677.
    expect(after.values[0]).toMatchObject({ tongLuongThang: 7_778_462, phiCongDoan: 77_785, luongThucNhan: 5_950_677 });
    await until(
      'push',
      async () => pushes.slice(pushesBefore),
      (p) => p.some((x) => x.event === 'payroll.recalculated' && x.payload.usernames.includes('nvA')),
    );
    const found = await payroll.findPayroll({ username: 'nvA', thangTinhLuong: MONTH }, { identity: who(t, 3, 'cn1') });
    expect(found.thuongLeTet).toBe(1_500_000);
    const history = await payroll.payrollHistory({ id: found.id, page: 0, count: 10 }, { identity: admin() });
    expect(history.values[0]).toMatchObject({ field: 'thuongLeTet', from_value: '500000', to_value: '1500000', username: 'cn1' });
  });

  it('only priority below 4 edits, inside their subtree, with valid values', async () => {
    const edit = (identity: ReturnType<typeof who>, over: Partial<payroll_v1_payroll.UpdatePayrollRequest> = {}) =>
      failure(
        payroll.updatePayroll(P.UpdatePayrollRequest.fromPartial({ username: 'nvA', thangTinhLuong: MONTH, nhanKhac: 1, ...over }), {
          identity,
        }),
      );
    expect(await edit(who(t, 4, 'td1'))).toMatchObject({ code: 'FORBIDDEN', msg: MSG.editForbidden });
    expect(await edit(who(t, 3, 'cn2'))).toMatchObject({ code: 'FORBIDDEN', msg: MSG.staffOutOfScope });
    // Nobody sets their own pay, whatever their rank.
    expect(await edit(who(t, 3, 'cn1'), { username: 'cn1', nhanKhac: 5_000_000 })).toMatchObject({
      code: 'FORBIDDEN',
      msg: MSG.ownPayroll,
    });
    expect(await edit(admin(), { username: admin().username })).toMatchObject({ code: 'FORBIDDEN', msg: MSG.ownPayroll });
    expect(await edit(admin(), { ngayCongThucTe: 40 })).toMatchObject({ code: 'VALIDATION', msg: MSG.daysInvalid });
    expect(await edit(admin(), { thangTinhLuong: '13/2026' })).toMatchObject({ code: 'VALIDATION', msg: MSG.monthInvalid });
    expect(
      await failure(payroll.saveAttendance(P.SaveAttendanceRequest.fromPartial({ rows: [] }), { identity: who(t, 4, 'td1') })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    // A salesperson sees only their own row, without the edit link.
    const own = await payroll.listPayroll(P.PayrollRequest.fromPartial({ startDate: MONTH }), { identity: who(t, 5, 'nvB') });
    expect(own.values.map((v) => [v.username, v.can_edit])).toEqual([['nvB', false]]);
  });
});

describe('month lock', () => {
  it('a closed month refuses every change and does not move when revenue arrives', async () => {
    await settled('nvA');
    await settled('nvB');
    expect(await failure(payroll.closeMonth({ thangTinhLuong: MONTH }, { identity: who(t, 3, 'cn1') }))).toMatchObject({
      code: 'FORBIDDEN',
      msg: MSG.closeForbidden,
    });
    const state = await payroll.closeMonth({ thangTinhLuong: MONTH }, { identity: admin() });
    expect(state).toMatchObject({ thangTinhLuong: MONTH, da_chot: true, nguoi_chot: 'admin' });
    const closed = await sheet('nvA');
    expect(closed.da_chot).toBe(true);
    expect(closed.values[0].can_edit).toBe(false);

    const refused = MSG.monthClosed(MONTH);
    expect(
      await failure(
        payroll.updatePayroll(P.UpdatePayrollRequest.fromPartial({ username: 'nvA', thangTinhLuong: MONTH, nhanKhac: 5 }), {
          identity: admin(),
        }),
      ),
    ).toMatchObject({ code: 'PRECONDITION', msg: refused });
    expect(
      await failure(
        payroll.saveAttendance(
          P.SaveAttendanceRequest.fromPartial({
            rows: [{ username: 'nvA', gioVao: day(23, '08:00'), gioRa: day(23, '17:00') }],
            thangTinhLuong: MONTH,
          }),
          { identity: admin() },
        ),
      ),
    ).toMatchObject({ msg: refused });
    expect(
      await failure(
        payroll.saveManualData(P.SaveManualDataRequest.fromPartial({ rows: [{ username: 'nvA', nhanKhac: '5' }], thangTinhLuong: MONTH }), {
          identity: admin(),
        }),
      ),
    ).toMatchObject({ msg: refused });
    expect(await failure(payroll.closeMonth({ thangTinhLuong: MONTH }, { identity: admin() }))).toMatchObject({ code: 'CONFLICT' });

    // New revenue this month reaches the reports, not the closed sheet.
    await publish(t, invite({ staff: 'nvA', phone: '0913000077', package: 'late', price: 5_000_000 }));
    await until(
      'late sale in the report',
      () => payroll.listDetailed(P.ReportRequest.fromPartial({ username: 'nvA', count: 10 }), { identity: admin() }),
      (l) => l.count === 4,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(await sheet('nvA')).toEqual(closed);
  });
});
