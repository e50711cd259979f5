/**
 * On real PostgreSQL: one customer typed in (POST /api/v1/customer) is checked as a
 * sheet row and joins the caller's list once; 'Mời lại' (POST /api/v1/care/xacNhanMoiLai) re-opens
 * the caller's own call-back customer as their open case, and nothing else.
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { MSG } from '../src/domain/messages';
import { caller, Care, careUserId, importList, phones, startCare } from './helpers';

let t: TestService;
let care: Care;

beforeAll(async () => {
  ({ t, care } = await startCare());
  await announceStaff(
    t,
    [
      { username: 'ml1', user_id: 's-ml1' },
      { username: 'ml2', user_id: 's-ml2' },
    ],
    careUserId,
  );
}, 60000);
afterAll(async () => {
  await t?.stop();
});

const sales = (u: string) => caller(t, 5, u, `s-${u}`);
const manager = () => caller(t, 2, 'quanly');
const empty = { type: '', package: '', registerAt: '', expiredAt: '', packageCycle: '', state: '', packageCanRegister: '' };

it('adds one customer to a list, refuses a bad or repeated number, and joins the same list a sheet of that name fills', async () => {
  const file = `tay-${rand()}.xlsx`;
  const [p1, p2] = phones(2);
  const c = await care.createCustomer(
    { ...empty, file_name: file, phone: p1, package: 'V90', registerAt: '01/03/2026' },
    { identity: manager() },
  );
  expect(c).toMatchObject({ phone: p1, package: 'V90', status: 'NORMAL' });
  expect(await failure(care.createCustomer({ ...empty, file_name: file, phone: p1 }, { identity: manager() }))).toMatchObject({
    status: 409,
    msg: MSG.customerExists(p1),
  });
  expect(await failure(care.createCustomer({ ...empty, file_name: file, phone: '12ab' }, { identity: manager() }))).toMatchObject({
    status: 400,
    msg: MSG.phoneInvalid,
  });
  expect(
    await failure(care.createCustomer({ ...empty, file_name: file, phone: p2, registerAt: '32/13/2026' }, { identity: manager() })),
  ).toMatchObject({ status: 400, msg: MSG.registerAtInvalid });
  expect(await failure(care.createCustomer({ ...empty, file_name: ' ', phone: p2 }, { identity: manager() }))).toMatchObject({
    status: 400,
    msg: MSG.fileNameRequired,
  });
  // A sheet of the same name with the same number adds nothing twice; the list counts both customers.
  const uploadId = await importList(t, care, [p1, p2], file);
  expect(c.upload_id).toBe(uploadId);
  const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM care.customer WHERE upload_id = $1`, [uploadId]);
  expect(n).toBe(2);
});

it("'Mời lại' re-opens the caller's call-back customer as the open case; not a final result, not someone else's, not over an open case", async () => {
  const id = await importList(t, care, phones(3));
  await care.assign({ upload_id: id, items: [{ username: 'ml1', count: 3 }] }, { identity: manager() });
  const take = async () => (await care.newCare({}, { identity: sales('ml1') })).value!.customer!.id;
  const record = (cid: string, over: Record<string, string>) =>
    care.recordCare({ id: cid, status: '', package: '', appointmentAt: '', note: '', ...over }, { identity: sales('ml1') });
  const a = await take();
  await record(a, { status: 'APPOINTMENT', appointmentAt: '27/11/2030 10:30', package: 'V90', note: 'gọi lại sau' });
  const b = await take();
  await record(b, { status: 'APPROVED', package: 'V90' });

  expect(await failure(care.reinviteCustomer({ id: b }, { identity: sales('ml1') }))).toMatchObject({ status: 409, msg: MSG.moiLaiFinal });
  expect(await failure(care.reinviteCustomer({ id: a }, { identity: sales('ml2') }))).toMatchObject({
    status: 403,
    msg: MSG.notYourCustomer,
  });
  expect(await failure(care.reinviteCustomer({ id: '00000000-0000-4000-8000-000000000000' }, { identity: sales('ml1') }))).toMatchObject({
    status: 404,
  });

  // With another case open, the caller finishes that one first.
  const open = await take();
  expect(await failure(care.reinviteCustomer({ id: a }, { identity: sales('ml1') }))).toMatchObject({
    status: 409,
    msg: MSG.moiLaiCaseOpen,
  });
  await record(open, { status: 'KBM', note: 'không nghe' });

  const again = await care.reinviteCustomer({ id: a }, { identity: sales('ml1') });
  expect(again.value?.customer).toMatchObject({ id: a, status: 'TAKECARE' });
  expect(again.msg).toBe(MSG.moiLaiOpened);
  // It is the open case now: the screen shows it, the appointment list no longer has it, and the dialog records a new result.
  expect((await care.openCare({}, { identity: sales('ml1') })).value?.customer?.id).toBe(a);
  expect((await care.listAppointments({ page: 1, count: 20 }, { identity: sales('ml1') })).values.map((v) => v.customer?.id)).not.toContain(
    a,
  );
  const r = await record(a, { status: 'APPROVED', package: 'V120' });
  expect(r.record).toMatchObject({ status: 'APPROVED', package: 'V120' });
  // The no-answer customer can be re-invited too.
  expect((await care.reinviteCustomer({ id: open }, { identity: sales('ml1') })).value?.customer?.id).toBe(open);
});
