/**
 * Invite-next-day on real PostgreSQL/Kafka and the carrier simulator's balance lookup: the dialog's
 * rules on the server (priority 5 records for themself), balance, price and share, the invite
 * count from care's invitations, visibility by subtree, edits and status changes in the audit
 * trail, the 200-row import with row errors and an idempotent re-send, and the all-or-nothing
 * hand-out of unheld records (two seniors at once never hand one record twice).
 */
import { announceStaff, failure, startTestService, TestService } from '@cskh/kit/testing';
import { care_v1_care } from '@cskh/proto';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import { balance } from '../../carrier-sim/src/domain/data';
import { balanceShare } from '../src/domain/next-day';
import { MSG } from '../src/domain/messages';
import { careModule } from '../src/module';
import { careUserId, phones } from './helpers';

let sim: CarrierSimHandle;
let t: TestService;
let care: ReturnType<typeof clientOf>;
const clientOf = (tt: TestService) => tt.client(care_v1_care.CareServiceService);
const perms = ['moigoihomsau'];
const manager = () => t.as(2, perms, { username: 'quanly', fullname: 'Quản Lý' });
const branch = (u: string, id: string) => t.as(3, perms, { username: u, userId: id, fullname: `Tên ${u}` });
const sales = (u: string) => t.as(5, perms, { username: u, userId: `s-${u}`, fullname: `Tên ${u}` });

beforeAll(async () => {
  sim = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
  t = await startTestService(careModule, { env: { CARRIER_URL: sim.url, CARRIER_USERNAME: 'carrier', CARRIER_PASSWORD: 'secret' } });
  care = clientOf(t);
  await announceStaff(
    t,
    [
      { username: 'cn1', user_id: 'b1', role_priority: 3 },
      { username: 'nv1', user_id: 's-nv1', brand_id: 'b1' },
      { username: 'nv2', user_id: 's-nv2', brand_id: 'b1' },
      { username: 'cn2', user_id: 'b2', role_priority: 3 },
      { username: 'nv9', user_id: 's-nv9', brand_id: 'b2' },
    ],
    careUserId,
  );
}, 60000);
afterAll(async () => {
  await t?.stop();
  await sim?.stop();
});

const input = (over: Partial<care_v1_care.NextDayInput>) => care_v1_care.NextDayInput.fromPartial(over);

it('creates with the balance the carrier reports, the package price and the share; priority 5 records for themself', async () => {
  const [phone] = phones(1);
  const r = await care.createNextDay(input({ phone, package: 'mxh120', username: 'nv1' }), { identity: manager() });
  const tkc = balance(`84${phone.slice(-9)}`).PHONE_BALANCE;
  expect(r).toMatchObject({
    phone,
    package: 'MXH120',
    tkc,
    gia_goi: 120000,
    tkc_chia_phan_tram_gia_goi: balanceShare(tkc, 120000),
    username: 'nv1',
    ten_nv: 'Tên nv1',
    status: 0,
    so_lan_moi: 0,
  });
  expect(r.createdAt).toMatch(/\+07:00$/);

  const own = await care.createNextDay(input({ phone: phones(1)[0], package: 'V90', username: 'nv2' }), { identity: sales('nv1') });
  expect(own.username).toBe('nv1');

  expect(await failure(care.createNextDay(input({ phone: '', package: 'V90', username: 'nv1' }), { identity: manager() }))).toMatchObject({
    code: 'VALIDATION',
    msg: MSG.invitePhoneRequired,
  });
  expect(await failure(care.createNextDay(input({ phone, package: '', username: 'nv1' }), { identity: manager() }))).toMatchObject({
    msg: MSG.invitePackageRequired,
  });
  expect(await failure(care.createNextDay(input({ phone, package: 'V90', username: '' }), { identity: manager() }))).toMatchObject({
    msg: MSG.nextDayStaffRequired,
  });
  // A branch gives records only to its own people.
  expect(
    await failure(care.createNextDay(input({ phone, package: 'V90', username: 'nv9' }), { identity: branch('cn1', 'b1') })),
  ).toMatchObject({
    code: 'FORBIDDEN',
    msg: MSG.nextDayStaffOutOfScope('nv9'),
  });
});

