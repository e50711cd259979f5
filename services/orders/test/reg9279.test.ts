/**
 * 9279 registration orders on real PostgreSQL: the form is required, the 9279 statuses, the
 * managers' filters (ignored for others), form and order-date edits, no auto-cancel, and the
 * Excel upload checked again row by row (kinds in any case, T1–T3, day-month-year dates, unknown
 * staff refused by sheet row, a re-sent chunk creating nothing twice).
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, listPackage, newPhone, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let reg: Awaited<ReturnType<typeof startOrders>>['reg9279'];
const PKG = `G9279${rand()}`;
const nv = `nv9279_${rand()}`;

beforeAll(async () => {
  ({ t, reg9279: reg } = await startOrders());
  await listPackage(t, '9279', PKG);
  await announceStaff(t, [{ username: nv, role_priority: 5 }]);
});
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly9279');
const list = (over: Partial<orders_v1_orders.ListOrdersRequest>, who = manager()) =>
  reg.listOrders(O.ListOrdersRequest.fromPartial({ page: 1, count: 50, ...over }), { identity: who });

describe('9279 orders', () => {
  it('needs the form; uses the 9279 statuses; has no countdown; form and order date are the managers’ edits', async () => {
    const base = { so_dien_thoai: newPhone(), ma_goi: PKG, gia_ban_goi: '3' };
    expect(await failure(reg.createOrder(O.SaveOrderRequest.fromPartial(base), { identity: caller(t, 5, nv) }))).toMatchObject({
      status: 400,
      msg: MSG.required,
    });
    const o = await reg.createOrder(O.SaveOrderRequest.fromPartial({ ...base, hinh_thuc: 'gia_han' }), { identity: caller(t, 5, nv) });
    expect(o).toMatchObject({
      hinh_thuc: 'gia_han',
      trang_thai: 'dang_cho_duyet',
      trang_thai_yeu_cau: 'dang_cho_xu_ly',
      han_huy: '',
      doanh_thu: 80000,
    });
    expect(
      await failure(reg.setStatus(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai: 'duyet' }), { identity: manager() })),
    ).toMatchObject({ status: 400, msg: MSG.statusInvalid });
    const y2 = await reg.setStatus(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai: 'y2' }), { identity: manager() });
    expect(y2).toMatchObject({ trang_thai: 'y2', trang_thai_yeu_cau: 'soan_y2', han_huy: '' });
    expect(
      (await reg.setOrderType(O.SetStatusRequest.fromPartial({ id: o.id, hinh_thuc: 'dang_ky' }), { identity: manager() })).hinh_thuc,
    ).toBe('dang_ky');
    expect(
      await failure(reg.setOrderType(O.SetStatusRequest.fromPartial({ id: o.id, hinh_thuc: 'dang_ky' }), { identity: caller(t, 3) })),
    ).toMatchObject({ status: 403 });
    const dated = await reg.setCreatedTime(O.CreatedTimeRequest.fromPartial({ id: o.id, created_time: '05-03-2026' }), {
      identity: manager(),
    });
    expect(dated.created_time).toBe('2026-03-05T00:00:00+07:00');
    expect(
      await failure(
        reg.setCreatedTime(O.CreatedTimeRequest.fromPartial({ id: o.id, created_time: '31/02/2026' }), { identity: manager() }),
      ),
    ).toMatchObject({ status: 400, msg: MSG.createdTimeInvalid });
  });

  it('the upload: kinds in any case, T1–T3, day-month-year dates, refusals by sheet row, and a re-send stores nothing twice', async () => {
    const tag = `CTY${rand()}`;
    await reg.addCompany({ name: tag }, { identity: manager() });
    const p1 = newPhone();
    const p2 = newPhone();
    const row = (over: Partial<orders_v1_orders.OrderImportRow>) =>
      O.OrderImportRow.fromPartial({
        cty: tag,
        so_dien_thoai: newPhone(),
        ma_goi: PKG,
        username_nv: nv,
        hinh_thuc: 'ĐĂNG KÝ',
        doanh_thu: '',
        gia_ban_goi: 'T1',
        created_time: '05-03-2026',
        note: '',
        ...over,
      });
    const rows = [
      row({ so_dien_thoai: p1, hinh_thuc: 'đăng ký', doanh_thu: '150.000' }),
      row({ so_dien_thoai: p2, hinh_thuc: 'GIA HẠN', gia_ban_goi: 'T2', created_time: '2026-03-06' }),
      row({ username_nv: 'khong_co_ai' }),
      row({ hinh_thuc: 'KHÁC' }),
      row({ gia_ban_goi: 'T9' }),
      row({ so_dien_thoai: '' }),
    ];
    const file = `${tag}.xlsx`;
    const first = await reg.importOrders({ rows, file_name: file, first_row: 2 }, { identity: manager() });
    expect(first.saved).toBe(2);
    expect(first.errorRows.map((e) => [e.row, e.error_type])).toEqual([
      [4, MSG.staffUnknown('khong_co_ai')],
      [5, MSG.formInvalid],
      [6, MSG.tierInvalid],
      [7, MSG.required],
    ]);
    const again = await reg.importOrders({ rows, file_name: file, first_row: 2 }, { identity: manager() });
    expect(again.saved).toBe(2);
    const page = await list({ cty: tag, startDate: '', endDate: '' });
    expect(page.count).toBe(2);
    const byPhone = new Map(page.values.map((v) => [v.so_dien_thoai, v]));
    expect(byPhone.get(p1.slice(-9))).toMatchObject({
      hinh_thuc: 'dang_ky',
      gia_ban_goi: 1,
      doanh_thu: 150000,
      created_time: '2026-03-05T00:00:00+07:00',
      username_nv: nv,
    });
    expect(byPhone.get(p2.slice(-9))).toMatchObject({
      hinh_thuc: 'gia_han',
      gia_ban_goi: 2,
      doanh_thu: 90000,
      created_time: '2026-03-06T00:00:00+07:00',
    });
    expect(await failure(reg.importOrders({ rows, file_name: file, first_row: 2 }, { identity: caller(t, 3) }))).toMatchObject({
      status: 403,
    });
  });

  it('the managers’ filters (staff, kind, package, tier, company, note) apply for priority below 3 only', async () => {
    const tag = `F${rand()}`;
    await reg.addCompany({ name: tag }, { identity: manager() });
    const o = await reg.createOrder(
      O.SaveOrderRequest.fromPartial({
        so_dien_thoai: newPhone(),
        ma_goi: PKG,
        gia_ban_goi: '2',
        hinh_thuc: 'dang_ky',
        username_nv: nv,
        cty: tag,
        note: `ghi ${tag}`,
      }),
      {
        identity: manager(),
      },
    );
    for (const f of [{ username_nv: nv }, { hinh_thuc: 'dang_ky' }, { ma_goi: PKG.slice(0, 6) }, { gia_ban_goi: 'T2' }, { note: tag }])
      expect((await list({ cty: tag, ...f })).values.map((v) => v.id)).toEqual([o.id]);
    expect((await list({ cty: tag, hinh_thuc: 'gia_han' })).values).toHaveLength(0);
    // A tier that is not one (the API fuzzer sent 'þ') is a 400, not a database error.
    expect(await failure(list({ gia_ban_goi: 'þ' }))).toMatchObject({ status: 400, msg: MSG.tierInvalid });
    // For the salesperson the company filter is not theirs: ignored, and the company is not in the answer.
    const mine = await list({ cty: 'khong-ton-tai' }, caller(t, 5, nv));
    expect(mine.values.some((v) => v.id === o.id)).toBe(true);
    expect(mine.values.find((v) => v.id === o.id)?.cty).toBeUndefined();
  });

  it('package, company and note searches count 9279 orders only, through trigram indexes over the 9279 orders alone', async () => {
    const tag = `W${rand()}`;
    await reg.addCompany({ name: `Cty ${tag}` }, { identity: manager() });
    const o = await reg.createOrder(
      O.SaveOrderRequest.fromPartial({
        so_dien_thoai: newPhone(),
        ma_goi: PKG,
        gia_ban_goi: '1',
        hinh_thuc: 'dang_ky',
        username_nv: nv,
        cty: `Cty ${tag}`,
        note: `khách đi ${tag} công tác`,
      }),
      {
        identity: manager(),
      },
    );
    // 89 copies written straight into the table, a third of them 9279: the mfy ones carry the same words.
    await t.sql(
      `INSERT INTO orders.sale_order (kind, so_dien_thoai, ma_goi, gia_ban_goi, username_nv, ten_nv, trang_thai_yeu_cau, trang_thai, cty, note, hinh_thuc, created_at)
       SELECT CASE WHEN g % 3 = 0 THEN '9279' ELSE 'mfy' END, '0914' || lpad(g::text, 6, '0'), ma_goi, gia_ban_goi, username_nv, ten_nv, trang_thai_yeu_cau, trang_thai,
              cty, note, hinh_thuc, created_at - g * interval '1 minute'
         FROM orders.sale_order, generate_series(1, 89) g WHERE id = $1`,
      [o.id],
    );
    for (const f of [{ note: tag.toLowerCase() }, { cty: tag }, { note: `${tag} CÔNG` }]) {
      const page = await list({ ...f, count: 20 });
      expect(page.count).toBe(30);
      expect(page.values).toHaveLength(20);
      expect(page.values.every((v) => v.note === `khách đi ${tag} công tác`)).toBe(true);
      expect((await list({ ...f, page: 2, count: 20 })).values).toHaveLength(10);
    }
    const indexes = await t.sql(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'orders' AND tablename = 'sale_order' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`,
    );
    expect(indexes.map((i) => [i.indexname, /WHERE \(kind = '9279'::text\)$/.test(i.indexdef)])).toEqual([
      ['sale_order_cty_typed_trgm', true],
      ['sale_order_ma_goi_typed_trgm', true],
      ['sale_order_note_typed_trgm', true],
      ['sale_order_phone9_trgm', false],
    ]);
  });
});
