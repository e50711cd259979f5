/**
 * Package invitations on real PostgreSQL/Kafka, the real auth service (invite channels) and the
 * carrier simulator over HTTP: the OTP flow by a salesperson whose branch has the channel, the
 * code read from the simulator's admin page, a wrong code refused, the registration stored with
 * its event and the realtime notice through the outbox; inactive channels and missing codes
 * refused; seniors use every channel; a failed renewal is stored without an event; the history
 * per channel, masked, with its phone filter.
 */
import { Identity } from '@cskh/kit';
import { REALTIME_PUSH_TOPIC } from '@cskh/kit/messaging';
import { announceStaff, failure, rand, startTestService, TestService, until } from '@cskh/kit/testing';
import { care_v1_care, events_v1_care, events_v1_realtime } from '@cskh/proto';
import { startCarrierSim, CarrierSimHandle } from '../../carrier-sim/src/main';
import { AuthHarness, createUser, identityOf, startAuth, uniq } from '../../auth/test/helpers';
import { INVITE_REGISTERED_TOPIC } from '../src/domain/events';
import { maskStaffName } from '../src/domain/invite';
import { MSG } from '../src/domain/messages';
import { careModule } from '../src/module';
import { careUserId } from './helpers';

let sim: CarrierSimHandle;
let h: AuthHarness;
let t: TestService;
let care: ReturnType<typeof clientOf>;
let sale: Identity;
let otherSale: Identity;
const registered: events_v1_care.InviteRegistered[] = [];
const pushes: events_v1_realtime.RealtimePush[] = [];

const clientOf = (tt: TestService) => tt.client(care_v1_care.CareServiceService);
const auth = { authorization: `Basic ${Buffer.from('carrier:secret').toString('base64')}` };
const lastCode = async (phone: string) =>
  ((await (await fetch(`${sim.url}/__admin/otp/${phone}`, { headers: auth })).json()) as { code: string }).code;
const invite = (over: Partial<care_v1_care.InviteRequest>, as: Identity) =>
  care.invite(care_v1_care.InviteRequest.fromPartial(over), { identity: as });
const phoneEnding = (d: string) => `09${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${d}`;

beforeAll(async () => {
  sim = await startCarrierSim({ port: 0, username: 'carrier', password: 'secret' });
  h = await startAuth();
  const branch = await createUser(h, { priority: 3, username: uniq('CN_') });
  const s = await createUser(h, { priority: 5, brand: branch.id });
  const otherBranch = await createUser(h, { priority: 3, username: uniq('CN_') });
  const o = await createUser(h, { priority: 5, brand: otherBranch.id });
  // The branch holds code 1 only (auth's rule: channels belong to branch accounts).
  await h.call(
    h.clients.channels,
    'chooseChannel',
    { accountUsername: branch.username, channelName: 'ma_xac_nhan_1', channelText: '' },
    h.admin,
  );
  sale = await identityOf(h, s);
  otherSale = await identityOf(h, o);

  t = await startTestService(careModule, {
    env: { AUTH_GRPC_URL: `127.0.0.1:${h.service.port}`, CARRIER_URL: sim.url, CARRIER_USERNAME: 'carrier', CARRIER_PASSWORD: 'secret' },
  });
  care = clientOf(t);
  // The staff read model as auth's events would fill it (ids as in auth).
  await announceStaff(
    t,
    [
      { username: branch.username, user_id: branch.id, role_priority: 3, fullname: 'Chi Nhánh' },
      { username: s.username, user_id: s.id, role_priority: 5, brand_id: branch.id, fullname: 'Phạm Bán Hàng' },
      { username: otherBranch.username, user_id: otherBranch.id, role_priority: 3 },
      { username: o.username, user_id: o.id, role_priority: 5, brand_id: otherBranch.id },
    ],
    careUserId,
  );
  await t.bus.ensureTopics([INVITE_REGISTERED_TOPIC, REALTIME_PUSH_TOPIC]);
  await t.bus.subscribe({
    groupId: `test-care-invite-${rand()}`,
    topics: [INVITE_REGISTERED_TOPIC, REALTIME_PUSH_TOPIC],
    fromBeginning: true,
    handler: async (m) => {
      if (m.topic.endsWith(INVITE_REGISTERED_TOPIC)) registered.push(events_v1_care.InviteRegistered.decode(m.value));
      else pushes.push(events_v1_realtime.RealtimePush.decode(m.value));
    },
  });
}, 90000);
afterAll(async () => {
  await t?.stop();
  await h?.stop();
  await sim?.stop();
});

