/**
 * Customer uploads and division on real PostgreSQL and Kafka: rows checked again on the server,
 * row-numbered refusals, re-sent chunks stored once; the upload list's counts; deletion keeps
 * customers already handed out; division hands exactly the typed quantities, only inside the
 * caller's subtree, atomically under concurrency.
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { care_v1_care } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, Care, careUserId, importList, phones, startCare } from './helpers';

let t: TestService;
let care: Care;

beforeAll(async () => {
  ({ t, care } = await startCare());
  // Branch cn1 (b1) with leader tn1 and salespeople nv1 (tn1), nv3 (locked); branch cn2 (b2) with nv2.
  await announceStaff(
    t,
    [
      { username: 'cn1', user_id: 'b1', role_priority: 3 },
      { username: 'tn1', user_id: 'l1', role_priority: 4, brand_id: 'b1' },
      { username: 'nv1', user_id: 's1', brand_id: 'b1', group_id: 'l1' },
      { username: 'nv3', user_id: 's3', brand_id: 'b1', group_id: 'l1', is_locked: true },
      { username: 'cn2', user_id: 'b2', role_priority: 3 },
      { username: 'nv2', user_id: 's2', brand_id: 'b2', group_id: 'l2' },
    ],
    careUserId,
  );
}, 60000);
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly');
const branch1 = () => caller(t, 3, 'cn1', 'b1');
const assign = (uploadId: string, items: Array<{ username: string; count: number }>, who = manager()) =>
  care.assign({ upload_id: uploadId, items }, { identity: who });
const divisible = async (uploadId: string, who = manager()) => (await care.countAssignable({ id: uploadId }, { identity: who })).total;

it('checks every row again, answers refused rows by sheet row, and a re-sent chunk stores nothing twice', async () => {
  const file = `kh-${rand()}.xlsx`;
  const [a, b] = phones(2);
  const row = (over: Partial<care_v1_care.CustomerImportRow>) => care_v1_care.CustomerImportRow.fromPartial(over);
  const rows = [
    row({ phone: a, registerAt: '01/01/2025', expiredAt: '01/02/2025' }),
    row({ phone: 'abc' }),
    row({ phone: b, registerAt: '31/02/2025' }),
    row({ phone: `84${a.slice(1)}` }), // the same number written another way: one customer
  ];
  const send = () => care.importCustomers({ rows, file_name: file, first_row: 2 }, { identity: manager() });
  const first = await send();
  expect(first.saved).toBe(1);
  expect(first.errorRows.map((e) => [e.row, e.error_type, e.error_file])).toEqual([
    [3, MSG.phoneInvalid, file],
    [4, MSG.registerAtInvalid, file],
  ]);
  const again = await send();
  expect(again.saved).toBe(1);
  const stored = await t.sql(
    `SELECT c.phone, c.status, c.type FROM care.customer c JOIN care.upload u ON u.id = c.upload_id WHERE u.filename = $1`,
    [file],
  );
  expect(stored).toEqual([{ phone: a, status: 'NORMAL', type: '' }]);
  expect(await failure(care.importCustomers({ rows, file_name: ' ', first_row: 2 }, { identity: manager() }))).toMatchObject({
    status: 400,
    msg: MSG.fileNameRequired,
  });
  expect(
    await failure(care.importCustomers({ rows: Array(201).fill(rows[0]), file_name: file, first_row: 2 }, { identity: manager() })),
  ).toMatchObject({
    status: 400,
  });
});

it('lists uploads with uploader, used/remaining/total and what the caller may divide', async () => {
  const file = `ds-${rand()}.xlsx`;
  const id = await importList(t, care, phones(5), file);
  await assign(id, [{ username: 'cn1', count: 2 }]);
  const list = await care.listUploads({ page: 1, count: 1000, message: '' }, { identity: manager() });
  expect(list.values.find((u) => u.id === id)).toMatchObject({
    filename: file,
    created_by: 'quanly',
    created_by_fullname: 'Tên quanly',
    totalCustomers: 5,
    used: 2,
    remaining: 3,
    assignable: 3,
  });
  // The branch may divide what it was handed.
  const mine = await care.listUploads({ page: 1, count: 1000, message: '' }, { identity: branch1() });
  expect(mine.values.find((u) => u.id === id)?.assignable).toBe(2);
});

it("the search box finds a list by part of its name or its uploader's; a list is renamed (audited), not onto a name its uploader already has", async () => {
  const tag = rand();
  const id = await importList(t, care, phones(2), `Khách hết hạn ${tag}.xlsx`);
  const other = await importList(t, care, phones(1), `Khác ${tag}.xlsx`);
  const search = async (message: string) =>
    (await care.listUploads({ page: 1, count: 100, message }, { identity: manager() })).values.map((u) => u.id);
  expect(await search(`hết hạn ${tag}`)).toEqual([id]);
  expect((await search(tag)).sort()).toEqual([id, other].sort());
  expect(await search('quanly')).toEqual(expect.arrayContaining([id, other]));
  expect(await search(`${tag}%`)).toEqual([]);
  const reply = await care.renameUpload({ id, file_name: `Tháng 11 ${tag}` }, { identity: manager() });
  expect(reply).toEqual({ ok: true, msg: MSG.uploadRenamed });
  expect(await search(`Tháng 11 ${tag}`)).toEqual([id]);
  expect(
    await t.sql(
      `SELECT from_value, to_value, username FROM care.audit_log WHERE resource = 'upload' AND record_id = $1 AND field = 'filename'`,
      [id],
    ),
  ).toEqual([{ from_value: `Khách hết hạn ${tag}.xlsx`, to_value: `Tháng 11 ${tag}`, username: 'quanly' }]);
  expect(await failure(care.renameUpload({ id, file_name: `Khác ${tag}.xlsx` }, { identity: manager() }))).toMatchObject({
    status: 409,
    msg: MSG.uploadNameTaken(`Khác ${tag}.xlsx`),
  });
  expect(await failure(care.renameUpload({ id, file_name: '  ' }, { identity: manager() }))).toMatchObject({
    status: 400,
    msg: MSG.fileNameRequired,
  });
  expect(
    await failure(care.renameUpload({ id: '00000000-0000-4000-8000-000000000000', file_name: 'x' }, { identity: manager() })),
  ).toMatchObject({ status: 404 });
});

it('deleting an upload keeps the customers already handed out', async () => {
  const id = await importList(t, care, phones(4));
  await assign(id, [{ username: 'nv1', count: 1 }]);
  const reply = await care.deleteUpload({ id }, { identity: manager() });
  expect(reply).toEqual({ ok: true, msg: MSG.uploadDeleted(3, 1) });
  expect(await t.sql(`SELECT assigned_to, upload_id FROM care.customer WHERE assigned_to = 'nv1' AND upload_id IS NULL`)).toHaveLength(1);
  expect(await t.sql(`SELECT id FROM care.upload WHERE id = $1`, [id])).toHaveLength(0);
  expect(await failure(care.deleteUpload({ id }, { identity: manager() }))).toMatchObject({ status: 404, msg: MSG.uploadNotFound });
  // A single customer: only while nobody holds it.
  const other = await importList(t, care, phones(2));
  await assign(other, [{ username: 'nv1', count: 1 }]);
  const [held] = await t.sql(`SELECT id FROM care.customer WHERE upload_id = $1 AND assigned_to IS NOT NULL`, [other]);
  const [free] = await t.sql(`SELECT id FROM care.customer WHERE upload_id = $1 AND assigned_to IS NULL`, [other]);
  expect(await failure(care.deleteCustomer({ id: held.id }, { identity: manager() }))).toMatchObject({
    status: 422,
    msg: MSG.customerInCare,
  });
  expect(await care.deleteCustomer({ id: free.id }, { identity: manager() })).toEqual({ ok: true, msg: MSG.customerDeleted });
});

it('divides exactly the typed quantities, down the hierarchy, only inside the subtree', async () => {
  const id = await importList(t, care, phones(10));
  expect(await divisible(id)).toBe(10);
  expect(await failure(assign(id, []))).toMatchObject({ status: 400, msg: 'Chưa chọn data chia' });
  expect(await failure(assign(id, [{ username: 'cn1', count: 11 }]))).toMatchObject({ status: 422, msg: MSG.divideNotEnough(10) });
  expect(await failure(assign(id, [{ username: 'nv3', count: 1 }]))).toMatchObject({ status: 400, msg: MSG.divideInactiveStaff('nv3') });
  expect(await failure(assign(id, [{ username: 'ghost', count: 1 }]))).toMatchObject({ status: 400, msg: MSG.divideUnknownStaff('ghost') });
  expect(await divisible(id)).toBe(10);

  const reply = await assign(id, [
    { username: 'cn1', count: 6 },
    { username: 'cn2', count: 2 },
  ]);
  expect(reply).toEqual({
    assigned: 8,
    items: [
      { username: 'cn1', count: 6 },
      { username: 'cn2', count: 2 },
    ],
    msg: 'Phân chia thông tin khách hàng thành công.',
  });
  expect(await divisible(id)).toBe(2);
  // The branch divides what it holds, to its own people only.
  expect(await divisible(id, branch1())).toBe(6);
  expect(await failure(assign(id, [{ username: 'nv2', count: 1 }], branch1()))).toMatchObject({
    status: 403,
    msg: MSG.divideOutOfScope('nv2'),
  });
  expect(await failure(assign(id, [{ username: 'cn1', count: 1 }], branch1()))).toMatchObject({
    status: 400,
    msg: MSG.divideNotStaff('cn1'),
  });
  expect(
    await assign(
      id,
      [
        { username: 'tn1', count: 2 },
        { username: 'nv1', count: 3 },
      ],
      branch1(),
    ),
  ).toMatchObject({ assigned: 5 });
  expect(await divisible(id, branch1())).toBe(1);
  const held = await t.sql<{ assigned_to: string; n: number }>(
    `SELECT assigned_to, count(*)::int AS n FROM care.customer WHERE upload_id = $1 GROUP BY 1 ORDER BY 1`,
    [id],
  );
  expect(held).toEqual([
    { assigned_to: 'cn1', n: 1 },
    { assigned_to: 'cn2', n: 2 },
    { assigned_to: 'nv1', n: 3 },
    { assigned_to: 'tn1', n: 2 },
    { assigned_to: null, n: 2 },
  ]);
  // Leaders and salespeople do not divide.
  expect(await failure(assign(id, [{ username: 'nv1', count: 1 }], caller(t, 4, 'tn1', 'l1')))).toMatchObject({
    status: 403,
    msg: MSG.divideForbidden,
  });
  // The salesperson sees what was handed to them (masked).
  const mine = await care.listAssigned({ page: 1, count: 50 }, { identity: caller(t, 5, 'nv1', 's1') });
  expect(mine.count).toBeGreaterThanOrEqual(3);
  expect(mine.values.every((c) => /^\*{4}\d{5}$/.test(c.phone) && c.status === 'ASSIGNED')).toBe(true);
});

it('two managers dividing the same upload at once never hand one customer twice, nor more than remain', async () => {
  const id = await importList(t, care, phones(100));
  const managers = [caller(t, 1, 'giamdoc'), caller(t, 2, 'quanly'), caller(t, 2, 'quanly2'), caller(t, 7, 'dieuphoi')];
  const ask = [
    { username: 'cn1', count: 30 },
    { username: 'nv2', count: 10 },
  ];
  // 4 × 40 asked of 100, all at the same moment: two divisions fit, the others are refused whole.
  const outcomes = await Promise.allSettled(managers.map((m) => assign(id, ask, m)));
  const ok = outcomes.filter((o) => o.status === 'fulfilled');
  expect(ok).toHaveLength(2);
  for (const o of outcomes) if (o.status === 'rejected') expect(await failure(Promise.reject(o.reason))).toMatchObject({ status: 422 });
  const held = await t.sql<{ assigned_to: string; n: number }>(
    `SELECT coalesce(assigned_to, '-') AS assigned_to, count(*)::int AS n FROM care.customer WHERE upload_id = $1 GROUP BY 1 ORDER BY 1`,
    [id],
  );
  expect(held).toEqual([
    { assigned_to: '-', n: 20 },
    { assigned_to: 'cn1', n: 60 },
    { assigned_to: 'nv2', n: 20 },
  ]);
  expect(await divisible(id)).toBe(20);
});
