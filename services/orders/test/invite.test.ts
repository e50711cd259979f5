/**
 * 'Mời tự động' (inviteAutomatically) end to end: the orders service calls the real care service's Invite
 * RPC over gRPC (CARE_GRPC_URL), which registers at the carrier simulator — both services on real
 * PostgreSQL/Kafka. The invitation is care's own (stored in care's history under the caller's
 * name, with care's channel, message and result code); care's rules apply to the caller (its
 * channel permission code); care's refusals keep their code and message; orders someone may not
 * see are never sent; care missing or unreachable is a 503 with our message.
 */
import { Identity } from '@cskh/kit';
import { announceStaff, failure, rand, startTestService, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import { careModule } from '../../care/src/module';
import { startCarrierSim } from '../../carrier-sim/src/server';
import { careInviteChannel } from '../src/clients/care-invites';
import { MSG } from '../src/domain/messages';
import { listPackage, startOrders } from './helpers';

const O = orders_v1_orders;
let sim: Awaited<ReturnType<typeof startCarrierSim>>;
let care: TestService;
let orders: Awaited<ReturnType<typeof startOrders>>;
const PKG = `MXH${Math.floor(Math.random() * 900) + 100}`;
const nv = `nv_${rand()}`;
const other = `nv_${rand()}`;

/** A salesperson holding the order codes and care's direct-registration code (or not). */
const sales = (username = nv, codes = ['mfy', 'dangky9279', 'care.dk']): Identity =>
  orders.t.as(5, codes, { username, fullname: `Tên ${username}`, userId: `id-${username}` });
/** A subscriber number whose last digit decides the simulator's answer (9 = not enough balance). */
const phoneEnding = (d: string) => `09${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${d}`;
const invitationsOf = (phone: string) =>
  care.sql(`SELECT type, package, request_type, result_code, username FROM care.invitation WHERE phone9 = $1 ORDER BY created_at`, [
    phone.slice(-9),
  ]);

beforeAll(async () => {
  sim = await startCarrierSim({ port: 0, username: 'cskh', password: 'cskh-carrier' });
  care = await startTestService(careModule, { env: { CARRIER_URL: sim.url, CARRIER_USERNAME: 'cskh', CARRIER_PASSWORD: 'cskh-carrier' } });
  orders = await startOrders(undefined, undefined, { CARE_GRPC_URL: care.address });
  await listPackage(orders.t, 'mfy', PKG);
  await listPackage(orders.t, '9279', PKG);
  await announceStaff(orders.t, [
    { username: nv, role_priority: 5 },
    { username: other, role_priority: 5 },
  ]);
}, 90000);
afterAll(async () => {
  await orders?.t.stop();
  await care?.stop();
  await sim?.stop();
});

const newMfy = (phone: string, who = sales()) =>
  orders.mfy.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: phone, ma_goi: PKG, gia_ban_goi: '1' }), { identity: who });

it("invites an mfy order's subscriber through care's channel: care's answer, care's history under the caller's name", async () => {
  const phone = phoneEnding('3');
  const o = await newMfy(phone);
  const r = await orders.mfy.inviteAutomatically({ id: o.id }, { identity: sales() });
  expect(r).toEqual({ result: 'success', mes: 'Đăng ký gói cước thành công', channel: 'dk', status: 'REGISTER_SUCCESS' });
  expect(await invitationsOf(phone)).toEqual([
    { type: 'dk', package: PKG, request_type: 'DK', result_code: 'REGISTER_SUCCESS', username: nv },
  ]);
}, 60000);

it('a 9279 renewal order renews; a 9279 registration registers', async () => {
  const manager = orders.t.as(2, ['dangky9279', 'care.dk'], { username: 'quanly', userId: 'id-quanly' });
  const renew = phoneEnding('4');
  const reg = phoneEnding('5');
  for (const [phone, hinh_thuc] of [
    [renew, 'gia_han'],
    [reg, 'dang_ky'],
  ]) {
    const o = await orders.reg9279.createOrder(
      O.SaveOrderRequest.fromPartial({ so_dien_thoai: phone, ma_goi: PKG, gia_ban_goi: '2', hinh_thuc, username_nv: nv }),
      { identity: manager },
    );
    expect((await orders.reg9279.inviteAutomatically({ id: o.id }, { identity: manager })).status).toBe('REGISTER_SUCCESS');
  }
  expect((await invitationsOf(renew))[0]).toMatchObject({ request_type: 'GIAHAN', username: 'quanly' });
  expect((await invitationsOf(reg))[0]).toMatchObject({ request_type: 'DK' });
}, 60000);

it("care's refusals reach the caller with care's code and message", async () => {
  // The carrier refuses (not enough balance): care keeps the failed invitation and answers 422.
  const poor = phoneEnding('9');
  const o = await newMfy(poor);
  expect(await failure(orders.mfy.inviteAutomatically({ id: o.id }, { identity: sales() }))).toMatchObject({
    status: 422,
    code: 'PRECONDITION',
    msg: 'Thuê bao không đủ tiền để đăng ký gói cước',
  });
  expect((await invitationsOf(poor)).map((i) => i.result_code)).toEqual(['REGISTER_FAIL']);
  // Care's rule on the caller: without the channel's code (care.dk) care refuses; nothing is sent.
  const phone = phoneEnding('2');
  const own = await newMfy(phone);
  expect(await failure(orders.mfy.inviteAutomatically({ id: own.id }, { identity: sales(nv, ['mfy']) }))).toMatchObject({
    status: 403,
    msg: 'Bạn không có quyền mời gói cước qua kênh này',
  });
  expect(await invitationsOf(phone)).toEqual([]);
}, 60000);

it('an order the caller may not see is not sent to care; an unknown id is a 404', async () => {
  const phone = phoneEnding('6');
  const theirs = await newMfy(phone, sales(other));
  expect(await failure(orders.mfy.inviteAutomatically({ id: theirs.id }, { identity: sales() }))).toMatchObject({
    status: 404,
    msg: MSG.orderNotFound,
  });
  expect(await failure(orders.mfy.inviteAutomatically({ id: '999999999' }, { identity: sales() }))).toMatchObject({ status: 404 });
  expect(await invitationsOf(phone)).toEqual([]);
}, 60000);

it('care not configured or not reachable: 503 with our message', async () => {
  const req = { type: 'dk' as const, phone: '0912345678', package: PKG, command: 'DK' as const };
  expect(await failure(careInviteChannel(undefined).invite(req, sales()))).toMatchObject({ status: 503, msg: MSG.inviteUnavailable });
  const gone = careInviteChannel('127.0.0.1:1', 3000);
  try {
    expect(await failure(gone.invite(req, sales()))).toMatchObject({ status: 503, msg: MSG.inviteUnavailable });
  } finally {
    gone.close();
  }
}, 30000);