it('runs the OTP flow on an active branch channel: code sent, wrong code refused, registration stored, event and notice out', async () => {
  const phone = phoneEnding('1');
  const otp = await invite({ type: 'ma_xac_nhan_1', phone, package: 'mxh120' }, sale);
  expect(otp.msg).toBe('Đã gửi mã OTP thành công');
  expect(otp.transIdGetOtp).toBeTruthy();
  const code = await lastCode(phone);
  // Listed at once: the code sent, waiting for its confirmation, no result yet.
  const history = async () =>
    (
      await care.listInvitations(care_v1_care.ListInvitationsRequest.fromPartial({ type: 'ma_xac_nhan_1', phone, page: 1, count: 10 }), {
        identity: sale,
      })
    ).values;
  const [waiting] = await history();
  expect(waiting).toMatchObject({ status: 'OTP_SENT', resultCodeMO: 'PENDING', packCode: 'MXH120' });

  const wrong = await failure(
    invite(
      { type: 'ma_xac_nhan_1', phone, package: 'MXH120', otp: code === '000000' ? '111111' : '000000', transIdGetOtp: otp.transIdGetOtp },
      sale,
    ),
  );
  expect(wrong).toMatchObject({ code: 'PRECONDITION', msg: 'Mã OTP không đúng' });
  // The carrier's refusal shows on the row, which still waits for the right code.
  expect(await history()).toEqual([expect.objectContaining({ id: waiting.id, status: 'OTP_SENT', resultDesMO: 'Mã OTP không đúng' })]);

  const ok = await invite({ type: 'ma_xac_nhan_1', phone, package: 'MXH120', otp: code, transIdGetOtp: otp.transIdGetOtp }, sale);
  expect(ok.msg).toBe('Xác nhận mã OTP thành công');
  expect(ok.invitation).toMatchObject({
    packCode: 'MXH120',
    packPrice: 120000,
    resultCodeMO: 'REGISTER_SUCCESS',
    requestType: 'DK',
    type: 'ma_xac_nhan_1',
    status: 'CONFIRMED',
  });
  // The confirmation completes the row its request listed: one row, its transaction status beside the result.
  expect(await history()).toEqual([expect.objectContaining({ id: waiting.id, status: 'CONFIRMED', resultCodeMO: 'REGISTER_SUCCESS' })]);

  const event = await until('invite-registered', () => registered.find((e) => e.phone === phone), 20000);
  expect(event).toMatchObject({
    staff: sale.username,
    package: 'MXH120',
    price: 120000,
    channel: 'ma_xac_nhan_1',
    request_type: 'DK',
    invitation_id: ok.invitation!.id,
  });
  const push = await until(
    'the realtime notice',
    () => pushes.find((p) => p.event === 'showThongBao' && JSON.parse(p.payload_json).message.includes(`***${phone.slice(-3)}`)),
    20000,
  );
  expect(push.room).toBe('all');
  // The staff name masked (the full name never goes to everyone), the package upper case, 3 digits.
  const notice = JSON.parse(push.payload_json).message as string;
  expect(notice).toBe(`${maskStaffName(sale.fullname!)} vừa mời thành công gói MXH120 cho thuê bao ***${phone.slice(-3)}`);
  expect(notice).not.toContain(sale.fullname!);
}, 60000);

