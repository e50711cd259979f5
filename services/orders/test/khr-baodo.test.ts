/**
 * Private customers and red reports on real PostgreSQL: required fields per priority, actions
 * only below priority 5 (red report decisions below 3) on the server, approve/reject only on
 * pending rows, the red report's result with who set it, the export ban, masking and the trail.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { rand, TestService } from '@cskh/kit/src/testing';
import { orders_v1_orders } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { announceStaff, caller, failure, listPackage, newPhone, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let khr: Awaited<ReturnType<typeof startOrders>>['khr'];
let baodo: Awaited<ReturnType<typeof startOrders>>['baodo'];
const nv = `nvk_${rand()}`;
const PKG = `BD${rand()}`;

beforeAll(async () => {
  ({ t, khr, baodo } = await startOrders());
  await announceStaff(t, { username: nv, role_priority: 5 });
  await listPackage(t, 'mfy', PKG);
});
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly_khr');

describe('private customers (khr)', () => {
  it('phone and success date required, staff username below 5; approve/reject below 5 on pending rows only; masked for staff', async () => {
    expect(await failure(khr.createKhr(O.SaveKhrRequest.fromPartial({ so_dien_thoai: newPhone() }), { identity: caller(t, 5, nv) }))).toMatchObject({ status: 400, msg: MSG.required });
    expect(await failure(khr.createKhr(O.SaveKhrRequest.fromPartial({ so_dien_thoai: newPhone(), ngay_thanh_cong: '05/03/2026' }), { identity: manager() }))).toMatchObject({
      status: 400,
      msg: MSG.required,
    });
    const phone = newPhone();
    const mine = await khr.createKhr(O.SaveKhrRequest.fromPartial({ so_dien_thoai: phone, ngay_thanh_cong: '05/03/2026', username_nv: 'ignored' }), { identity: caller(t, 5, nv) });
    expect(mine).toMatchObject({ username_nv: nv, ngay_thanh_cong: '05/03/2026', trang_thai: '0', can_decide: false, can_edit: false, so_dien_thoai: `****${phone.slice(-5)}` });
    expect(await failure(khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '1' }), { identity: caller(t, 5, nv) }))).toMatchObject({ status: 403 });
    const approved = await khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '1' }), { identity: manager() });
    expect(approved).toMatchObject({ trang_thai: '1', nguoi_phe_duyet: 'quanly_khr', can_decide: false, so_dien_thoai: phone.slice(-9) });
    expect(await failure(khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '2' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.alreadyDecided });
    const listed = await khr.listKhr(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10, phone: phone.slice(-6) }), { identity: caller(t, 5, nv) });
    expect(listed.values.map((v) => v.id)).toEqual([mine.id]);
    expect((await khr.listKhr(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10, phone }), { identity: caller(t, 5, `khac_${rand()}`) })).values).toEqual([]);
    const trail = await khr.khrHistory({ id: mine.id, page: 1, count: 10 }, { identity: manager() });
    expect(trail.values.find((e) => e.field === 'trang_thai')).toMatchObject({ from_value: '0', to_value: '1', username: 'quanly_khr' });
  });
});

describe('red report (baodo)', () => {
  const body = (over: Partial<orders_v1_orders.SaveBaodoRequest> = {}) =>
    O.SaveBaodoRequest.fromPartial({ so_dien_thoai: newPhone(), ngay_thanh_cong: '2026-03-05', ten_goi_cuoc: PKG, kenh: '9084 (3)', username_nv: nv, ...over });

  it('package and channel required, reason optional; approval and result below 3 after which who set it is shown; FAILED reads as FAILD; export below 3 only', async () => {
    expect(await failure(baodo.createBaodo(body({ kenh: '' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.required });
    expect(await failure(baodo.createBaodo(body({ kenh: 'SMS' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.channelInvalid });
    const r = await baodo.createBaodo(body(), { identity: manager() });
    expect(r).toMatchObject({ gia_goi_cuoc: 100000, ly_do: '', trang_thai: '0', trang_thai_duyet: '0', nguoi_dat_trang_thai: '', can_decide: true });
    expect(await failure(baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'SUCCESS' }), { identity: caller(t, 3) }))).toMatchObject({ status: 403 });
    const failed = await baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'FAILED' }), { identity: manager() });
    expect(failed).toMatchObject({ trang_thai: 'FAILD', nguoi_dat_trang_thai: 'quanly_khr' });
    expect(await failure(baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'MAYBE' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.resultInvalid });
    const ok = await baodo.approveBaodo(O.ApproveRequest.fromPartial({ id: r.id, trang_thai_duyet: '2' }), { identity: manager() });
    expect(ok).toMatchObject({ trang_thai_duyet: '2', nguoi_phe_duyet: 'quanly_khr', can_decide: false });
    expect(await failure(baodo.approveBaodo(O.ApproveRequest.fromPartial({ id: r.id, trang_thai_duyet: '1' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.alreadyDecided });
    expect(await failure(baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: caller(t, 3) }))).toMatchObject({ status: 403, msg: MSG.exportForbidden });
    const all = await baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: manager() });
    expect(all.values.some((v) => v.id === r.id)).toBe(true);
    const mine = await baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10 }), { identity: caller(t, 5, nv) });
    expect(mine.values.find((v) => v.id === r.id)).toMatchObject({ can_decide: false, can_edit: false });
  });
});
