/**
 * The revenue read model and the five reports end to end on real PostgreSQL and Kafka: events
 * published through the real bus as care, orders and refunds publish them show up in every report
 * with the same totals; a redelivery, a stale order change and a full replay into an empty database
 * change nothing; the subtree rule, masking, the hidden partner column and the export ban hold;
 * a manager's reassignment is audited and kept across a rebuild.
 */
import { exportWindowCount } from '@cskh/kit';
import { failure, rand, TestService } from '@cskh/kit/testing';
import { common_v1_common as common, payroll_v1_payroll } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { AnyEvent, announceStaff, appliedEvents, invite, order, publish, refund, startPayroll, until, who } from './helpers';

const P = payroll_v1_payroll;
let t: TestService;
let payroll: Awaited<ReturnType<typeof startPayroll>>['payroll'];
let events: AnyEvent[];

// Branch cn1 with leader td1 (group of nv1) and nv1; branch cn2 with nv2.
const staff = [
  { username: 'cn1', user_id: 'u-cn1', role_priority: 3 },
  { username: 'td1', user_id: 'u-td1', role_priority: 4, brand_id: 'u-cn1' },
  { username: 'nv1', user_id: 'u-nv1', role_priority: 5, brand_id: 'u-cn1', group_id: 'u-td1' },
  { username: 'nv3', user_id: 'u-nv3', role_priority: 5, brand_id: 'u-cn1' },
  { username: 'cn2', user_id: 'u-cn2', role_priority: 3 },
  { username: 'nv2', user_id: 'u-nv2', role_priority: 5, brand_id: 'u-cn2' },
];

const req = (over: Partial<payroll_v1_payroll.ReportRequest> = {}) => P.ReportRequest.fromPartial({ count: 100, ...over });
const admin = () => who(t, 1, 'admin');

/** Every report's answer for one caller (what a manager sees, and what the replay must rebuild). */
async function allReports(identity = admin()) {
  const o = { identity };
  const [detailed, byStaff, byBranch, r9279, recon, byDay] = await Promise.all([
    payroll.listDetailed(req(), o),
    payroll.listStaffRevenue(req(), o),
    payroll.listBranchRevenue(req(), o),
    payroll.list9279(req(), o),
    payroll.listReconciliation(req(), o),
    payroll.revenueByDay(req(), o),
  ]);
  return { detailed, byStaff, byBranch, r9279, recon, byDay };
}

beforeAll(async () => {
  ({ t, payroll } = await startPayroll());
  await announceStaff(t, staff);
  const orderId = rand();
  events = [
    invite({ staff: 'nv1', staff_fullname: 'NV 1', phone: '0912000001', package: 'mxh100', price: 100000 }),
    order({
      order_id: orderId,
      kind: 'mfy',
      staff_username: 'nv1',
      staff_name: 'NV 1',
      phone: '0912000002',
      package: 'v90',
      revenue: 90000,
      salary_ratio: 90,
      salary_revenue: 81000,
    }),
    order({
      kind: '9279',
      staff_username: 'nv2',
      staff_name: 'NV 2',
      phone: '0912000003',
      package: 'd60',
      tier: 2,
      revenue: 50000,
      salary_ratio: 100,
      salary_revenue: 50000,
      form: 'gia_han',
      company: 'Cty X',
    }),
    // An order that never succeeded is no revenue record.
    order({
      kind: 'mfy',
      staff_username: 'nv3',
      phone: '0912000004',
      package: 'v90',
      revenue: 90000,
      success: false,
      to_status: 'cho_soan_y',
    }),
    // Refund of 30,000 on nv1's invitation (same phone and package).
    refund({ staff_username: 'nv1', phone: '912000001', package_code: 'MXH100', refund_price: 30000 }),
  ];
  await publish(t, ...events);
  await until(
    'the read model',
    () => appliedEvents(t),
    (n) => n === events.length,
  );
});
let stopped = false;
afterAll(async () => {
  if (!stopped) await t?.stop();
});

