/**
 * On real PostgreSQL and Kafka: the refund report's own actions under its own
 * permission (GET /{id}, approve, transfer and partner statuses: the request list's rules), and the
 * hand-out of requests (count-assign, assign, GET assign): the pool is every request not handed yet
 * whose partner status is not final; managers hand it out oldest first to active staff, audited.
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { refunds_v1_refunds as R } from '@cskh/proto';
import { RMSG } from '../src/domain/messages';
import { caller, opts, priceInput, RefundsApi, startRefunds } from './helpers';

let t: TestService;
let api: RefundsApi;
const PKG = `GIAO${rand()}`.toUpperCase();
const SELLER = `nvgiao_${rand()}`;
const OTHER = `nvkhac_${rand()}`;
const LOCKED = `nvkhoa_${rand()}`;
const ids: string[] = [];
let ms = Date.now();

const manager = (codes = ['requestrefund', 'requestrefundreport', 'requestrefund.duyet-don-chuyen-khoan']) =>
  caller(t, 2, codes, 'quanly_giao');
const reportOnly = (priority: number, codes = ['requestrefundreport']) => caller(t, priority, codes, `bc_${priority}_${rand()}`);

beforeAll(async () => {
  ({ t, api } = await startRefunds());
  const admin = caller(t, 1, ['giahoantien', 'settings']);
  await api.createPrice(priceInput(PKG, 50000), opts(admin));
  await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(admin));
  await announceStaff(t, [{ username: SELLER }, { username: OTHER }, { username: LOCKED, is_locked: true }]);
  const seller = caller(t, 5, ['requestrefund'], SELLER);
  for (let i = 0; i < 3; i++)
    ids.push(
      (
        await api.createTopUp(
          R.CreateTopUpRequest.fromPartial({
            millisecond_created_at: ++ms,
            number_phone: `091234560${i}`,
            number_type: 1,
            package_code: PKG,
            refund_price: 100000,
            cho_len_don: 0,
          }),
          opts(seller),
        )
      ).values[0].id,
    );
}, 120000);
afterAll(async () => {
  await t?.stop();
});

describe("the report's own actions (requestrefundreport)", () => {
  it('a manager reads, approves and sets the statuses of a request from the report', async () => {
    const who = manager(['requestrefundreport', 'requestrefund.duyet-don-chuyen-khoan']);
    expect(await api.getReportRequest({ id: ids[0] }, opts(who))).toMatchObject({
      id: ids[0],
      transfer_final_amount: 90000,
      tien_hoan_sau_chiet_khau: 90000,
    });
    expect(await api.approveReportTopUp({ id: ids[0], status_duyet_don: 1, currentOriginUrl: '' }, opts(who))).toMatchObject({
      approver: 'quanly_giao',
      is_transfer: 1,
    });
    expect(await api.setReportTransferStatus({ id: ids[0], is_transfer: 0 }, opts(who))).toMatchObject({ is_transfer: 0 });
    expect(await api.setReportTradeStatus({ id: ids[0], ma_trang_thai_giao_dich_doi_tac: -9999 }, opts(who))).toMatchObject({
      trang_thai_giao_dich_doi_tac: 'Hoàn thành',
    });
    const trail = await api.requestHistory({ id: ids[0], page: 1, count: 10 }, opts(who));
    expect(trail.values.map((e) => e.field)).toEqual(expect.arrayContaining(['approver', 'is_transfer', 'trang_thai_giao_dich_doi_tac']));
  });

  it('the same rules as the list: approval needs its sub-permission, statuses a manager, reading stays within the subtree', async () => {
    // The gateway's guard asks for the approval's code; the service asks again.
    expect(
      await failure(api.approveReportTopUp({ id: ids[1], status_duyet_don: 1, currentOriginUrl: '' }, opts(reportOnly(2)))),
    ).toMatchObject({ status: 403, msg: RMSG.approveForbidden });
    expect(await failure(api.setReportTransferStatus({ id: ids[1], is_transfer: 1 }, opts(reportOnly(3))))).toMatchObject({
      status: 403,
      msg: RMSG.editForbidden,
    });
    expect(
      await failure(api.setReportTradeStatus({ id: ids[1], ma_trang_thai_giao_dich_doi_tac: -9999 }, opts(reportOnly(3)))),
    ).toMatchObject({ status: 403, msg: RMSG.editForbidden });
    expect(await failure(api.getReportRequest({ id: ids[1] }, opts(reportOnly(5))))).toMatchObject({ status: 404, msg: RMSG.notFound });
    // Its salesperson reads it without the discounted amount (priority 3 and above never get it).
    const branch = await api.getReportRequest({ id: ids[1] }, opts(caller(t, 5, ['requestrefundreport'], SELLER)));
    expect(branch.tien_hoan_sau_chiet_khau).toBeUndefined();
    expect(branch.transfer_final_amount).toBe(90000);
  });
});

describe('hand-out (count-assign, assign, GET assign)', () => {
  it('counts the pool, hands it out oldest first to active staff, audited; the pool shrinks and the person sees theirs', async () => {
    // ids[0] is 'Hoàn thành' now: not in the pool.
    expect(await api.countAssignableRequests({}, opts(manager()))).toEqual({ total: 2 });
    const reply = await api.assignRequests({ items: [{ username: OTHER, count: 1 }] }, opts(manager()));
    expect(reply).toEqual({ assigned: 1, items: [{ username: OTHER, count: 1 }], msg: 'Phân chia dữ liệu thành công.' });
    expect(await api.countAssignableRequests({}, opts(manager()))).toEqual({ total: 1 });
    const mine = await api.listAssignedRequests({ page: 1, count: 10 }, opts(caller(t, 5, ['requestrefund'], OTHER)));
    expect(mine.count).toBe(1);
    expect(mine.values[0]).toMatchObject({ id: ids[1], assigned_to: OTHER, number_phone: '****45601' });
    expect(mine.values[0].tien_hoan_sau_chiet_khau).toBeUndefined();
    // Handed to them, so they may open it although it is not in their subtree.
    expect(await api.getRequest({ id: ids[1] }, opts(caller(t, 5, ['requestrefund'], OTHER)))).toMatchObject({ id: ids[1] });
    const trail = await api.requestHistory({ id: ids[1], page: 1, count: 10 }, opts(manager()));
    expect(trail.values[0]).toMatchObject({ field: 'assigned_to', to_value: OTHER, username: 'quanly_giao' });
    // More than the pool holds: what each got, said plainly.
    const short = await api.assignRequests({ items: [{ username: SELLER, count: 5 }] }, opts(manager()));
    expect(short).toMatchObject({ assigned: 1, items: [{ username: SELLER, count: 1 }] });
    expect(short.msg).toContain('ít hơn số yêu cầu');
    expect(await api.assignRequests({ items: [{ username: SELLER, count: 1 }] }, opts(manager()))).toMatchObject({
      assigned: 0,
      msg: RMSG.assignPoolEmpty,
    });
  });

  it('managers only; a locked or unknown person, a bad count or an empty list is refused in Vietnamese', async () => {
    expect(await failure(api.countAssignableRequests({}, opts(caller(t, 3, ['requestrefund']))))).toMatchObject({
      status: 403,
      msg: RMSG.assignForbidden,
    });
    expect(
      await failure(api.assignRequests({ items: [{ username: OTHER, count: 1 }] }, opts(caller(t, 4, ['requestrefund'])))),
    ).toMatchObject({ status: 403, msg: RMSG.assignForbidden });
    expect(await failure(api.assignRequests({ items: [{ username: LOCKED, count: 1 }] }, opts(manager())))).toMatchObject({
      status: 400,
      msg: RMSG.assignStaffInactive(LOCKED),
    });
    expect(await failure(api.assignRequests({ items: [{ username: 'khong_co_ai', count: 1 }] }, opts(manager())))).toMatchObject({
      status: 400,
    });
    expect(await failure(api.assignRequests({ items: [{ username: OTHER, count: 0 }] }, opts(manager())))).toMatchObject({
      status: 400,
      msg: RMSG.assignCountInvalid,
    });
    expect(await failure(api.assignRequests({ items: [] }, opts(manager())))).toMatchObject({ status: 400, msg: RMSG.assignEmpty });
  });
});
