/**
 * Mfy orders end to end on real PostgreSQL and Kafka: the create rules per priority, the list's
 * filters, subtree and masking (spec 3 §6 on the answers themselves), the export ban, status,
 * collection and information-approval changes with who/when and the audit trail, the money
 * fields, the clawback, the company/note modal, the status-changed event through the outbox,
 * and 'Tra ĐTCT' against the carrier simulator.
 */
import { ALL_ROWS_COUNT, vnDisplayDay } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { announceStaff, failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_orders, orders_v1_orders } from '@cskh/proto';
import { startCarrierSim } from '../../carrier-sim/src/server';
import { STATUS_CHANGED_TOPIC } from '../src/domain/events';
import { MSG } from '../src/domain/messages';
import { caller, listPackage, newPhone, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let mfy: Awaited<ReturnType<typeof startOrders>>['mfy'];
let sim: Awaited<ReturnType<typeof startCarrierSim>>;
let sub: Subscription;
const events: events_v1_orders.OrderStatusChanged[] = [];
const PKG = `MXH${rand()}`;
const nv1 = `nv1_${rand()}`;
const nv2 = `nv2_${rand()}`;
const lead = `lead_${rand()}`;

beforeAll(async () => {
  sim = await startCarrierSim({ port: 0, username: 'cskh', password: 'cskh-carrier' });
  ({ t, mfy } = await startOrders(undefined, undefined, {
    CARRIER_URL: sim.url,
    CARRIER_USERNAME: 'cskh',
    CARRIER_PASSWORD: 'cskh-carrier',
  }));
  await listPackage(t, 'mfy', PKG);
  await announceStaff(t, [
    { username: lead, user_id: `id-${lead}`, role_priority: 4 },
    { username: nv1, role_priority: 5, group_id: `id-${lead}` },
    { username: nv2, role_priority: 5, group_id: 'someone-else' },
  ]);
  sub = await t.bus.subscribe({
    groupId: `orders-test-${rand()}`,
    topics: [STATUS_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_orders.OrderStatusChanged.decode(m.value)),
  });
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
  await sim?.stop();
});

const manager = () => caller(t, 2, 'quanly');
const sales = (username = nv1) => caller(t, 5, username);
const draft = (over: Partial<orders_v1_orders.SaveOrderRequest> = {}) =>
  O.SaveOrderRequest.fromPartial({ so_dien_thoai: newPhone(), ma_goi: PKG, gia_ban_goi: '2', ...over });
const list = (over: Partial<orders_v1_orders.ListOrdersRequest>, who = manager()) =>
  mfy.listOrders(O.ListOrdersRequest.fromPartial({ page: 1, count: 50, ...over }), { identity: who });
const status = (id: string, trang_thai: string, who = manager()) =>
  mfy.setStatus(O.SetStatusRequest.fromPartial({ id, trang_thai }), { identity: who });

const eventFor = (id: string, to: string) =>
  until(`the status-changed event ${to} for ${id}`, () => events.find((x) => x.order_id === id && x.to_status === to));

describe('creating an mfy order', () => {
  it('a salesperson creates for themself: revenue from the price list tier, waiting for a Y with a 10-minute deadline', async () => {
    const phone = newPhone();
    const o = await mfy.createOrder(draft({ so_dien_thoai: phone, username_nv: 'someone', so_dien_thoai_chu: '0987654321' }), {
      identity: sales(),
    });
    expect(o).toMatchObject({
      username_nv: nv1,
      trang_thai: 'dang_cho_duyet',
      trang_thai_yeu_cau: 'cho_soan_y',
      doanh_thu: 90000,
      ti_le_doanh_thu: 90,
      ti_le_doanh_thu_tinh_luong: -1,
      doanh_thu_tinh_luong: 81000,
      gia_ban: 90000,
    });
    expect(o.so_dien_thoai).toBe(`****${phone.slice(-5)}`);
    expect(o.so_dien_thoai_chu).toBeUndefined();
    expect(Date.parse(o.han_huy) - Date.parse(o.created_at)).toBe(10 * 60_000);
    const [stored] = await t.sql(`SELECT so_dien_thoai_chu, so_dien_thoai FROM orders.sale_order WHERE id = $1`, [o.id]);
    expect(stored).toEqual({ so_dien_thoai_chu: '', so_dien_thoai: phone });
  });

  it('requires phone, package and tier, the employee below priority 5, and a listed package', async () => {
    expect(await failure(mfy.createOrder(draft({ ma_goi: '' }), { identity: sales() }))).toMatchObject({ status: 400, msg: MSG.required });
    expect(await failure(mfy.createOrder(draft({ gia_ban_goi: '' }), { identity: sales() }))).toMatchObject({
      status: 400,
      msg: MSG.required,
    });
    expect(await failure(mfy.createOrder(draft(), { identity: caller(t, 4, lead) }))).toMatchObject({ status: 400, msg: MSG.required });
    expect(await failure(mfy.createOrder(draft({ username_nv: nv2 }), { identity: caller(t, 4, lead) }))).toMatchObject({
      status: 403,
      msg: MSG.staffOutOfScope(nv2),
    });
    expect(await failure(mfy.createOrder(draft({ ma_goi: 'KHONGCO' }), { identity: sales() }))).toMatchObject({
      status: 400,
      msg: MSG.packageNotListed('KHONGCO'),
    });
    expect(await failure(mfy.createOrder(draft({ so_dien_thoai: '123' }), { identity: sales() }))).toMatchObject({
      status: 400,
      msg: MSG.phoneInvalid,
    });
    const o = await mfy.createOrder(draft({ username_nv: nv1, so_dien_thoai_chu: '0987654321' }), { identity: caller(t, 4, lead) });
    expect(o.username_nv).toBe(nv1);
    const m = await mfy.createOrder(draft({ username_nv: nv2, so_dien_thoai_chu: '0987654321' }), { identity: manager() });
    expect(m.so_dien_thoai_chu).toBe('0987654321');
  });
});

describe('the list per role (spec 3 §6)', () => {
  it('managers see the 9 digits, owner phone, company and who changed; staff the masked phone, their subtree, none of those', async () => {
    const phone = newPhone();
    const o = await mfy.createOrder(draft({ so_dien_thoai: phone, username_nv: nv1, so_dien_thoai_chu: '0987654321' }), {
      identity: manager(),
    });
    await t.sql(`INSERT INTO orders.partner_company (kind, name) VALUES ('mfy', 'Đối tác A') ON CONFLICT DO NOTHING`);
    await mfy.updateCompanyNote(O.CompanyNoteRequest.fromPartial({ id: o.id, cty: 'đối tác a', note: 'ghi chú' }), { identity: manager() });
    await status(o.id, 'duyet');

    const asManager = (await list({ phone })).values;
    expect(asManager).toHaveLength(1);
    expect(asManager[0]).toMatchObject({
      so_dien_thoai: phone.slice(-9),
      so_dien_thoai_chu: '0987654321',
      cty: 'Đối tác A',
      note: 'ghi chú',
      username_thay_doi_trang_thai: 'quanly',
      can_set_status: true,
    });

    for (const who of [sales(nv1), caller(t, 4, lead), caller(t, 3, `br_${rand()}`)]) {
      const v = (await list({ phone }, who)).values;
      if (who.priority === 3) {
        // A branch head whose subtree does not hold nv1 sees nothing.
        expect(v).toHaveLength(0);
        continue;
      }
      expect(v).toHaveLength(1);
      expect(v[0].so_dien_thoai).toBe(`****${phone.slice(-5)}`);
      expect(v[0].so_dien_thoai_chu).toBeUndefined();
      expect(v[0].cty).toBeUndefined();
      expect(v[0].note).toBeUndefined();
      expect(v[0].username_thay_doi_trang_thai).toBe('');
      expect(v[0]).toMatchObject({ can_set_status: false, can_edit: false, can_set_collection: who.priority < 5 });
    }
    expect((await list({ phone }, sales(nv2))).values).toHaveLength(0);
    expect(await failure(mfy.getOrder({ id: o.id }, { identity: sales(nv2) }))).toMatchObject({ status: 404 });
  });

  it('filters by status, request status, collection status and the day; priority 5 may not export', async () => {
    const phone = newPhone();
    const o = await mfy.createOrder(draft({ so_dien_thoai: phone }), { identity: sales() });
    const today = vnDisplayDay(Date.now());
    expect(
      (
        await list({
          phone,
          trang_thai: 'dang_cho_duyet',
          trang_thai_yeu_cau: 'cho_soan_y',
          trang_thai_thu_tien: 'chua_thu_tien',
          startDate: today,
          endDate: today,
        })
      ).values.map((v) => v.id),
    ).toEqual([o.id]);
    expect((await list({ phone, trang_thai: 'duyet' })).values).toHaveLength(0);
    expect((await list({ phone, startDate: '01/01/2020', endDate: '02/01/2020' })).values).toHaveLength(0);
    expect(await failure(list({ page: 0, count: ALL_ROWS_COUNT }, sales()))).toMatchObject({ status: 403, msg: MSG.exportForbidden });
    const all = await list({ page: 0, count: ALL_ROWS_COUNT }, caller(t, 4, lead));
    expect(all.values.length).toBe(all.count);
  });
});

describe("the list's count per scope at volume", () => {
  it('a leader, a salesperson and a manager get exact counts from the whole-table counters; a period falls back to the per-day ones', async () => {
    // Orders of both kinds across a month, statuses and people inside and outside the leader's group.
    await t.sql(
      `INSERT INTO orders.sale_order (kind, so_dien_thoai, ma_goi, gia_ban_goi, username_nv, trang_thai_yeu_cau, trang_thai, created_at)
       SELECT CASE WHEN g % 4 = 0 THEN '9279' ELSE 'mfy' END, '0913' || lpad(g::text, 6, '0'), $1, 1, (ARRAY[$2, $3, $4, 'nguoi_ngoai'])[1 + g % 4],
              'cho_soan_y', (ARRAY['dang_cho_duyet', 'duyet', 'huy'])[1 + g % 3], now() - (g % 30) * interval '1 day'
         FROM generate_series(1, 120) g`,
      [PKG, nv1, nv2, lead],
    );
    await t.sql(
      `UPDATE orders.sale_order SET trang_thai = 'duyet' WHERE id IN (SELECT id FROM orders.sale_order WHERE username_nv = $1 AND trang_thai = 'huy' LIMIT 4)`,
      [nv1],
    );
    await t.sql(
      `DELETE FROM orders.sale_order WHERE id IN (SELECT id FROM orders.sale_order WHERE username_nv = $1 AND kind = 'mfy' LIMIT 3)`,
      [lead],
    );
    expect(
      await t.sql(`SELECT username_nv, kind, trang_thai, n::int FROM orders.sale_order_all_staff WHERE n <> 0 ORDER BY 1, 2, 3`),
    ).toEqual(
      await t.sql(`SELECT username_nv, kind, trang_thai, count(*)::int AS n FROM orders.sale_order GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    );
    const group = `(username_nv = '${lead}' OR username_nv IN (SELECT username FROM orders.staff WHERE group_id = 'id-${lead}'))`;
    const cases: Array<[string, ReturnType<typeof caller>, string]> = [
      ['leader', caller(t, 4, lead), group],
      ['salesperson', sales(nv2), `username_nv = '${nv2}'`],
      ['manager', manager(), 'true'],
    ];
    for (const [name, who, scope] of cases) {
      for (const trang_thai of ['', 'duyet']) {
        const [want] = await t.sql(
          `SELECT count(*)::int AS n FROM orders.sale_order WHERE kind = 'mfy' AND ${scope}${trang_thai ? ` AND trang_thai = '${trang_thai}'` : ''}`,
        );
        const page = await list({ trang_thai, count: 20 }, who);
        expect([name, trang_thai, page.count]).toEqual([name, trang_thai, want.n]);
        expect(page.values.length).toBe(Math.min(20, want.n));
      }
    }
    const asLeader = await list({ count: 500 }, caller(t, 4, lead));
    expect(asLeader.values.length).toBe(asLeader.count);
    expect(asLeader.values.every((v) => v.username_nv === lead || v.username_nv === nv1)).toBe(true);
    // A period: the per-day counters, the same rows.
    const from = vnDisplayDay(Date.now() - 9 * 86_400_000);
    const to = vnDisplayDay(Date.now());
    const week = await list({ count: 500, startDate: from, endDate: to }, caller(t, 4, lead));
    expect(week.count).toBe(week.values.length);
    expect(week.count).toBeGreaterThan(0);
    expect(week.count).toBeLessThan(asLeader.count);
  });
});

describe('changes, their stamps, the trail and the event', () => {
  it('a status change needs priority below 3, stamps who and when, moves the request status and emits the event', async () => {
    const o = await mfy.createOrder(draft({ username_nv: nv1 }), { identity: manager() });
    expect(await failure(status(o.id, 'duyet', caller(t, 3)))).toMatchObject({ status: 403, msg: MSG.managersOnly });
    expect(await failure(status(o.id, 'bay_gio'))).toMatchObject({ status: 400, msg: MSG.statusInvalid });
    const after = await status(o.id, 'duyet_lan_2');
    expect(after).toMatchObject({
      trang_thai: 'duyet_lan_2',
      trang_thai_yeu_cau: 'cho_soan_y_lan_2',
      username_thay_doi_trang_thai: 'quanly',
    });
    expect(after.han_huy).not.toBe('');
    const success = await status(o.id, 'dang_ky_thanh_cong');
    expect(success).toMatchObject({ trang_thai_yeu_cau: 'thanh_cong', han_huy: '' });
    const e = await eventFor(o.id, 'dang_ky_thanh_cong');
    expect(e).toMatchObject({
      kind: 'mfy',
      from_status: 'duyet_lan_2',
      by: 'quanly',
      staff_username: nv1,
      revenue: 90000,
      revenue_ratio: 90,
      salary_ratio: 90,
      salary_revenue: 81000,
      success: true,
      package: PKG,
      tier: 2,
    });
    const trail = await mfy.orderHistory({ id: o.id, page: 1, count: 50 }, { identity: manager() });
    expect(trail.values.filter((x) => x.field === 'trang_thai').map((x) => [x.from_value, x.to_value, x.username])).toEqual([
      ['duyet_lan_2', 'dang_ky_thanh_cong', 'quanly'],
      ['dang_cho_duyet', 'duyet_lan_2', 'quanly'],
      ['', 'dang_cho_duyet', 'quanly'],
    ]);
  });

  it('collection status: below priority 5 only, three values settable, never da_thu_tien_mat', async () => {
    const o = await mfy.createOrder(draft(), { identity: sales() });
    const set = (v: string, who = caller(t, 4, lead)) =>
      mfy.setCollectionStatus(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai_thu_tien: v }), { identity: who });
    expect(await failure(set('da_chuyen_khoan', sales()))).toMatchObject({ status: 403, msg: MSG.collectionForbidden });
    expect(await failure(set('da_thu_tien_mat'))).toMatchObject({ status: 400, msg: MSG.collectionCash });
    expect(await failure(set('xyz'))).toMatchObject({ status: 400, msg: MSG.collectionInvalid });
    const r = await set('da_chuyen_khoan');
    expect(r.trang_thai_thu_tien).toBe('da_chuyen_khoan');
    const [row] = await t.sql(
      `SELECT username_thay_doi_trang_thai_thu_tien AS u, thoi_diem_thay_doi_trang_thai_thu_tien AS at FROM orders.sale_order WHERE id = $1`,
      [o.id],
    );
    expect(row.u).toBe(lead);
    expect(row.at).toBeInstanceOf(Date);
  });

  it('money edits recompute the salary revenue; a revoke after success claws it back with the recovery fee; Xóa truy thu clears it', async () => {
    const o = await mfy.createOrder(draft({ username_nv: nv1, gia_ban_goi: '1' }), { identity: manager() });
    const id = o.id;
    expect(
      await failure(mfy.updateRevenue(O.AmountRequest.fromPartial({ id, doanh_thu: '120000' }), { identity: caller(t, 4, lead) })),
    ).toMatchObject({ status: 403 });
    await mfy.updateRevenue(O.AmountRequest.fromPartial({ id, doanh_thu: '120.000' }), { identity: manager() });
    await mfy.updateDifference(O.AmountRequest.fromPartial({ id, chenh_lech: '-20000' }), { identity: manager() });
    const r = await mfy.updateSalaryRatio(O.RatioRequest.fromPartial({ id, ti_le_doanh_thu_tinh_luong: '50' }), {
      identity: manager(),
    });
    expect(r).toMatchObject({
      doanh_thu: 120000,
      chenh_lech: -20000,
      ti_le_doanh_thu: 120,
      ti_le_doanh_thu_tinh_luong: 50,
      doanh_thu_tinh_luong: 50000,
    });
    const t3 = await mfy.updateSaleTier(O.SaleTierRequest.fromPartial({ id, gia_ban_goi: 'T3' }), { identity: manager() });
    expect(t3).toMatchObject({ gia_ban_goi: 3, doanh_thu: 80000, doanh_thu_tinh_luong: 30000 });

    expect(await failure(mfy.clearClawback({ id }, { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.noClawback });
    await status(id, 'dang_ky_thanh_cong');
    const revoked = await status(id, 'thu_hoi');
    expect(revoked.truy_thu).toBe(30000 + 15000);
    expect((await eventFor(id, 'thu_hoi')).clawback).toBe(45000);
    const cleared = await mfy.clearClawback({ id }, { identity: manager() });
    expect(cleared.truy_thu).toBe(0);
    const trail = await mfy.orderHistory({ id, page: 1, count: 50 }, { identity: manager() });
    expect(trail.values.find((x) => x.field === 'truy_thu' && x.to_value === '0')).toMatchObject({
      from_value: '45000',
      username: 'quanly',
    });
  });

  it('company/note modal and the other inline edits', async () => {
    const o = await mfy.createOrder(draft(), { identity: sales() });
    const cn = (over: Partial<orders_v1_orders.CompanyNoteRequest>) =>
      mfy.updateCompanyNote(O.CompanyNoteRequest.fromPartial(over), { identity: manager() });
    expect(await failure(cn({ cty: 'A' }))).toMatchObject({ status: 400, msg: MSG.missingId });
    expect(await failure(cn({ id: o.id }))).toMatchObject({ status: 400, msg: MSG.nothingToUpdate });
    expect((await cn({ id: o.id, note: 'gọi lại' })).note).toBe('gọi lại');
    expect(
      await failure(mfy.updateCompanyNote(O.CompanyNoteRequest.fromPartial({ id: o.id, note: 'x' }), { identity: caller(t, 3) })),
    ).toMatchObject({ status: 403 });
    const owner = await mfy.updateOwnerPhone(O.OwnerPhoneRequest.fromPartial({ id: o.id, so_dien_thoai_chu: '0911111111' }), {
      identity: manager(),
    });
    expect(owner.so_dien_thoai_chu).toBe('0911111111');
    const other = `GOI${rand()}`;
    await listPackage(t, 'mfy', other, { phi_thu_hoi: 0, gia_t1: 50000, gia_t2: 40000, gia_t3: 30000 });
    expect(
      await mfy.updatePackageCode(O.PackageCodeRequest.fromPartial({ id: o.id, package_code: other }), { identity: manager() }),
    ).toMatchObject({ ma_goi: other, doanh_thu: 40000 });
    const info = await mfy.setInfoApproval(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai_duyet_thong_tin: 'da_duyet' }), {
      identity: manager(),
    });
    expect(info).toMatchObject({ trang_thai_duyet_thong_tin: 'da_duyet', username_duyet_trang_thai_duyet_thong_tin: 'quanly' });
  });

  it('a salesperson edits their own order only while it waits for approval', async () => {
    const o = await mfy.createOrder(draft(), { identity: sales() });
    const edited = await mfy.updateOrder(O.SaveOrderRequest.fromPartial({ id: o.id, gia_ban_goi: '1' }), { identity: sales() });
    expect(edited).toMatchObject({ gia_ban_goi: 1, doanh_thu: 100000 });
    expect(
      await failure(mfy.updateOrder(O.SaveOrderRequest.fromPartial({ id: o.id, gia_ban_goi: '3' }), { identity: sales(nv2) })),
    ).toMatchObject({ status: 404 });
    await status(o.id, 'duyet');
    expect(
      await failure(mfy.updateOrder(O.SaveOrderRequest.fromPartial({ id: o.id, gia_ban_goi: '3' }), { identity: sales() })),
    ).toMatchObject({ status: 403, msg: MSG.editForbidden });
  });
});

describe('Tra ĐTCT', () => {
  it("asks the carrier's eligibility lookup", async () => {
    const r = await mfy.lookUpEligibility({ phone: '0912345678' }, { identity: sales() });
    expect(r.result).toBe('success');
    // The carrier's answer names the number: masked for a salesperson like every reply (the kit's reply step).
    expect(r.mes).toMatch(/^Thuê bao \*{4}45678 (thuộc đối tượng chương trình: .+|không thuộc đối tượng chương trình nào)$/);
    expect(await failure(mfy.lookUpEligibility({ phone: ' ' }, { identity: sales() }))).toMatchObject({
      status: 400,
      msg: MSG.lookupPhoneRequired,
    });
  });
});
