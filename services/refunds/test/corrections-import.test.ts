/**
 * The working day's two calls on requests, on real PostgreSQL and Kafka:
 *  - `PUT /api/v1/requestrefund/{id}`: a manager corrects a top-up's wrong phone; the customer's
 *    bank transfer, approved for the right number and waiting, then settles it; the trail names
 *    the correction; the create rules refuse a bad number;
 *  - `POST /api/v1/requestrefund/import`: a sheet's good rows become requests (the named staff
 *    member's, made without the API, a refund priced from the list, a top-up discounted), the others
 *    come back with their sheet row and reason; the same chunk sent again creates nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { vnDateTime } from '@cskh/kit';
import { announceStaff, failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_bank, refunds_v1_refunds as R } from '@cskh/proto';
import { MESSAGE_APPROVED_TOPIC } from '../src/workers/bank-transfers';
import { RMSG } from '../src/domain/messages';
import { caller, opts, priceInput, RefundsApi, startRefunds } from './helpers';

let t: TestService;
let api: RefundsApi;
const PKG = `SUA${rand()}`.toUpperCase();
const SELLER = `nv_sua_${rand()}`;

beforeAll(async () => {
  ({ t, api } = await startRefunds());
  const admin = caller(t, 1, ['giahoantien', 'settings']);
  await api.createPrice(priceInput(PKG, 50000), opts(admin));
  await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(admin));
  await announceStaff(t, [{ username: SELLER }]);
});
afterAll(async () => {
  await t?.stop();
});

const manager = () => caller(t, 2, ['requestrefund'], 'quanly_sua');
const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

it('a manager corrects a top-up’s phone; the waiting bank transfer for the right number then settles it', async () => {
  const wrong = phone();
  const right = phone();
  const created = await api.createTopUp(
    R.CreateTopUpRequest.fromPartial({
      millisecond_created_at: Date.now(),
      number_phone: wrong,
      number_type: 1,
      package_code: PKG,
      refund_price: 100000,
      cho_len_don: 0,
    }),
    opts(caller(t, 5, ['requestrefund'], SELLER)),
  );
  const id = created.values[0].id;
  const e = events_v1_bank.BankMessageApproved.fromPartial({
    event_id: randomUUID(),
    transfer_id: randomUUID(),
    phone: right,
    package: PKG,
    amount: 90000,
    approver: 'ketoan',
    approved_at: vnDateTime(new Date()),
    sender: 'VPBANK',
    transfer_at: vnDateTime(new Date()),
  });
  await t.bus.publish([
    { topic: MESSAGE_APPROVED_TOPIC, key: e.transfer_id, value: Buffer.from(events_v1_bank.BankMessageApproved.encode(e).finish()) },
  ]);
  await until(
    'the transfer waits',
    async () => !!(await t.sql(`SELECT 1 FROM refunds.bank_transfer WHERE transfer_id = $1`, [e.transfer_id])).length,
  );
  expect(await api.getRequest({ id }, opts(manager()))).toMatchObject({ is_transfer: 0, approver: '' });

  expect(await failure(api.correctSubscriber({ id, number_phone: '12ab', number_type: 1 }, opts(manager())))).toMatchObject({
    status: 400,
    msg: RMSG.phoneInvalid,
  });
  // Prepaid was wrong too: postpaid; the amounts (10 % prepaid) stay as the customer was told them.
  const fixed = await api.correctSubscriber({ id, number_phone: right, number_type: 2 }, opts(manager()));
  expect(fixed).toMatchObject({
    number_phone: right.slice(1),
    number_type: 2,
    transfer_final_amount: 90000,
    is_transfer: 1,
    approver: '__AUTO',
  });
  const trail = await api.requestHistory({ id, page: 1, count: 20 }, opts(manager()));
  expect(trail.values.find((v) => v.field === 'number_phone')).toMatchObject({ username: 'quanly_sua', to_value: right });
  expect(trail.values.find((v) => v.field === 'number_type')).toMatchObject({ from_value: '1', to_value: '2' });
  // Settled by that transfer, the number is no longer to be corrected.
  expect(await failure(api.correctSubscriber({ id, number_phone: wrong, number_type: 2 }, opts(manager())))).toMatchObject({
    status: 422,
    msg: RMSG.correctAfterTransfer,
  });
});

it('an imported sheet makes requests of its good rows and reports the others by sheet row; sent again it adds nothing', async () => {
  const p1 = phone();
  const p2 = phone();
  const rows = [
    {
      staff_username: SELLER,
      number_phone: p1,
      number_type: 'MC',
      package_code: PKG.toLowerCase(),
      request_type: 'Hoàn trước',
      request_method: 'Gia hạn',
      other_refund: 5000,
      other_reason: 'Khách gọi lại',
    },
    { number_phone: p2, number_type: 'MG', package_code: PKG, request_type: 'Nạp tiền', request_method: '', refund_price: 200000 },
    { number_phone: p1, number_type: 'MC', package_code: 'KHONGCO', request_type: 'Hoàn sau', request_method: 'G1' },
    { number_phone: '', number_type: 'MC', package_code: PKG, request_type: 'Hoàn sau', request_method: 'G1' },
    { staff_username: 'khong_ai', number_phone: p1, number_type: 'MC', package_code: PKG, request_type: 'Hoàn sau', request_method: 'G1' },
  ].map((r) => R.ImportRequestRow.fromPartial(r));
  const chunk = { rows, file_name: 'yeu-cau.xlsx', first_row: 2 };
  const reply = await api.importRequests(chunk, opts(manager()));
  expect(reply.saved).toBe(2);
  expect(reply.errorRows.map((e) => [e.row, e.error_type])).toEqual([
    [4, `Không tìm thấy giá hoàn tiền của gói cước KHONGCO`],
    [5, 'Có trường bắt buộc chưa được nhập hoặc chưa được chọn'],
    [6, RMSG.assignStaffInactive('khong_ai')],
  ]);
  const list = await api.listRequests(R.ListRequestsRequest.fromPartial({ page: 1, count: 50, message: PKG }), opts(manager()));
  const refund = list.values.find((v) => v.number_phone === p1.slice(1))!;
  const topUp = list.values.find((v) => v.number_phone === p2.slice(1))!;
  expect(refund).toMatchObject({
    staff_username: SELLER,
    request_type: 1,
    request_method: 1,
    refund_price: 50000,
    other_refund: 5000,
    trang_thai_giao_dich_doi_tac: 'Đã tạo đơn không qua API',
  });
  expect(topUp).toMatchObject({
    staff_username: 'quanly_sua',
    request_type: 5,
    refund_price: 200000,
    transfer_final_amount: 200000,
    number_type: 2,
  });
  const again = await api.importRequests(chunk, opts(manager()));
  expect(again.saved).toBe(2);
  const after = await api.listRequests(R.ListRequestsRequest.fromPartial({ page: 1, count: 50, message: PKG }), opts(manager()));
  expect(after.count).toBe(list.count);
});
