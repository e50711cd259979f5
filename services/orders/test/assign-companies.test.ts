/**
 * On real PostgreSQL: the mfy upload (rows without staff join a pool), the pool
 * handed out by managers (count-assign, assign, the assignee's 'assign' list) for mfy and 9279,
 * and the managed partner-company list an order's company must come from.
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, listPackage, newPhone, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let mfy: Awaited<ReturnType<typeof startOrders>>['mfy'];
let reg: Awaited<ReturnType<typeof startOrders>>['reg9279'];
const PKG = `GA${rand()}`;
const nv1 = `nva_${rand()}`;
const nv2 = `nvb_${rand()}`;
const locked = `nvl_${rand()}`;

beforeAll(async () => {
  ({ t, mfy, reg9279: reg } = await startOrders());
  await listPackage(t, 'mfy', PKG);
  await listPackage(t, '9279', PKG);
  await announceStaff(t, [
    { username: nv1, role_priority: 5 },
    { username: nv2, role_priority: 5 },
    { username: locked, role_priority: 5, is_locked: true },
  ]);
});
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly_assign');
const row = (over: Partial<orders_v1_orders.OrderImportRow> = {}) =>
  O.OrderImportRow.fromPartial({
    cty: '',
    so_dien_thoai: newPhone(),
    ma_goi: PKG,
    username_nv: '',
    hinh_thuc: '',
    doanh_thu: '',
    gia_ban_goi: 'T1',
    created_time: '05-03-2026',
    note: '',
    ...over,
  });

describe('the mfy upload and the hand-out of its pool', () => {
  it('stores rows with or without staff, refuses bad rows by sheet row, and only managers hand the pool out', async () => {
    const before = (await mfy.countAssignable({}, { identity: manager() })).total;
    const rows = [
      row(),
      row(),
      row(),
      row({ username_nv: nv1 }),
      row({ username_nv: 'khong_co_ai' }),
      row({ cty: 'Công ty lạ' }),
      row({ gia_ban_goi: 'T7' }),
    ];
    const file = `mfy-${rand()}.xlsx`;
    const first = await mfy.importOrders({ rows, file_name: file, first_row: 2 }, { identity: manager() });
    expect(first.saved).toBe(4);
    expect(first.errorRows.map((e) => [e.row, e.error_type])).toEqual([
      [6, MSG.staffUnknown('khong_co_ai')],
      [7, MSG.companyNotListed('Công ty lạ')],
      [8, MSG.tierInvalid],
    ]);
    // A re-sent chunk stores nothing twice.
    expect((await mfy.importOrders({ rows, file_name: file, first_row: 2 }, { identity: manager() })).saved).toBe(4);
    expect(await failure(mfy.importOrders({ rows, file_name: file, first_row: 2 }, { identity: caller(t, 3) }))).toMatchObject({
      status: 403,
    });

    expect((await mfy.countAssignable({}, { identity: manager() })).total).toBe(before + 3);
    expect(await failure(mfy.countAssignable({}, { identity: caller(t, 3) }))).toMatchObject({ status: 403 });
    // The pool is nobody's: a salesperson does not see it in their list.
    const mine = () => mfy.listOrders(O.ListOrdersRequest.fromPartial({ page: 1, count: 100 }), { identity: caller(t, 5, nv2) });
    expect((await mine()).values.some((v) => rows.slice(0, 3).some((r) => v.so_dien_thoai.endsWith(r.so_dien_thoai.slice(-5))))).toBe(
      false,
    );

    // Refusals: nothing chosen, an unknown or locked person, a non-manager.
    expect(await failure(mfy.assign({ items: [] }, { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.assignNothing });
    expect(await failure(mfy.assign({ items: [{ username: 'khong_co_ai', count: 1 }] }, { identity: manager() }))).toMatchObject({
      status: 400,
      msg: MSG.staffUnknown('khong_co_ai'),
    });
    expect(await failure(mfy.assign({ items: [{ username: locked, count: 1 }] }, { identity: manager() }))).toMatchObject({
      status: 400,
      msg: MSG.staffLocked(locked),
    });
    expect(await failure(mfy.assign({ items: [{ username: nv2, count: 1 }] }, { identity: caller(t, 3) }))).toMatchObject({ status: 403 });

    const pool = (await mfy.countAssignable({}, { identity: manager() })).total;
    const handed = await mfy.assign({ items: [{ username: nv2, count: 2 }] }, { identity: manager() });
    expect(handed).toMatchObject({ assigned: 2, items: [{ username: nv2, count: 2 }], msg: 'Phân chia dữ liệu thành công.' });
    expect((await mfy.countAssignable({}, { identity: manager() })).total).toBe(pool - 2);
    const assigned = await mfy.listAssigned({ page: 1, count: 20 }, { identity: caller(t, 5, nv2) });
    expect(assigned.count).toBe(2);
    expect(assigned.values.every((v) => v.username_nv === nv2 && v.ten_nv === `Tên ${nv2}`)).toBe(true);
    // The assignee now sees them in their own list too, phones masked as always for priority 5.
    const ids = new Set((await mine()).values.map((v) => v.id));
    expect(assigned.values.every((v) => ids.has(v.id))).toBe(true);
    // Asking for more than the pool hands what is there.
    const rest = await mfy.assign({ items: [{ username: nv1, count: pool }] }, { identity: manager() });
    expect(rest.assigned).toBe(pool - 2);
    expect((await mfy.countAssignable({}, { identity: manager() })).total).toBe(0);
  });

  it('9279 has its own pool: rows without staff from its upload, handed out the same way', async () => {
    const before = (await reg.countAssignable({}, { identity: manager() })).total;
    const saved = await reg.importOrders(
      { rows: [row({ hinh_thuc: 'ĐĂNG KÝ' }), row({ hinh_thuc: 'GIA HẠN' })], file_name: `r-${rand()}.xlsx`, first_row: 2 },
      { identity: manager() },
    );
    expect(saved.saved).toBe(2);
    expect((await reg.countAssignable({}, { identity: manager() })).total).toBe(before + 2);
    const handed = await reg.assign({ items: [{ username: nv1, count: 1 }] }, { identity: manager() });
    expect(handed.assigned).toBe(1);
    expect((await reg.listAssigned({ page: 1, count: 20 }, { identity: caller(t, 5, nv1) })).values.map((v) => v.hinh_thuc)).toHaveLength(
      1,
    );
  });
});

describe('the partner-company list', () => {
  it('managers keep one list per order list; an order’s company must be on it', async () => {
    const name = `Đối tác ${rand()}`;
    const co = await mfy.addCompany({ name }, { identity: manager() });
    expect(co.name).toBe(name);
    expect(await failure(mfy.addCompany({ name: name.toUpperCase() }, { identity: manager() }))).toMatchObject({
      status: 409,
      msg: MSG.companyExists(name.toUpperCase()),
    });
    expect(await failure(mfy.addCompany({ name: '  ' }, { identity: manager() }))).toMatchObject({
      status: 400,
      msg: MSG.companyNameRequired,
    });
    expect(await failure(mfy.addCompany({ name: 'X' }, { identity: caller(t, 3) }))).toMatchObject({ status: 403 });
    expect((await mfy.listCompanies({}, { identity: manager() })).values.map((v) => v.name)).toContain(name);
    // The 9279 list is another list.
    expect((await reg.listCompanies({}, { identity: manager() })).values.map((v) => v.name)).not.toContain(name);

    const draft = { so_dien_thoai: newPhone(), ma_goi: PKG, gia_ban_goi: '1', username_nv: nv1 };
    expect(
      await failure(mfy.createOrder(O.SaveOrderRequest.fromPartial({ ...draft, cty: 'Tự gõ' }), { identity: manager() })),
    ).toMatchObject({
      status: 400,
      msg: MSG.companyNotListed('Tự gõ'),
    });
    const o = await mfy.createOrder(O.SaveOrderRequest.fromPartial({ ...draft, cty: name }), { identity: manager() });
    expect(o.cty).toBe(name);
    expect(
      await failure(mfy.updateCompanyNote(O.CompanyNoteRequest.fromPartial({ id: o.id, cty: 'Tự gõ' }), { identity: manager() })),
    ).toMatchObject({ status: 400, msg: MSG.companyNotListed('Tự gõ') });
    expect(
      await failure(
        reg.createOrder(O.SaveOrderRequest.fromPartial({ ...draft, hinh_thuc: 'dang_ky', cty: name }), { identity: manager() }),
      ),
    ).toMatchObject({ status: 400 });

    // Deleting takes it off the list; the order keeps the name it was given.
    expect((await mfy.deleteCompany({ id: co.id }, { identity: manager() })).msg).toBe(MSG.companyDeleted);
    expect(await failure(mfy.deleteCompany({ id: co.id }, { identity: manager() }))).toMatchObject({ status: 404 });
    expect((await mfy.getOrder({ id: o.id }, { identity: manager() })).cty).toBe(name);
    expect(
      await failure(mfy.updateCompanyNote(O.CompanyNoteRequest.fromPartial({ id: o.id, cty: name }), { identity: manager() })),
    ).toMatchObject({ status: 400 });
  });
});