describe('events from care, orders and refunds in all five reports', () => {
  it('the same packages and revenue in every report, refunds and payroll revenue reconciled', async () => {
    const r = await allReports();
    // 100,000 invitation + 90,000 mfy + 50,000 9279 = 240,000 in 3 packages.
    expect([r.detailed.tongGoi, r.detailed.tongDoanhThu]).toEqual([3, 240000]);
    expect([r.byStaff.tongGoi, r.byStaff.tongDoanhThuTamTinh, r.byStaff.tongDoanhThuThucTe, r.byStaff.tongHoanTien]).toEqual([
      3, 240000, 210000, 30000,
    ]);
    expect([r.byBranch.tongGoi, r.byBranch.tongDoanhThuTamTinh, r.byBranch.tongDoanhThuThucTe, r.byBranch.tongHoanTien]).toEqual([
      3, 240000, 210000, 30000,
    ]);
    expect([r.recon.tongGoi, r.recon.tongGiaTriGoi, r.recon.tongSoTienHoan]).toEqual([3, 240000, 30000]);
    // Payroll revenue: (100,000 − 30,000) at 100 % + 81,000 + 50,000.
    expect(r.recon.tongDoanhThu).toBe(201000);
    expect(r.byDay.values.reduce((s, d) => s + d.doanh_thu, 0)).toBe(240000);
    expect([r.r9279.tongGoi, r.r9279.tongDoanhThu]).toEqual([1, 50000]);

    expect(
      r.byStaff.values.map((v) => [v.username_nv, v.ten_nv, v.don_moi, v.doanh_thu_tam_tinh, v.doanh_thu_thuc_te, v.tong_hoan_tien]),
    ).toEqual([
      ['nv1', 'Tên nv1', 2, 190000, 160000, 30000],
      ['nv2', 'Tên nv2', 1, 50000, 50000, 0],
    ]);
    // Branch cn1 has three sales staff (td1, nv1, nv3): 190,000 / 3; cn2 one.
    expect(
      r.byBranch.values.map((v) => [v.username_nv, v.don_moi, v.doanh_thu_tam_tinh, v.tong_nv_chi_nhanh, v.doanh_thu_trung_binh]),
    ).toEqual([
      ['cn1', 2, 190000, 3, 63333],
      ['cn2', 1, 50000, 1, 50000],
    ]);
    const refunded = r.recon.values.find((v) => v.goi_cuoc === 'MXH100')!;
    expect(refunded).toMatchObject({
      status: 'SUCCESS',
      co_yeu_cau_hoan: true,
      staff_username: 'nv1',
      request_type: 1,
      refund_price: 30000,
      ti_le_doanh_thu: 100,
      doanh_thu_tinh_luong: 70000,
    });
    expect(r.recon.values.find((v) => v.goi_cuoc === 'V90')).toMatchObject({
      co_yeu_cau_hoan: false,
      ti_le_doanh_thu: 90,
      doanh_thu_tinh_luong: 81000,
    });
    expect(r.r9279.values[0]).toMatchObject({
      cty: 'Cty X',
      goi_cuoc: 'D60',
      hinh_thuc: 'gia_han',
      gia_ban_goi: 2,
      doanh_thu: 50000,
      so_dien_thoai_cs: '0912000003',
    });
  });

  it('a redelivered event and an older change of an order change nothing', async () => {
    const before = await allReports();
    await publish(t, ...events);
    const mfy = events[1] as ReturnType<typeof order>;
    // A stale "revoked" change dated before the success: ignored (the order's latest change wins).
    const stale = order({
      ...mfy,
      event_id: rand(),
      success: false,
      to_status: 'thu_hoi',
      clawback: 999,
      at: new Date(Date.now() - 3600_000).toISOString(),
    });
    await publish(t, stale);
    await until(
      'redelivery seen',
      () => appliedEvents(t),
      (n) => n === events.length + 1,
    );
    expect(await allReports()).toEqual(before);
  });

  it('a later failure keeps the record as Thất bại in the reconciliation and takes it out of the revenue reports', async () => {
    const tag = rand();
    const sale = order({ staff_username: 'nv3', phone: '0912000099', package: `x${tag}`, revenue: 10000, salary_revenue: 10000 });
    await publish(t, sale);
    const mine = () => payroll.listReconciliation(req({ username: 'nv3' }), { identity: admin() });
    await until('sale', mine, (l) => l.count === 1);
    await publish(
      t,
      order({
        ...sale,
        event_id: rand(),
        success: false,
        to_status: 'thu_hoi',
        clawback: 10000,
        at: new Date(Date.now() + 1000).toISOString(),
      }),
    );
    const after = await until('revoked', mine, (l) => l.values[0]?.status === 'FAILED');
    expect(after).toMatchObject({ count: 1, tongGoi: 0, tongGiaTriGoi: 0, tongDoanhThu: 0 });
    expect((await payroll.listDetailed(req({ username: 'nv3' }), { identity: admin() })).count).toBe(0);
  });
});