it('confirms an OTP only for the staff member who asked for it, on that number and channel', async () => {
  const phone = phoneEnding('4');
  const asked = await invite({ type: 'ma_xac_nhan_1', phone, package: 'MXH120' }, sale);
  const code = await lastCode(phone);
  const confirm = (as: Identity, over: Partial<care_v1_care.InviteRequest> = {}) =>
    invite({ type: 'ma_xac_nhan_1', phone, package: 'MXH120', otp: code, transIdGetOtp: asked.transIdGetOtp, ...over }, as);
  // A colleague with the code and the transaction id: refused, nothing registered in their name.
  const senior = t.as(2, ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.otpnew2'], {
    username: `quanly_${rand()}`,
    fullname: 'Quản Lý',
  });
  expect(await failure(confirm(senior))).toMatchObject({ code: 'FORBIDDEN', msg: MSG.otpTransactionNotYours });
  expect(await failure(confirm(sale, { phone: phoneEnding('5') }))).toMatchObject({ code: 'FORBIDDEN', msg: MSG.otpTransactionMismatch });
  expect(await failure(confirm(sale, { transIdGetOtp: `khong-co-${rand()}` }))).toMatchObject({
    code: 'FORBIDDEN',
    msg: MSG.otpTransactionUnknown,
  });
  expect(registered.some((e) => e.phone === phone)).toBe(false);
  // The one who asked confirms it, and the sale is theirs.
  expect((await confirm(sale)).msg).toBe('Xác nhận mã OTP thành công');
  expect(await until('the registration event', () => registered.find((e) => e.phone === phone), 20000)).toMatchObject({
    staff: sale.username,
  });
}, 60000);

