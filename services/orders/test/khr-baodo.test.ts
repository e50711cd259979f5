/**
 * Private customers and red reports on real PostgreSQL: required fields per priority, actions
 * only below priority 5 (red report decisions below 3) on the server, approve/reject only on
 * pending rows, the red report's result with who set it, the export ban, masking and the trail.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, listPackage, newPhone, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let khr: Awaited<ReturnType<typeof startOrders>>['khr'];
let baodo: Awaited<ReturnType<typeof startOrders>>['baodo'];
const nv = `nvk_${rand()}`;
const PKG = `BD${rand()}`;

beforeAll(async () => {
  ({ t, khr, baodo } = await startOrders());
  await announceStaff(t, [{ username: nv, role_priority: 5 }]);
  await listPackage(t, 'mfy', PKG);
});
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly_khr');

describe('private customers (khr)', () => {
  it('phone and success date required, staff username below 5; approve/reject below 5 on pending rows only; masked for staff', async () => {
    expect(
      await failure(khr.createKhr(O.SaveKhrRequest.fromPartial({ so_dien_thoai: newPhone() }), { identity: caller(t, 5, nv) })),
    ).toMatchObject({ status: 400, msg: MSG.required });
    expect(
      await failure(
        khr.createKhr(O.SaveKhrRequest.fromPartial({ so_dien_thoai: newPhone(), ngay_thanh_cong: '05/03/2026' }), { identity: manager() }),
      ),
    ).toMatchObject({
      status: 400,
      msg: MSG.required,
    });
    const phone = newPhone();
    const mine = await khr.createKhr(
      O.SaveKhrRequest.fromPartial({ so_dien_thoai: phone, ngay_thanh_cong: '05/03/2026', username_nv: 'ignored' }),
      { identity: caller(t, 5, nv) },
    );
    expect(mine).toMatchObject({
      username_nv: nv,
      ngay_thanh_cong: '05/03/2026',
      trang_thai: '0',
      can_decide: false,
      can_edit: false,
      so_dien_thoai: `****${phone.slice(-5)}`,
    });
    expect(
      await failure(khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '1' }), { identity: caller(t, 5, nv) })),
    ).toMatchObject({ status: 403 });
    const approved = await khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '1' }), { identity: manager() });
    expect(approved).toMatchObject({ trang_thai: '1', nguoi_phe_duyet: 'quanly_khr', can_decide: false, so_dien_thoai: phone.slice(-9) });
    expect(
      await failure(khr.approveKhr(O.ApproveRequest.fromPartial({ id: mine.id, trang_thai: '2' }), { identity: manager() })),
    ).toMatchObject({ status: 400, msg: MSG.alreadyDecided });
    const listed = await khr.listKhr(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10, phone: phone.slice(-6) }), {
      identity: caller(t, 5, nv),
    });
    expect(listed.values.map((v) => v.id)).toEqual([mine.id]);
    expect(
      (await khr.listKhr(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10, phone }), { identity: caller(t, 5, `khac_${rand()}`) }))
        .values,
    ).toEqual([]);
    const trail = await khr.khrHistory({ id: mine.id, page: 1, count: 10 }, { identity: manager() });
    expect(trail.values.find((e) => e.field === 'trang_thai')).toMatchObject({ from_value: '0', to_value: '1', username: 'quanly_khr' });
  });

  it('nobody approves or rejects a private customer of their own: the leader who entered it is refused, the one above decides', async () => {
    const leader = caller(t, 4, `td_khr_${rand()}`);
    const own = await khr.createKhr(
      O.SaveKhrRequest.fromPartial({ so_dien_thoai: newPhone(), ngay_thanh_cong: '05/03/2026', username_nv: leader.username }),
      { identity: leader },
    );
    expect(own).toMatchObject({ username_nv: leader.username, trang_thai: '0', can_decide: false, can_edit: true });
    for (const trang_thai of ['1', '2'])
      expect(await failure(khr.approveKhr(O.ApproveRequest.fromPartial({ id: own.id, trang_thai }), { identity: leader }))).toMatchObject({
        status: 403,
        msg: MSG.ownRecordDecision,
      });
    expect((await khr.getKhr({ id: own.id }, { identity: leader })).trang_thai).toBe('0');
    expect((await khr.getKhr({ id: own.id }, { identity: manager() })).can_decide).toBe(true);
    expect(await khr.approveKhr(O.ApproveRequest.fromPartial({ id: own.id, trang_thai: '1' }), { identity: manager() })).toMatchObject({
      trang_thai: '1',
      nguoi_phe_duyet: 'quanly_khr',
    });
  });
});

describe('red report (baodo)', () => {
  const body = (over: Partial<orders_v1_orders.SaveBaodoRequest> = {}) =>
    O.SaveBaodoRequest.fromPartial({
      so_dien_thoai: newPhone(),
      ngay_thanh_cong: '2026-03-05',
      ten_goi_cuoc: PKG,
      kenh: '9084 (3)',
      username_nv: nv,
      ...over,
    });

  it('package and channel required, reason optional; approval and result below 3 after which who set it is shown; FAILED reads as FAILD; export below 3 only', async () => {
    expect(await failure(baodo.createBaodo(body({ kenh: '' }), { identity: manager() }))).toMatchObject({ status: 400, msg: MSG.required });
    expect(await failure(baodo.createBaodo(body({ kenh: 'SMS' }), { identity: manager() }))).toMatchObject({
      status: 400,
      msg: MSG.channelInvalid,
    });
    const r = await baodo.createBaodo(body(), { identity: manager() });
    expect(r).toMatchObject({
      gia_goi_cuoc: 100000,
      ly_do: '',
      trang_thai: '0',
      trang_thai_duyet: '0',
      nguoi_dat_trang_thai: '',
      can_decide: true,
    });
    expect(
      await failure(
        baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'SUCCESS' }), { identity: caller(t, 3) }),
      ),
    ).toMatchObject({ status: 403 });
    const failed = await baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'FAILED' }), {
      identity: manager(),
    });
    expect(failed).toMatchObject({ trang_thai: 'FAILD', nguoi_dat_trang_thai: 'quanly_khr' });
    expect(
      await failure(baodo.setBaodoResult(O.BaodoResultRequest.fromPartial({ id: r.id, trang_thai: 'MAYBE' }), { identity: manager() })),
    ).toMatchObject({ status: 400, msg: MSG.resultInvalid });
    const ok = await baodo.approveBaodo(O.ApproveRequest.fromPartial({ id: r.id, trang_thai_duyet: '2' }), { identity: manager() });
    expect(ok).toMatchObject({ trang_thai_duyet: '2', nguoi_phe_duyet: 'quanly_khr', can_decide: false });
    expect(
      await failure(baodo.approveBaodo(O.ApproveRequest.fromPartial({ id: r.id, trang_thai_duyet: '1' }), { identity: manager() })),
    ).toMatchObject({ status: 400, msg: MSG.alreadyDecided });
    expect(
      await failure(baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: caller(t, 3) })),
    ).toMatchObject({ status: 403, msg: MSG.exportForbidden });
    const all = await baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: manager() });
    expect(all.values.some((v) => v.id === r.id)).toBe(true);
    const mine = await baodo.listBaodo(O.ListByPhoneRequest.fromPartial({ page: 1, count: 10 }), { identity: caller(t, 5, nv) });
    expect(mine.values.find((v) => v.id === r.id)).toMatchObject({ can_decide: false, can_edit: false });
  });
});

describe('import, pool and hand-out (spec 3 §7.4, §7.5 import, count-assign, assign, GET assign)', () => {
  const branchUser = `cn_${rand()}`;
  const inBranch = `nvb_${rand()}`;
  const outside = `nvo_${rand()}`;
  beforeAll(async () => {
    await announceStaff(t, [
      { username: branchUser, user_id: `id-${branchUser}`, role_priority: 3 },
      { username: inBranch, role_priority: 5, brand_id: `id-${branchUser}` },
      { username: outside, role_priority: 5, brand_id: 'another-branch' },
    ]);
  });
  const branch = () => caller(t, 3, branchUser);
  const pooled = async (table: 'private_customer' | 'red_report') =>
    Number((await t.sql(`SELECT count(*) AS n FROM orders.${table} WHERE username_nv = ''`))[0].n);

  it('imports private customers row by row: refusals by sheet row, staff in the subtree, the pool without staff, a re-sent chunk stored once', async () => {
    const [p1, p2, p3] = [newPhone(), newPhone(), newPhone()];
    const rows = [
      { so_dien_thoai: p1, ngay_thanh_cong: '05/03/2026', username_nv: inBranch },
      { so_dien_thoai: p2, ngay_thanh_cong: '06/03/2026', username_nv: '' },
      { so_dien_thoai: p3, ngay_thanh_cong: '', username_nv: inBranch },
      { so_dien_thoai: p3, ngay_thanh_cong: '07/03/2026', username_nv: outside },
      { so_dien_thoai: p1, ngay_thanh_cong: '05/03/2026', username_nv: inBranch },
    ];
    const req = O.ImportKhrRequest.fromPartial({ rows, file_name: 'khr.xlsx', first_row: 2 });
    const poolBefore = await pooled('private_customer');
    const first = await khr.importKhr(req, { identity: branch() });
    expect(first.saved).toBe(2);
    expect(first.errorRows.map((e) => [e.row, e.error_type, e.error_file])).toEqual([
      [4, MSG.required, 'khr.xlsx'],
      [5, MSG.staffOutOfScope(outside), 'khr.xlsx'],
    ]);
    expect((await khr.importKhr(req, { identity: branch() })).saved).toBe(2);
    expect(await t.sql(`SELECT username_nv, ten_nv, created_by FROM orders.private_customer WHERE phone9 = $1`, [p1.slice(-9)])).toEqual([
      { username_nv: inBranch, ten_nv: `Tên ${inBranch}`, created_by: branchUser },
    ]);
    expect(await pooled('private_customer')).toBe(poolBefore + 1);
    // Priority 5 may not import; the red report's import is for priority below 3.
    expect(await failure(khr.importKhr(req, { identity: caller(t, 5, inBranch) }))).toMatchObject({ status: 403 });
    const bd = O.ImportBaodoRequest.fromPartial({
      rows: [{ so_dien_thoai: newPhone(), ngay_thanh_cong: '05/03/2026', ten_goi_cuoc: PKG, kenh: '9084 (4)' }],
      file_name: 'bd.xlsx',
    });
    expect(await failure(baodo.importBaodo(bd, { identity: branch() }))).toMatchObject({ status: 403, msg: MSG.managersOnly });
    expect((await baodo.importBaodo(bd, { identity: manager() })).saved).toBe(1);
    const [stored] = await t.sql(`SELECT gia_goi_cuoc, kenh, username_nv FROM orders.red_report WHERE phone9 = $1`, [
      bd.rows[0].so_dien_thoai.slice(-9),
    ]);
    expect(stored).toEqual({ gia_goi_cuoc: '100000', kenh: '9084 (4)', username_nv: '' });
  });

  it('hands pooled records out oldest first to the subtree only; two managers at once never hand a record twice; each sees what was handed to them', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({
      so_dien_thoai: newPhone(),
      ngay_thanh_cong: `0${i + 1}/04/2026`,
      username_nv: '',
    }));
    expect(
      (await khr.importKhr(O.ImportKhrRequest.fromPartial({ rows, file_name: `pool-${rand()}.xlsx` }), { identity: manager() })).saved,
    ).toBe(6);
    const total = (await khr.countAssignableKhr({}, { identity: manager() })).total;
    expect(total).toBe(await pooled('private_customer'));
    expect(await failure(khr.countAssignableKhr({}, { identity: caller(t, 5, inBranch) }))).toMatchObject({ status: 403 });
    expect(
      await failure(khr.assignKhr(O.AssignRequest.fromPartial({ items: [{ username: outside, count: 1 }] }), { identity: branch() })),
    ).toMatchObject({
      status: 403,
      msg: MSG.staffOutOfScope(outside),
    });
    expect(
      await failure(khr.assignKhr(O.AssignRequest.fromPartial({ items: [{ username: inBranch, count: 0 }] }), { identity: branch() })),
    ).toMatchObject({ status: 400, msg: MSG.assignNothing });
    // Two managers ask for the whole pool at once: every record goes to exactly one of them.
    const ask = (who: ReturnType<typeof caller>, username: string) =>
      khr.assignKhr(O.AssignRequest.fromPartial({ items: [{ username, count: total }] }), { identity: who });
    const [a, b] = await Promise.all([ask(branch(), inBranch), ask(manager(), outside)]);
    expect(a.assigned + b.assigned).toBe(total);
    expect(a.msg).toBe(MSG.assigned);
    expect(await pooled('private_customer')).toBe(0);
    expect((await khr.countAssignableKhr({}, { identity: manager() })).total).toBe(0);
    const mine = await khr.listAssignedKhr({ page: 1, count: 100 }, { identity: caller(t, 5, inBranch) });
    expect(mine.count).toBe(a.assigned);
    expect(mine.values.every((v) => v.username_nv === inBranch && v.so_dien_thoai.startsWith('****'))).toBe(true);
    const [handed] = await t.sql(
      `SELECT id, assigned_by FROM orders.private_customer WHERE username_nv = $1 AND assigned_at IS NOT NULL LIMIT 1`,
      [outside],
    );
    if (b.assigned) {
      expect(handed.assigned_by).toBe('quanly_khr');
      const trail = await khr.khrHistory({ id: handed.id, page: 1, count: 10 }, { identity: manager() });
      expect(trail.values.find((e) => e.field === 'username_nv')).toMatchObject({
        from_value: '',
        to_value: outside,
        username: 'quanly_khr',
      });
    }
    // An empty pool hands nothing out (the reply says so).
    expect((await ask(manager(), inBranch)).assigned).toBe(0);
  });

  it('red reports: the pool and its hand-out are for priority below 3', async () => {
    const rows = [{ so_dien_thoai: newPhone(), ngay_thanh_cong: '05/04/2026', ten_goi_cuoc: PKG, kenh: '9084 (3)', username_nv: '' }];
    expect(
      (await baodo.importBaodo(O.ImportBaodoRequest.fromPartial({ rows, file_name: 'bd2.xlsx' }), { identity: manager() })).saved,
    ).toBe(1);
    expect(await failure(baodo.countAssignableBaodo({}, { identity: branch() }))).toMatchObject({ status: 403 });
    const n = (await baodo.countAssignableBaodo({}, { identity: manager() })).total;
    expect(n).toBeGreaterThanOrEqual(1);
    const r = await baodo.assignBaodo(O.AssignRequest.fromPartial({ items: [{ username: inBranch, count: n }] }), { identity: manager() });
    expect(r).toMatchObject({ assigned: n, items: [{ username: inBranch, count: n }] });
    const mine = await baodo.listAssignedBaodo({ page: 1, count: 10 }, { identity: caller(t, 5, inBranch) });
    expect(mine.values.find((v) => v.so_dien_thoai.endsWith(rows[0].so_dien_thoai.slice(-5)))).toMatchObject({
      ten_goi_cuoc: PKG,
      gia_goi_cuoc: 100000,
    });
  });
});