describe('who sees what', () => {
  it('a leader sees their group, a branch its branch, a salesperson themself', async () => {
    const total = async (identity: ReturnType<typeof who>) => (await payroll.listDetailed(req(), { identity })).tongDoanhThu;
    expect(await total(who(t, 4, 'td1'))).toBe(190000);
    expect(await total(who(t, 3, 'cn2'))).toBe(50000);
    expect(await total(who(t, 5, 'nv2'))).toBe(50000);
    expect(await total(who(t, 5, 'nv3'))).toBe(0);
    // Asking for someone outside the subtree finds nothing.
    expect((await payroll.listStaffRevenue(req({ username: 'nv1' }), { identity: who(t, 3, 'cn2') })).values).toEqual([]);
    const picks = await payroll.listStaff({}, { identity: who(t, 3, 'cn1') });
    // The hierarchy: the branch, its leader with their salesperson, then the branch's salesperson without a leader.
    expect(picks.values.map((p) => p.label)).toEqual(['cn1 - Tên cn1', '--td1 - Tên td1', '----nv1 - Tên nv1', '----nv3 - Tên nv3']);
    expect(picks.values.map((p) => p.level)).toEqual([0, 1, 2, 2]);
  });

  it('the staff picker nests every branch for a senior, and a salesperson gets themself (no refusal)', async () => {
    const mine = (await payroll.listStaff({}, { identity: admin() })).values.map((p) => p.label).filter((l) => /cn|td|nv/.test(l));
    expect(mine).toEqual([
      'cn1 - Tên cn1',
      '--td1 - Tên td1',
      '----nv1 - Tên nv1',
      '----nv3 - Tên nv3',
      'cn2 - Tên cn2',
      '----nv2 - Tên nv2',
    ]);
    // Only the payroll screen's code (what a salesperson holds) opens the picker's list.
    const seller = t.as(5, ['tinhluong'], { username: 'nv2', userId: 'u-nv2' });
    expect((await payroll.listStaff({}, { identity: seller })).values.map((p) => p.username)).toEqual(['nv2']);
  });

  it('phones masked from priority 3, partner company absent, export refused for priority 5', async () => {
    const d = await payroll.listDetailed(req(), { identity: who(t, 3, 'cn2') });
    expect(d.values[0].so_dien_thoai_cs).toBe('****00003');
    const r = await payroll.list9279(req(), { identity: who(t, 3, 'cn2') });
    expect(r.values[0].cty).toBeUndefined();
    for (const call of [
      payroll.exportDetailed,
      payroll.exportStaffRevenue,
      payroll.exportBranchRevenue,
      payroll.export9279,
      payroll.exportReconciliation,
    ])
      expect(await failure(call(req(), { identity: who(t, 5, 'nv2') }))).toMatchObject({ code: 'FORBIDDEN', msg: MSG.exportForbidden });
    expect(await failure(payroll.listDetailed(req({ count: 9999999999 }), { identity: who(t, 5, 'nv2') }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await payroll.exportDetailed(req({ count: 1 }), { identity: who(t, 4, 'td1') })).values).toHaveLength(2);
  });

  it('bad filters are a 400 with a Vietnamese message', async () => {
    expect(await failure(payroll.listDetailed(req({ startDate: 'hôm qua' }), { identity: admin() }))).toMatchObject({ code: 'VALIDATION' });
    expect(
      await failure(payroll.listDetailed(req({ startDate: '10/11/2026', endDate: '01/11/2026' }), { identity: admin() })),
    ).toMatchObject({ msg: 'Ngày kết thúc phải sau ngày bắt đầu' });
  });
});

describe('pages', () => {
  it('one record a page: every record once, newest first, the same rows as one long page', async () => {
    const all = await payroll.listDetailed(req(), { identity: admin() });
    expect(all.values.length).toBeGreaterThan(2);
    const paged = [];
    for (let page = 1; page <= all.values.length; page++)
      paged.push(...(await payroll.listDetailed(req({ page, count: 1 }), { identity: admin() })).values);
    expect(paged.map((v) => v.id)).toEqual(all.values.map((v) => v.id));
    const times = all.values.map((v) => v.ngay_thanh_cong.replace(/^(\d\d)\/(\d\d)\/(\d{4}) (.*)$/, '$3-$2-$1 $4'));
    expect([...times].sort().reverse()).toEqual(times);
    expect((await payroll.listDetailed(req({ page: all.values.length + 1, count: 1 }), { identity: admin() })).values).toEqual([]);
    // The export route streamed by the gateway: window after window of the same rows.
    const windows = [];
    for (let page = 1; page <= all.values.length; page++)
      windows.push(...(await payroll.exportDetailed(req({ page, count: exportWindowCount(1) }), { identity: admin() })).values);
    expect(windows.map((v) => v.id)).toEqual(all.values.map((v) => v.id));
  });
});

describe('reassignment and imports', () => {
  it('a senior moves a record to another staff member, audited; others may not', async () => {
    const rec = (await payroll.listDetailed(req({ username: 'nv2' }), { identity: admin() })).values[0];
    expect(
      await failure(payroll.updateRevenueUser({ username: 'nv1', track0: rec.track0, track1: rec.track1 }, { identity: who(t, 3, 'cn2') })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await failure(payroll.updateRevenueUser({ username: 'ghost', track0: rec.track0, track1: rec.track1 }, { identity: admin() })),
    ).toMatchObject({ msg: MSG.staffUnknown });
    expect(await failure(payroll.updateRevenueUser({ username: 'nv1', track0: 'x', track1: 'y' }, { identity: admin() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const totals = async (username: string) => {
      const d = await payroll.listDetailed(req({ username }), { identity: admin() });
      return { count: d.count, tongGoi: d.tongGoi, tongDoanhThu: d.tongDoanhThu };
    };
    const [nv2, nv3] = [await totals('nv2'), await totals('nv3')];
    const moved = await payroll.updateRevenueUser({ username: 'nv3', track0: rec.track0, track1: rec.track1 }, { identity: admin() });
    expect(moved).toMatchObject({ username_nv: 'nv3', username_he_thong: 'nv2', ten_nv: 'Tên nv3' });
    // The staff filter's count and revenue follow the reassignment (the per-day counters name the record's own staff member).
    expect(await totals('nv3')).toEqual({ count: nv3.count + 1, tongGoi: nv3.tongGoi + 1, tongDoanhThu: nv3.tongDoanhThu + rec.doanh_thu });
    expect(await totals('nv2')).toEqual({ count: nv2.count - 1, tongGoi: nv2.tongGoi - 1, tongDoanhThu: nv2.tongDoanhThu - rec.doanh_thu });
    // And so do the rows: the record is listed under its new staff member only.
    const ids = async (username: string) => (await payroll.listDetailed(req({ username }), { identity: admin() })).values.map((v) => v.id);
    expect(await ids('nv3')).toContain(moved.id);
    expect(await ids('nv2')).not.toContain(moved.id);
    const history = await payroll.revenueHistory(common.HistoryRequest.fromPartial({ id: moved.id }), { identity: admin() });
    expect(history.values.map((h) => [h.field, h.from_value, h.to_value, h.username])).toEqual([['username_nv', 'nv2', 'nv3', 'admin']]);
    // Moved back for the other tests.
    await payroll.updateRevenueUser({ username: 'nv2', track0: rec.track0, track1: rec.track1 }, { identity: admin() });
  });

  it('historical rows import once, with row-numbered refusals', async () => {
    const row = {
      kenh: 'excel',
      username_nv: 'nv3',
      so_dien_thoai_cs: '0912777777',
      goi_cuoc: 'old',
      doanh_thu: '20.000',
      ngay_thanh_cong: '01/01/2025 10:00:00',
      ti_le_doanh_thu: '',
    };
    const first = await payroll.importRevenue(
      P.ImportRevenueRequest.fromPartial({ rows: [row, { ...row, doanh_thu: 'abc' }], file_name: 'cu.xlsx', first_row: 2 }),
      { identity: admin() },
    );
    expect(first.saved).toBe(1);
    expect(first.errorRows.map((e) => [e.row, e.error_type])).toEqual([[3, MSG.revenueInvalid]]);
    const again = await payroll.importRevenue(P.ImportRevenueRequest.fromPartial({ rows: [row], file_name: 'cu.xlsx', first_row: 2 }), {
      identity: admin(),
    });
    expect(again.saved).toBe(1);
    const old = await payroll.listDetailed(req({ startDate: '01/01/2025', endDate: '01/01/2025' }), { identity: admin() });
    expect([old.tongGoi, old.tongDoanhThu]).toEqual([1, 20000]);
    expect(
      await failure(payroll.importRevenue(P.ImportRevenueRequest.fromPartial({ rows: [row] }), { identity: who(t, 3, 'cn1') })),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('replay', () => {
  it('replaying the topics from the beginning into an empty database rebuilds the same reports', async () => {
    const before = await allReports();
    const n = await appliedEvents(t);
    // The first instance leaves (its staff consumer group is the rebuilt one's too).
    const prefix = t.topicPrefix;
    stopped = true;
    await t.stop();
    // A new database and a new consumer group on the same topics: the rebuild an operator would run.
    const rebuilt = await startPayroll({ KAFKA_TOPIC_PREFIX: prefix, REVENUE_CONSUMER_GROUP: `rebuild-${rand()}` });
    try {
      await announceStaff(rebuilt.t, staff);
      await until(
        'replay',
        () => appliedEvents(rebuilt.t),
        (m) => m === n,
      );
      const o = { identity: admin() };
      const [detailed, byStaff, byBranch, r9279, recon, byDay] = await Promise.all([
        rebuilt.payroll.listDetailed(req(), o),
        rebuilt.payroll.listStaffRevenue(req(), o),
        rebuilt.payroll.listBranchRevenue(req(), o),
        rebuilt.payroll.list9279(req(), o),
        rebuilt.payroll.listReconciliation(req(), o),
        rebuilt.payroll.revenueByDay(req(), o),
      ]);
      expect({ detailed, byStaff, byBranch, r9279, recon, byDay }).toEqual(before);
    } finally {
      await rebuilt.t.stop();
    }
  });
});