it('lists by subtree with the phone search, counts invitations since the record, and audits edits and status', async () => {
  const [phone] = phones(1);
  const r = await care.createNextDay(input({ phone, package: 'V120', username: 'nv2' }), { identity: manager() });
  // Two invitations of the number after the record: the count follows care's invitation records.
  for (const code of ['REGISTER_SUCCESS', 'REGISTER_FAIL'])
    await t.sql(
      `INSERT INTO care.invitation (type, phone, phone9, package, request_type, result_code, username) VALUES ('dk', $1, $2, 'V120', 'DK', $3, 'nv2')`,
      [phone, phone.slice(-9), code],
    );
  const seen = await care.listNextDay({ page: 1, count: 20, phone: phone.slice(-6) }, { identity: branch('cn1', 'b1') });
  expect(seen.values.map((v) => [v.id, v.so_lan_moi])).toEqual([[r.id, 2]]);
  expect((await care.listNextDay({ page: 1, count: 20, phone }, { identity: branch('cn2', 'b2') })).count).toBe(0);
  expect((await care.listNextDay({ page: 1, count: 20, phone }, { identity: sales('nv1') })).count).toBe(0);
  expect(await failure(care.getNextDay({ id: r.id }, { identity: sales('nv1') }))).toMatchObject({ code: 'NOT_FOUND' });

  const edited = await care.updateNextDay(input({ id: r.id, phone, package: 'ST90', username: 'nv1' }), { identity: manager() });
  expect(edited).toMatchObject({ package: 'ST90', gia_goi: 90000, username: 'nv1' });
  expect((await care.approveNextDay({ id: r.id }, { identity: sales('nv1') })).status).toBe(1);
  expect((await care.setNextDayStatus({ id: r.id, status: 0 }, { identity: manager() })).status).toBe(0);
  expect(await failure(care.setNextDayStatus({ id: r.id, status: 7 }, { identity: manager() }))).toMatchObject({
    code: 'VALIDATION',
    msg: MSG.nextDayStatusInvalid,
  });
  const trail = await care.nextDayHistory({ id: r.id, page: 1, count: 10 }, { identity: manager() });
  expect(trail.values.map((e) => e.field).sort()).toEqual(['package', 'status', 'status', 'username']);

  await care.deleteNextDay({ id: r.id }, { identity: manager() });
  expect(await failure(care.getNextDay({ id: r.id }, { identity: manager() }))).toMatchObject({ code: 'NOT_FOUND' });
});

it('imports 200-row chunks with row-numbered errors and stores a re-sent chunk once', async () => {
  const list = phones(3);
  const rows = [
    { phone: list[0], package: 'V90', username: 'nv1' },
    { phone: list[1], package: 'MXH120', username: 'nv2' },
    { phone: '12345', package: 'V90', username: 'nv1' },
    { phone: list[2], package: 'V90', username: 'nv9' },
  ];
  const first = await care.importNextDay({ rows, first_row: 2 }, { identity: branch('cn1', 'b1') });
  expect(first.saved).toBe(2);
  expect(first.errorRows.map((e) => [e.row, e.error_type])).toEqual([
    [4, MSG.invitePhoneInvalid],
    [5, MSG.nextDayStaffOutOfScope('nv9')],
  ]);
  const again = await care.importNextDay({ rows, first_row: 2 }, { identity: branch('cn1', 'b1') });
  expect(again.saved).toBe(2);
  const stored = await t.sql(`SELECT phone, tkc::int AS tkc FROM care.next_day_invite WHERE phone = ANY($1) ORDER BY phone`, [list]);
  expect(stored).toEqual([list[0], list[1]].sort().map((p) => ({ phone: p, tkc: balance(`84${p.slice(-9)}`).PHONE_BALANCE })));
}, 60000);

it('hands out unheld records exactly, all or nothing, never one record twice when two seniors divide at once', async () => {
  const list = phones(6);
  // Records nobody holds yet (an import by a senior naming no staff is refused, so they come from the pool table).
  for (const p of list)
    await t.sql(`INSERT INTO care.next_day_invite (phone, phone9, package, created_by) VALUES ($1, $2, $3, 'quanly')`, [
      p,
      p.slice(-9),
      'V90',
    ]);
  const before = (await care.countNextDayAssignable({}, { identity: manager() })).total;
  expect(before).toBeGreaterThanOrEqual(6);
  expect(
    await failure(care.assignNextDay({ upload_id: '', items: [{ username: 'nv1', count: before + 1 }] }, { identity: manager() })),
  ).toMatchObject({ code: 'PRECONDITION' });
  expect((await care.countNextDayAssignable({}, { identity: manager() })).total).toBe(before);

  const heldBy = async () =>
    Number((await t.sql(`SELECT count(*)::int AS n FROM care.next_day_invite WHERE username IN ('nv1', 'nv2')`))[0].n);
  const heldBefore = await heldBy();
  const half = Math.floor(before / 2);
  const outcomes = await Promise.allSettled([
    care.assignNextDay({ upload_id: '', items: [{ username: 'nv1', count: half }] }, { identity: manager() }),
    care.assignNextDay({ upload_id: '', items: [{ username: 'nv2', count: half }] }, { identity: t.as(1, perms, { username: 'admin' }) }),
  ]);
  expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
  expect((await care.countNextDayAssignable({}, { identity: manager() })).total).toBe(before - 2 * half);
  // Exactly what was asked changed hands: no record was handed twice, none lost.
  expect((await heldBy()) - heldBefore).toBe(2 * half);
  const mine = await care.listNextDayAssigned({ page: 1, count: 100 }, { identity: sales('nv1') });
  expect(mine.values.every((v) => v.username === 'nv1')).toBe(true);
}, 60000);