it('refuses a channel not active for the caller or their branch, and a channel without its own code; seniors use all four', async () => {
  const phone = phoneEnding('2');
  expect(await failure(invite({ type: 'ma_xac_nhan_2', phone, package: 'V120' }, sale))).toMatchObject({
    code: 'FORBIDDEN',
    msg: MSG.inviteChannelInactive,
  });
  // Another branch's salesperson: code 1 is active for a branch that is not theirs.
  expect(await failure(invite({ type: 'ma_xac_nhan_1', phone, package: 'V120' }, otherSale))).toMatchObject({
    code: 'FORBIDDEN',
    msg: MSG.inviteChannelInactive,
  });
  const noCode = { ...sale, permissions: sale.permissions.filter((p) => p !== 'care.otp') };
  expect(await failure(invite({ type: 'ma_xac_nhan_1', phone, package: 'V120' }, noCode))).toMatchObject({
    code: 'FORBIDDEN',
    msg: MSG.inviteForbidden,
  });
  const senior = t.as(2, ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.otpnew2'], { username: 'quanly', fullname: 'Quản Lý' });
  const r = await invite({ type: 'ma_xac_nhan_2', phone, package: 'V120' }, senior);
  expect(r.transactionNo).toBeTruthy();
  expect(r.transIdGetOtp).toBe('');
  // The carrier's refusal comes back as a 4xx with its own message.
  expect(await failure(invite({ type: 'ma_xac_nhan_3', phone: phoneEnding('0'), package: 'V120' }, senior))).toMatchObject({
    code: 'PRECONDITION',
    msg: 'Thuê bao không đủ điều kiện đăng ký gói cước',
  });
  expect(await failure(invite({ type: 'ma_xac_nhan_2', phone, package: '' }, senior))).toMatchObject({
    code: 'VALIDATION',
    msg: MSG.invitePackageRequired,
  });
}, 60000);

it('renews and registers directly; a failed renewal is stored without an event; the history per channel is masked and filtered', async () => {
  const good = phoneEnding('3');
  const bad = phoneEnding('9');
  const r = await invite({ type: '9332', phone: good, package: 'v120', command: 'GIAHAN' }, sale);
  expect(r.invitation).toMatchObject({ requestType: 'GIAHAN', resultCodeMO: 'REGISTER_SUCCESS', packPrice: 120000 });
  expect(await failure(invite({ type: '9332', phone: bad, package: 'V120', command: 'GIAHAN' }, sale))).toMatchObject({
    code: 'PRECONDITION',
    msg: 'Thuê bao không đủ tiền để đăng ký gói cước',
  });
  await until('the renewal event', () => registered.find((e) => e.phone === good), 20000);
  expect(registered.some((e) => e.phone === bad)).toBe(false);

  // Direct registration lands in the same 9332 history; code 1's history is apart.
  const direct = phoneEnding('4');
  expect((await invite({ type: 'dk', phone: direct, package: 'D120', command: 'DK' }, sale)).msg).toBe(MSG.registered);
  const mine = await care.listInvitations(care_v1_care.ListInvitationsRequest.fromPartial({ type: 'dk', page: 1, count: 10 }), {
    identity: sale,
  });
  expect(mine.count).toBe(3);
  const code1 = await care.listInvitations(care_v1_care.ListInvitationsRequest.fromPartial({ type: 'ma_xac_nhan_1', page: 1, count: 10 }), {
    identity: sale,
  });
  expect(code1.values.every((v) => v.type === 'ma_xac_nhan_1')).toBe(true);
  expect(mine.values.map((v) => v.msisdn).sort()).toEqual(
    [`****${bad.slice(-5)}`, `****${good.slice(-5)}`, `****${direct.slice(-5)}`].sort(),
  );
  expect(mine.values.find((v) => v.msisdn.endsWith(bad.slice(-5)))!.resultCodeMO).toBe('REGISTER_FAIL');
  const filtered = await care.listInvitations(
    care_v1_care.ListInvitationsRequest.fromPartial({ type: '9332', phone: good, page: 1, count: 10 }),
    { identity: sale },
  );
  expect(filtered.values).toHaveLength(1);
  // Another branch's salesperson sees none of them; the export is refused for priority 5.
  expect(
    (
      await care.listInvitations(care_v1_care.ListInvitationsRequest.fromPartial({ type: '9332', page: 1, count: 10 }), {
        identity: otherSale,
      })
    ).count,
  ).toBe(0);
  expect(
    (
      await failure(
        care.listInvitations(care_v1_care.ListInvitationsRequest.fromPartial({ page: 0, count: 9999999999 }), { identity: sale }),
      )
    ).code,
  ).toBe('FORBIDDEN');
  // A manager sees the whole number.
  const all = await care.listInvitations(
    care_v1_care.ListInvitationsRequest.fromPartial({ type: '9332', phone: good, page: 1, count: 10 }),
    { identity: t.as(2, ['care.9332']) },
  );
  expect(all.values[0].msisdn).toBe(good);
  expect(all.values[0].username_nv).toBe(sale.username);
}, 60000);

it("lists the invite page's tabs: code tabs only with a channel active for the caller or their branch, seniors all four", async () => {
  const codes = ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.otpnew2', 'care.9332', 'care.selling', 'care.dk'];
  expect((await care.listInviteTabs({}, { identity: { ...sale, permissions: codes } })).types).toEqual([
    'ma_xac_nhan_1',
    '9332',
    'selling',
    'dk',
  ]);
  expect((await care.listInviteTabs({}, { identity: { ...otherSale, permissions: codes } })).types).toEqual(['9332', 'selling', 'dk']);
  expect((await care.listInviteTabs({}, { identity: { ...sale, permissions: ['care.otp', 'care.selling'] } })).types).toEqual([
    'ma_xac_nhan_1',
    'selling',
  ]);
  const senior = t.as(1, codes, { username: 'admin' });
  expect((await care.listInviteTabs({}, { identity: senior })).types).toEqual([
    'ma_xac_nhan_1',
    'ma_xac_nhan_2',
    'ma_xac_nhan_3',
    'ma_xac_nhan_4',
    '9332',
    'selling',
    'dk',
  ]);
}, 30000);
