/**
 * New-customer care, the care history and the busy-signal rate on real PostgreSQL and Kafka:
 * take-next under concurrency, the open case survives, the care-result rules on the server, the
 * result-recorded event through the outbox, masking and the staff column, own-record edits with
 * their audit trail, the export ban, the per-staff counts.
 */
import { announceStaff, failure, rand, settle, TestService } from '@cskh/kit/testing';
import { care_v1_care, events_v1_care } from '@cskh/proto';
import { RESULT_RECORDED_TOPIC } from '../src/domain/events';
import { MSG } from '../src/domain/messages';
import { caller, Care, careUserId, importList, phones, startCare } from './helpers';

let t: TestService;
let care: Care;
const recorded: events_v1_care.CareResultRecorded[] = [];

beforeAll(async () => {
  ({ t, care } = await startCare());
  await announceStaff(
    t,
    [
      { username: 'cn1', user_id: 'b1', role_priority: 3 },
      { username: 'tn1', user_id: 'l1', role_priority: 4, brand_id: 'b1' },
      ...['nv1', 'nv2', 'nv3', 'nv4', 'nv5'].map((u) => ({ username: u, user_id: `s-${u}`, brand_id: 'b1', group_id: 'l1' })),
      { username: 'cn2', user_id: 'b2', role_priority: 3 },
      { username: 'nv9', user_id: 's9', brand_id: 'b2', group_id: 'l2' },
    ],
    careUserId,
  );
  await t.bus.ensureTopics([RESULT_RECORDED_TOPIC]);
  await t.bus.subscribe({
    groupId: `test-care-${rand()}`,
    topics: [RESULT_RECORDED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void recorded.push(events_v1_care.CareResultRecorded.decode(m.value)),
  });
}, 60000);
afterAll(async () => {
  await t?.stop();
});

const sales = (u: string) => caller(t, 5, u, `s-${u}`);
const manager = () => caller(t, 2, 'quanly');
async function handTo(items: Array<{ username: string; count: number }>) {
  const n = items.reduce((a, i) => a + i.count, 0);
  const id = await importList(t, care, phones(n));
  await care.assign({ upload_id: id, items }, { identity: manager() });
  return id;
}
const history = (over: Partial<care_v1_care.CareHistoryRequest>) => care_v1_care.CareHistoryRequest.fromPartial(over);
const care1 = (id: string, who: ReturnType<typeof sales>, over: Record<string, string>) =>
  care.recordCare({ id, status: '', package: '', appointmentAt: '', note: '', ...over }, { identity: who });

it('takes the next customer, keeps the open case until a result, and counts what is left', async () => {
  await handTo([{ username: 'nv1', count: 2 }]);
  // Before anything is taken, the open case is none, and asking for it takes nothing.
  expect(await care.openCare({}, { identity: sales('nv1') })).toMatchObject({ count: 2, resumed: false });
  expect((await care.openCare({}, { identity: sales('nv1') })).value).toBeUndefined();
  const first = await care.newCare({}, { identity: sales('nv1') });
  expect(first.value?.customer?.status).toBe('TAKECARE');
  expect(first.value?.customer?.phone).toMatch(/^0\d{9}$/);
  expect(first.count).toBe(1);
  // Pressing again (or reloading) answers the same open case.
  const again = await care.newCare({}, { identity: sales('nv1') });
  expect(again).toMatchObject({ resumed: true, count: 1 });
  expect(again.value?.customer?.id).toBe(first.value?.customer?.id);
  // A screen that opens (reload) reads the open case without taking another; nobody else sees it as theirs.
  const shown = await care.openCare({}, { identity: sales('nv1') });
  expect(shown).toMatchObject({ resumed: true, count: 1 });
  expect(shown.value?.customer?.id).toBe(first.value?.customer?.id);
  expect(shown.value?.customer?.phone).toBe(first.value?.customer?.phone);
  expect((await care.openCare({}, { identity: sales('nv2') })).value).toBeUndefined();
  await care1(first.value!.customer!.id, sales('nv1'), { status: 'KBM', note: 'không nghe' });
  expect((await care.openCare({}, { identity: sales('nv1') })).value).toBeUndefined();
  const next = await care.newCare({}, { identity: sales('nv1') });
  expect(next.value?.customer?.id).not.toBe(first.value?.customer?.id);
  expect(next.count).toBe(0);
  await care1(next.value!.customer!.id, sales('nv1'), { status: 'REJECTED', note: 'không cần' });
  expect(await care.newCare({}, { identity: sales('nv1') })).toMatchObject({
    count: 0,
    resumed: false,
    msg: 'Không còn khách hàng mới được giao cho bạn',
  });
  expect((await care.newCare({}, { identity: sales('nv1') })).value).toBeUndefined();
});

it('five salespeople pressing at the same instant get five different customers from their team pool', async () => {
  await handTo([{ username: 'tn1', count: 5 }]);
  const team = ['nv2', 'nv3', 'nv4', 'nv5', 'tn1'];
  const replies = await Promise.all(team.map((u) => care.newCare({}, { identity: u === 'tn1' ? caller(t, 4, 'tn1', 'l1') : sales(u) })));
  const ids = replies.map((r) => r.value?.customer?.id);
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(5);
  const taken = await t.sql(`SELECT taken_by FROM care.customer WHERE id = ANY($1) AND status = 'TAKECARE'`, [ids]);
  expect(taken.map((r) => r.taken_by).sort()).toEqual([...team].sort());
  // One person pressing twice at once (two tabs) opens one case.
  await handTo([{ username: 'nv9', count: 3 }]);
  const twice = await Promise.all([1, 2, 3].map(() => care.newCare({}, { identity: caller(t, 5, 'nv9', 's9') })));
  expect(new Set(twice.map((r) => r.value?.customer?.id)).size).toBe(1);
  expect(await t.sql(`SELECT id FROM care.customer WHERE taken_by = 'nv9' AND status = 'TAKECARE'`)).toHaveLength(1);
});

it('enforces the dialog rules on the server and records the result with its event', async () => {
  await handTo([{ username: 'nv1', count: 1 }]);
  const open = (await care.newCare({}, { identity: sales('nv1') })).value!;
  const id = open.customer!.id;
  expect(await failure(care1(id, sales('nv1'), {}))).toMatchObject({ status: 400, msg: 'Bạn phải chọn kết quả!' });
  expect(await failure(care1(id, sales('nv1'), { status: 'APPROVED', package: ' ' }))).toMatchObject({
    status: 400,
    msg: 'Bạn chưa nhập gói cước!',
  });
  expect(await failure(care1(id, sales('nv1'), { status: 'APPOINTMENT', package: 'V90' }))).toMatchObject({
    status: 400,
    msg: 'Bạn chưa nhập thời gian hẹn lại!',
  });
  expect(await failure(care1(id, sales('nv1'), { status: 'REJECTED' }))).toMatchObject({ status: 400, msg: MSG.noteRequired });
  // Somebody else's customer.
  expect(await failure(care1(id, sales('nv2'), { status: 'KBM', note: 'x' }))).toMatchObject({ status: 403, msg: MSG.notYourCustomer });

  const tomorrow = new Date(Date.now() + 86400000 + 7 * 3600000);
  const day = `${String(tomorrow.getUTCDate()).padStart(2, '0')}/${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${tomorrow.getUTCFullYear()}`;
  const reply = await care1(id, sales('nv1'), {
    status: 'APPOINTMENT',
    package: 'V90',
    appointmentAt: `${day} 09:30`,
    note: 'gọi lại sáng mai',
  });
  expect(reply.msg).toBe('Thông tin chăm sóc khách hàng ghi nhận thành công.');
  expect(reply.record).toMatchObject({ status: 'APPOINTMENT', package: 'V90', note: 'gọi lại sáng mai', username: '' });
  expect(reply.record?.appointmentAt).toMatch(/T09:30:00\+07:00$/);
  // The appointments table lists it; the case is closed so a new one may be taken.
  const appts = await care.listAppointments({ page: 1, count: 20 }, { identity: sales('nv1') });
  expect(appts.values.map((a) => a.customer?.id)).toContain(id);
  // APPROVED later: package kept, appointment dropped, no note needed.
  const approved = await care1(id, sales('nv1'), { status: 'APPROVED', package: 'V120', appointmentAt: `${day} 10:00` });
  expect(approved.record).toMatchObject({ status: 'APPROVED', package: 'V120', appointmentAt: '' });
  expect((await care.listAppointments({ page: 1, count: 20 }, { identity: sales('nv1') })).values.map((a) => a.customer?.id)).not.toContain(
    id,
  );

  await settle(
    () => recorded.filter((e) => e.customer_id === id),
    (events) => events.length >= 2,
    20000,
  );
  const events = recorded.filter((e) => e.customer_id === id);
  expect(events.map((e) => [e.staff, e.result, e.package])).toEqual([
    ['nv1', 'APPOINTMENT', 'V90'],
    ['nv1', 'APPROVED', 'V120'],
  ]);
  expect(events[0].phone).toBe((await t.sql(`SELECT phone FROM care.customer WHERE id = $1`, [id]))[0].phone);
});

it('care history: masking, staff column, subtree, own-record edits with audit, blank notes ignored, export ban', async () => {
  await handTo([{ username: 'nv2', count: 1 }]);
  const open = (await care.newCare({}, { identity: sales('nv2') })).value!;
  const phone = (await t.sql(`SELECT phone FROM care.customer WHERE id = $1`, [open.customer!.id]))[0].phone as string;
  const { record } = await care1(open.customer!.id, sales('nv2'), { status: 'KLLĐ', note: 'tắt máy' });
  const id = record!.id;
  const find = async (who: ReturnType<typeof caller>) =>
    (await care.careHistory(history({ page: 1, count: 100, phone: phone.slice(-6) }), { identity: who })).values.find((r) => r.id === id);

  expect(await find(manager())).toMatchObject({ phone: phone.slice(-9), username: 'nv2', fullname: 'Tên nv2', can_edit: true });
  expect(await find(sales('nv2'))).toMatchObject({ phone: `****${phone.slice(-5)}`, username: '', can_edit: true });
  expect(await find(caller(t, 4, 'tn1', 'l1'))).toMatchObject({ username: 'nv2', can_edit: false });
  expect(await find(caller(t, 3, 'cn2', 'b2'))).toBeUndefined();
  expect(await find(sales('nv3'))).toBeUndefined();

  expect(await failure(care.setNote({ id, note: 'sửa' }, { identity: caller(t, 4, 'tn1', 'l1') }))).toMatchObject({
    status: 403,
    msg: MSG.notYourRecord,
  });
  expect(await care.setNote({ id, note: '   ' }, { identity: sales('nv2') })).toMatchObject({ note: 'tắt máy' });
  expect(await care.setNote({ id, note: 'gọi lại tuần sau' }, { identity: sales('nv2') })).toMatchObject({ note: 'gọi lại tuần sau' });
  expect(await care.setStatus({ id, status: 'APPOINTMENT' }, { identity: manager() })).toMatchObject({ status: 'APPOINTMENT' });
  expect(await failure(care.setStatus({ id, status: 'MAYBE' }, { identity: manager() }))).toMatchObject({
    status: 400,
    msg: MSG.statusInvalid,
  });
  expect((await care.setAppointmentAt({ id, appointment_at: '05/03/2030 08:15' }, { identity: manager() })).appointmentAt).toBe(
    '2030-03-05T08:15:00+07:00',
  );
  expect(await failure(care.setAppointmentAt({ id, appointment_at: 'mai' }, { identity: manager() }))).toMatchObject({ status: 400 });
  // The customer follows its latest result: it is in the salesperson's appointments now.
  expect((await care.listAppointments({ page: 1, count: 50 }, { identity: sales('nv2') })).values.map((a) => a.customer?.id)).toContain(
    open.customer!.id,
  );

  const trail = await care.careRecordHistory({ id, page: 1, count: 10 }, { identity: manager() });
  expect(trail.values.map((e) => [e.field, e.from_value, e.to_value, e.username])).toEqual([
    ['appointment_at', '', '2030-03-05T08:15:00+07:00', 'quanly'],
    ['status', 'KLLĐ', 'APPOINTMENT', 'quanly'],
    ['note', 'tắt máy', 'gọi lại tuần sau', 'nv2'],
  ]);
  // Export (page 0, count 9999999999): not for priority 5.
  expect(await failure(care.careHistory(history({ page: 0, count: 9999999999 }), { identity: sales('nv2') }))).toMatchObject({
    status: 403,
    msg: MSG.exportForbidden,
  });
  expect(
    (await care.careHistory(history({ page: 0, count: 9999999999, status: 'APPOINTMENT' }), { identity: manager() })).values.length,
  ).toBeGreaterThan(0);
});

it("care history counts: a branch, a leader and a salesperson get their subtree's exact count (whole-table counters without a period)", async () => {
  // Records across a month, results and people of both branches (the triggers keep the counters).
  await t.sql(
    `INSERT INTO care.care_record (username, fullname, phone, phone9, status, created_at)
     SELECT (ARRAY['cn1', 'tn1', 'nv1', 'nv3', 'nv9', 'cn2', 'nguoi_ngoai'])[1 + g % 7], '', '0912' || lpad(g::text, 6, '0'), '912' || lpad(g::text, 6, '0'),
            (ARRAY['KBM', 'APPROVED', 'REJECTED'])[1 + g % 3], now() - (g % 30) * interval '1 day'
       FROM generate_series(1, 140) g`,
  );
  await t.sql(
    `UPDATE care.care_record SET status = 'KBM' WHERE id IN (SELECT id FROM care.care_record WHERE username = 'nv1' AND status = 'APPROVED' LIMIT 3)`,
  );
  await t.sql(`DELETE FROM care.care_record WHERE id IN (SELECT id FROM care.care_record WHERE username = 'nv3' LIMIT 2)`);
  // The whole-table counters equal the rows.
  const counters = await t.sql(`SELECT username, status, n::int FROM care.care_record_all_user WHERE n <> 0 ORDER BY 1, 2`);
  expect(counters).toEqual(await t.sql(`SELECT username, status, count(*)::int AS n FROM care.care_record GROUP BY 1, 2 ORDER BY 1, 2`));

  const inScope = {
    branch: `(username = 'cn1' OR username IN (SELECT username FROM care.staff WHERE brand_id = 'b1'))`,
    leader: `(username = 'tn1' OR username IN (SELECT username FROM care.staff WHERE group_id = 'l1'))`,
    self: `username = 'nv3'`,
  };
  const who = { branch: caller(t, 3, 'cn1', 'b1'), leader: caller(t, 4, 'tn1', 'l1'), self: sales('nv3') };
  for (const k of ['branch', 'leader', 'self'] as const) {
    for (const status of ['', 'KBM']) {
      const [want] = await t.sql(
        `SELECT count(*)::int AS n FROM care.care_record WHERE ${inScope[k]}${status ? ` AND status = '${status}'` : ''}`,
      );
      const page = await care.careHistory(history({ page: 1, count: 500, status }), { identity: who[k] });
      expect([k, status, page.count]).toEqual([k, status, want.n]);
      expect(page.values).toHaveLength(want.n);
    }
  }
  // Rows outside the scope never show; a period is counted from the per-day counters.
  const branch = await care.careHistory(history({ page: 1, count: 500 }), { identity: who.branch });
  expect(branch.values.map((r) => r.username).filter((u) => ['nv9', 'cn2', 'nguoi_ngoai'].includes(u))).toEqual([]);
  const vnIso = (daysAgo: number) => new Date(Date.now() + 7 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  const [week] = await t.sql(
    `SELECT count(*)::int AS n FROM care.care_record WHERE ${inScope.branch}
        AND created_at >= ($1::date::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh') AND created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')`,
    [vnIso(13), vnIso(7)],
  );
  expect(week.n).toBeGreaterThan(0);
  expect(
    (await care.careHistory(history({ page: 1, count: 20, startDate: dmy(vnIso(13)), endDate: dmy(vnIso(7)) }), { identity: who.branch }))
      .count,
  ).toBe(week.n);
});

it('busy-signal rate: results returned and each result per staff member in the period', async () => {
  await handTo([{ username: 'nv5', count: 4 }]);
  const results: Array<Record<string, string>> = [
    { status: 'KBM', note: 'a' },
    { status: 'KBM', note: 'b' },
    { status: 'APPROVED', package: 'V90' },
  ];
  // nv5 already holds a case from the concurrency test: close it first.
  for (const r of [{ status: 'REJECTED', note: 'x' }, ...results]) {
    const open = (await care.newCare({}, { identity: sales('nv5') })).value!;
    await care1(open.customer!.id, sales('nv5'), r);
  }
  const rate = await care.busySignalRate(
    { page: 1, count: 20, username: 'nv5', message: '', startDate: '', endDate: '' },
    { identity: manager() },
  );
  expect(rate.values).toEqual([
    {
      username_nv: 'nv5',
      ten_nv: 'Tên nv5',
      so_tra_ket_qua: 4,
      hen: 0,
      chap_nhan: 1,
      tu_choi: 1,
      khong_nghe_may: 2,
      khong_lien_lac_duoc: 0,
      dung_lai_goi_cu: 0,
      da_dang_ky_lai: 0,
    },
  ]);
  // A salesperson sees only themself; another branch nobody of this one.
  const own = await care.busySignalRate(
    { page: 1, count: 20, username: '', message: '', startDate: '', endDate: '' },
    { identity: sales('nv5') },
  );
  expect(own.values.map((r) => r.username_nv)).toEqual(['nv5']);
  const other = await care.busySignalRate(
    { page: 1, count: 20, username: 'nv5', message: '', startDate: '', endDate: '' },
    { identity: caller(t, 3, 'cn2', 'b2') },
  );
  expect(other.count).toBe(0);
  // The `message` filter finds staff by username or name, case-insensitively.
  const found = await care.busySignalRate(
    { page: 1, count: 20, username: '', message: 'TÊN NV5', startDate: '', endDate: '' },
    { identity: manager() },
  );
  expect(found.values.map((r) => r.username_nv)).toEqual(['nv5']);
  expect(
    (
      await care.busySignalRate(
        { page: 1, count: 20, username: '', message: 'khong-co-ai', startDate: '', endDate: '' },
        { identity: manager() },
      )
    ).count,
  ).toBe(0);
  // A period with nothing in it.
  expect(
    (
      await care.busySignalRate(
        { page: 1, count: 20, username: 'nv5', message: '', startDate: '01/01/2020', endDate: '31/01/2020' },
        { identity: manager() },
      )
    ).count,
  ).toBe(0);
});
