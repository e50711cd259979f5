/**
 * Refund and discount top-up requests end to end on real PostgreSQL and Kafka: the server's maths
 * with the rate stored at creation, idempotent creation, chained orders, the partner channel
 * (success, refusal, timeout then retry: one top-up), priority and permission rules on the answers
 * and the edits, totals over the whole filter, audit trail and the refunds.changed event.
 */
import { ALL_ROWS_COUNT, fromServiceError } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { announceStaff, failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_refunds, refunds_v1_refunds as R } from '@cskh/proto';
import { MSG, RMSG } from '../src/domain/messages';
import { REFUND_CHANGED_TOPIC } from '../src/store/requests';
import { caller, opts, priceInput, RefundsApi, startRefunds } from './helpers';
import { CarrierSimHandle, startCarrierSim } from '../../carrier-sim/src/main';

let t: TestService;
let api: RefundsApi;
let carrier: CarrierSimHandle;
let sub: Subscription;
const events: events_v1_refunds.RefundChanged[] = [];
const PKG = `GOI${rand()}`.toUpperCase();

beforeAll(async () => {
  // The card gateways are the carrier simulator's partner API, reached with the carrier's credentials.
  carrier = await startCarrierSim({ port: 0, username: 'cskh', password: 'cskh-carrier' });
  ({ t, api } = await startRefunds({
    CARRIER_URL: carrier.url,
    CARRIER_USERNAME: 'cskh',
    CARRIER_PASSWORD: 'cskh-carrier',
    PARTNER_TIMEOUT_MS: '700',
  }));
  sub = await t.bus.subscribe({
    groupId: `refunds-test-${rand()}`,
    topics: [REFUND_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_refunds.RefundChanged.decode(m.value)),
  });
  const admin = caller(t, 1, ['giahoantien', 'settings']);
  await api.createPrice(priceInput(PKG, 50000), opts(admin)); // renewal 50 000, G1 59 000, G2 60 000, G3 61 000
  await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(admin));
  await api.updateSetting({ key: 'ti_le_chiet_khau_tra_sau', value: '3.5' }, opts(admin));
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
  await carrier?.stop();
});

const sales = (username = `sale_${rand()}`) => caller(t, 5, ['requestrefund'], username);
const manager = () => caller(t, 2, ['requestrefund', 'requestrefund.duyet-don-chuyen-khoan', 'requestrefund.doi-kenh-hoan-tien'], 'quanly');
const setChannel = (value: string) => api.updateSetting({ key: 'kenh_hoan_tien', value }, opts(manager()));
let ms = Date.now();
const refund = (over: Partial<R.CreatePackageRefundRequest> = {}) =>
  R.CreatePackageRefundRequest.fromPartial({
    millisecond_created_at: ++ms,
    number_phone: '0912345670',
    number_type: 1,
    package_code: PKG.toLowerCase(),
    request_type: 1,
    request_method: 10,
    cho_len_don: 0,
    ...over,
  });
const topUp = (over: Partial<R.CreateTopUpRequest> = {}) =>
  R.CreateTopUpRequest.fromPartial({
    millisecond_created_at: ++ms,
    number_phone: '0912345670',
    number_type: 1,
    package_code: PKG,
    refund_price: 100000,
    cho_len_don: 0,
    ...over,
  });

describe('creation (khong_qua_api)', () => {
  it('a package refund takes its amount from the price list by method; the notice is the spec’s', async () => {
    const reply = await api.createPackageRefund(
      refund({ request_method: 11, other_refund: 5000, other_reason: 'Khách phàn nàn' }),
      opts(sales()),
    );
    expect(reply.values[0]).toMatchObject({
      request_type: 1,
      request_method: 11,
      refund_price: 60000,
      other_refund: 5000,
      package_code: PKG,
      number_phone: '****45670',
    });
    expect(reply.notices[0]).toMatchObject({ channel: 'khong_qua_api', text: '[YÊU CẦU HOÀN TIỀN]\nĐã tạo đơn không qua API' });
  });

  it('required fields and the order question answer the spec’s alerts', async () => {
    expect(await failure(api.createPackageRefund(refund({ package_code: '' }), opts(sales())))).toMatchObject({
      status: 400,
      msg: MSG.requiredMissing,
    });
    expect(await failure(api.createPackageRefund(refund({ cho_len_don: undefined }), opts(sales())))).toMatchObject({
      status: 400,
      msg: RMSG.choLenDonRequired,
    });
    expect(await failure(api.createPackageRefund(refund({ cho_len_don: 1 }), opts(sales())))).toMatchObject({
      status: 400,
      msg: MSG.requiredMissing,
    });
    expect(await failure(api.createTopUp(topUp({ cho_len_don: undefined }), opts(sales())))).toMatchObject({
      status: 400,
      msg: RMSG.choLenDonRefundRequired,
    });
    expect(await failure(api.createTopUp(topUp({ cho_len_don: 1 }), opts(sales())))).toMatchObject({
      status: 400,
      msg: MSG.requiredMissing,
    });
    expect(await failure(api.createPackageRefund(refund({ request_type: 5 }), opts(sales())))).toMatchObject({
      status: 400,
      msg: RMSG.typeInvalid,
    });
    expect(await failure(api.createPackageRefund(refund({ package_code: 'KHONGCO' }), opts(sales())))).toMatchObject({ status: 422 });
  });

  it('a top-up is discounted at the subscriber type’s rate, stored; a later rate change leaves it', async () => {
    const me = sales();
    const pre = (await api.createTopUp(topUp({ refund_price: 100000 }), opts(me))).values[0];
    const post = (await api.createTopUp(topUp({ number_type: 2, refund_price: 123456 }), opts(me))).values[0];
    expect(pre).toMatchObject({ request_type: 5, ti_le_chiet_khau: 10, transfer_final_amount: 90000 });
    expect(post).toMatchObject({ ti_le_chiet_khau: 3.5, transfer_final_amount: 119135 });
    await api.updateSetting({ key: 'ti_le_chiet_khau', value: '20' }, opts(manager()));
    try {
      const again = await api.getRequest({ id: pre.id }, opts(manager()));
      expect(again).toMatchObject({ ti_le_chiet_khau: 10, transfer_final_amount: 90000, tien_hoan_sau_chiet_khau: 90000 });
      // An amount corrected later is discounted at the request's own rate too.
      expect(await api.updateRefundAmount({ id: pre.id, refund_price: 200000 }, opts(manager()))).toMatchObject({
        transfer_final_amount: 180000,
      });
    } finally {
      await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(manager()));
    }
  });

  it('the same dialog sent twice creates once; a chained refund + top-up are created together and linked', async () => {
    const me = sales();
    const body = refund({ cho_len_don: 1, nap_tien: 200000 });
    const first = await api.createPackageRefund(body, opts(me));
    const second = await api.createPackageRefund(body, opts(me));
    expect(first.values.map((v) => v.request_type)).toEqual([1, 5]);
    expect(second.values.map((v) => v.id)).toEqual(first.values.map((v) => v.id));
    expect(first.values[0].linked_id).toBe(first.values[1].id);
    expect(first.values[1]).toMatchObject({ refund_price: 200000, transfer_final_amount: 180000 });
    expect(first.notices[1].text).toBe('[NẠP TIỀN CHIẾT KHẤU]\nĐã tạo đơn không qua API');
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM refunds.refund_request WHERE created_by = $1`, [me.username]);
    expect(n).toBe(2);
  });

  it('HNIMB users are refused every call of the service by its one declaration, the price and setting calls included', async () => {
    const hnimb = caller(
      t,
      1,
      ['requestrefund', 'requestrefundreport', 'giahoantien', 'settings', 'requestrefund.doi-kenh-hoan-tien'],
      `HNIMB_${rand()}`,
    );
    const calls = api as unknown as Record<string, (req: object, o: ReturnType<typeof opts>) => Promise<unknown>>;
    const answered: string[] = [];
    const def = R.RefundsServiceService as Record<string, { requestDeserialize(b: Buffer): object }>;
    for (const rpc of Object.keys(def)) {
      // Each RPC's empty request (every field at its default), as a browser's blank form would send.
      const e = await calls[rpc](def[rpc].requestDeserialize(Buffer.alloc(0)), opts(hnimb)).then(() => undefined, fromServiceError);
      if (e?.status !== 403 || e.msg !== MSG.hnimbForbidden) answered.push(`${rpc}: ${e ? `${e.status} ${e.msg}` : 'answered'}`);
    }
    expect(answered).toEqual([]);
  });

  it('HNIMB users get none of the calls', async () => {
    expect(await failure(api.createTopUp(topUp(), opts(sales('HNIMB_01'))))).toMatchObject({ status: 403, msg: MSG.hnimbForbidden });
    expect(await failure(api.listRequests({ page: 1, count: 10 } as R.ListRequestsRequest, opts(sales('hnimb02'))))).toMatchObject({
      status: 403,
    });
  });
});

describe('the list', () => {
  it('totals are over the whole filter; staff see their own, masked, without the senior columns', async () => {
    const me = sales();
    const tag = `09${String(Date.now()).slice(-8)}`;
    await api.createPackageRefund(refund({ number_phone: tag, request_method: 1, other_refund: 1000 }), opts(me));
    await api.createPackageRefund(refund({ number_phone: tag, request_method: 10, other_refund: 2000 }), opts(me));
    await api.createTopUp(topUp({ number_phone: tag, refund_price: 100000 }), opts(me));
    await api.createTopUp(topUp({ number_phone: tag, refund_price: 50000 }), opts(sales()));
    const q = (over: Partial<R.ListRequestsRequest>, who = manager()) =>
      api.listRequests(R.ListRequestsRequest.fromPartial({ message: tag.slice(1), ...over }), opts(who));
    const all = await q({ page: 2, count: 3 });
    expect(all.values).toHaveLength(1);
    expect(all).toMatchObject({
      count: 4,
      tongHoanTien: 50000 + 59000,
      tongHoanThem: 3000,
      tongNapTien: 150000,
      tongTienSauChietKhau: 135000,
    });
    expect(all.values[0].kenh_doi_tac).toBe('khong_qua_api');
    const own = await q({ page: 1, count: 10 }, me);
    expect(own.count).toBe(3);
    expect(
      own.values.every(
        (v) => v.number_phone.startsWith('****') && v.kenh_doi_tac === undefined && v.tien_hoan_sau_chiet_khau === undefined,
      ),
    ).toBe(true);
    // Not even the total of the discounted amounts reaches them; what the customer transfers does.
    expect(own.tongTienSauChietKhau).toBeUndefined();
    expect(own.values.find((v) => v.request_type === 5)?.transfer_final_amount).toBe(90000);
    // The transfer note names the package; the number in it is masked like the phone column.
    expect(own.values[0].noi_dung_chuyen_khoan).toBe(`****${tag.slice(-5)} ${PKG}`);
    expect((await q({ page: 1, count: 10 })).values[0].noi_dung_chuyen_khoan).toBe(`0${tag.slice(-9)} ${PKG}`);
    expect(await q({ is_transfer: '2' })).toMatchObject({ count: 0 });
    expect(await q({ trang_thai_giao_dich_doi_tac: 'da_tao_don_khong_qua_api' })).toMatchObject({ count: 4 });
    expect(await failure(q({ page: 0, count: ALL_ROWS_COUNT }, me))).toMatchObject({ status: 403, msg: MSG.exportForbidden });
  });
});

describe('approvals and inline edits', () => {
  it('a top-up is approved once, only with requestrefund.duyet-don-chuyen-khoan', async () => {
    const r = (await api.createTopUp(topUp(), opts(sales()))).values[0];
    expect(
      await failure(api.approveTopUp({ id: r.id, status_duyet_don: 1, currentOriginUrl: '' }, opts(caller(t, 2, ['requestrefund'])))),
    ).toMatchObject({ status: 403 });
    const ok = await api.approveTopUp({ id: r.id, status_duyet_don: 1, currentOriginUrl: '' }, opts(manager()));
    expect(ok).toMatchObject({ approver: 'quanly', status_duyet_don: 1, is_transfer: 1 });
    expect(await failure(api.approveTopUp({ id: r.id, status_duyet_don: 2, currentOriginUrl: '' }, opts(manager())))).toMatchObject({
      status: 422,
      msg: RMSG.alreadyApproved('quanly'),
    });
    const h = await api.requestHistory({ id: r.id, page: 1, count: 20 }, opts(manager()));
    expect(h.values.map((v) => v.field)).toEqual(expect.arrayContaining(['approver', 'status_duyet_don', 'is_transfer', 'created']));
  });

  it('edits are for priority below 3 only, each with its rule', async () => {
    const staffMember = `nv_${rand()}`;
    await announceStaff(t, [{ username: staffMember, fullname: 'Nguyễn Văn Mới' }]);
    const r = (await api.createPackageRefund(refund({ number_type: 1 }), opts(sales()))).values[0];
    const top = (await api.createTopUp(topUp(), opts(sales()))).values[0];
    expect(await failure(api.updateExtraRefund({ id: r.id, other_refund: 1 }, opts(caller(t, 3))))).toMatchObject({
      status: 403,
      msg: RMSG.editForbidden,
    });
    expect(await api.updateStaff({ id: r.id, username: staffMember }, opts(manager()))).toMatchObject({
      staff_username: staffMember,
      staff_fullname: 'Nguyễn Văn Mới',
    });
    expect(await failure(api.updateStaff({ id: r.id, username: 'khongco' }, opts(manager())))).toMatchObject({ status: 400 });
    expect(await api.setMethod({ id: r.id, request_method: 1 }, opts(manager()))).toMatchObject({ request_method: 1, refund_price: 50000 });
    expect(await failure(api.updateRefundAmount({ id: r.id, refund_price: 1 }, opts(manager())))).toMatchObject({
      status: 422,
      msg: RMSG.refundAmountOnlyTopUp,
    });
    expect(await failure(api.setType({ id: r.id, request_type: 5 }, opts(manager())))).toMatchObject({ status: 422, msg: RMSG.kindChange });
    expect(await api.setType({ id: r.id, request_type: 2 }, opts(manager()))).toMatchObject({ request_type: 2 });
    expect(await failure(api.setTradeStatus({ id: r.id, ma_trang_thai_giao_dich_doi_tac: -10002 }, opts(manager())))).toMatchObject({
      status: 400,
      msg: RMSG.processingNotPrepaid,
    });
    expect(await api.setTradeStatus({ id: r.id, ma_trang_thai_giao_dich_doi_tac: -10000 }, opts(manager()))).toMatchObject({
      trang_thai_giao_dich_doi_tac: 'Hoàn tiền',
      ma_trang_thai_giao_dich_doi_tac: -10000,
    });
    expect(await api.updateDifference({ id: top.id, chenh_lech: -2500 }, opts(manager()))).toMatchObject({
      chenh_lech: -2500,
      username_cap_nhat_chenh_lech: 'quanly',
    });
    expect(await api.setCreatedTime({ id: top.id, created_time: '02/01/2025 08:30:00' }, opts(manager()))).toMatchObject({
      created_time: '2025-01-02T08:30:00+07:00',
    });
    expect(await api.setPackageApproval({ id: r.id, trang_thai_duyet_hoan_goi: 1, currentOriginUrl: '' }, opts(manager()))).toMatchObject({
      trang_thai_duyet_hoan_goi: 1,
    });
    await until("the method change's event with the new refund price", async () =>
      events.some((e) => e.request_id === r.id && e.change === 'request_method' && e.refund_price === 50000),
    );
  });
});

describe('the partner channel (the carrier simulator’s card gateways)', () => {
  beforeAll(() => setChannel('cong_nap_the'));
  afterAll(() => setChannel('khong_qua_api'));
  const paid = (id: string, gateway = 'cong_nap_the') => carrier.partners.find(gateway, id);

  it('success: the request is saved, then answered; the notice names the channel', async () => {
    const reply = await api.createTopUp(topUp({ number_phone: '0912000001' }), opts(sales()));
    const r = reply.values[0];
    expect(r).toMatchObject({ trang_thai_key: 'hoan_thanh', trang_thai_giao_dich_doi_tac: 'Hoàn thành', can_retry: false });
    expect(reply.notices[0].text).toBe("[Thông báo từ 'Cổng nạp thẻ']\nNạp thành công 100.000 đ cho thuê bao ****00001 (Thành công)"); // the partner names the subscriber: masked for the salesperson
    expect(paid(r.id)).toMatchObject({ paid: 1, calls: 1, amount: 100000, kind: 'topup', phone: '912000001' });
  });

  it('refusal: the request stays, refused, with the partner’s message and code', async () => {
    const reply = await api.createPackageRefund(refund({ number_phone: '0912000007', other_refund: 1000 }), opts(sales()));
    expect(reply.values[0]).toMatchObject({
      trang_thai_key: 'tu_choi',
      trang_thai_giao_dich_doi_tac: 'Đơn bị từ chối',
      ma_trang_thai_giao_dich_doi_tac: 17,
      can_retry: false,
    });
    expect(reply.notices[0].text).toBe("[Thông báo từ 'Cổng nạp thẻ']\nThuê bao đang bị khóa, không nạp được tiền (Bị từ chối)");
    // A refund sends the refund amount plus the extra refund.
    expect(paid(reply.values[0].id)).toMatchObject({ paid: 0, amount: 59000 + 1000, kind: 'refund' });
  });

  it('pending: accepted, waiting for the partner', async () => {
    const reply = await api.createTopUp(topUp({ number_phone: '0912000006' }), opts(sales()));
    expect(reply.values[0]).toMatchObject({ trang_thai_key: 'da_nhan_cho_xu_ly', can_retry: false });
    expect(reply.notices[0].text).toBe("[Thông báo từ 'Cổng nạp thẻ']\nĐã nhận yêu cầu, đang chờ xử lý (Đang chờ xử lý)");
  });

  it('timeout: a visible Đang xử lý that can be retried; the retry tops up nothing twice', async () => {
    const me = sales();
    const reply = await api.createTopUp(topUp({ number_phone: '0912000008' }), opts(me));
    const r = reply.values[0];
    expect(r).toMatchObject({ trang_thai_key: 'dang_xu_ly', trang_thai_giao_dich_doi_tac: 'Đang xử lý', can_retry: true });
    expect(reply.notices[0].text).toBe(`[Thông báo từ 'Cổng nạp thẻ']\n${RMSG.partnerNoAnswer} (Đang xử lý)`);
    // The simulator paid on the call whose answer was lost.
    expect(paid(r.id)).toMatchObject({ paid: 1, calls: 1 });
    const retried = await api.retryPartner({ id: r.id, currentOriginUrl: '' }, opts(me));
    expect(retried.values[0]).toMatchObject({ trang_thai_key: 'hoan_thanh', can_retry: false });
    expect(paid(r.id)).toMatchObject({ paid: 1, calls: 2 });
    expect(await failure(api.retryPartner({ id: r.id, currentOriginUrl: '' }, opts(me)))).toMatchObject({
      status: 422,
      msg: RMSG.retryNotNeeded,
    });
  });

  it('the second gateway is a partner of its own; a gateway fault is no answer, and the retry pays once', async () => {
    await setChannel('cong_nap_the_1');
    const me = sales();
    carrier.config.errorRate = 1;
    let r: R.RefundRequest;
    try {
      r = (await api.createTopUp(topUp({ number_phone: '0912000011' }), opts(me))).values[0];
      expect(r).toMatchObject({ kenh_doi_tac: undefined, trang_thai_key: 'dang_xu_ly', can_retry: true });
      expect(paid(r.id, 'cong_nap_the_1')).toBeUndefined();
    } finally {
      carrier.config.errorRate = 0;
    }
    const retried = await api.retryPartner({ id: r.id, currentOriginUrl: '' }, opts(me));
    expect(retried.notices[0].text).toBe("[Thông báo từ 'Cổng nạp thẻ 1']\nNạp thành công 100.000 đ cho thuê bao ****00011 (Thành công)");
    expect(paid(r.id, 'cong_nap_the_1')).toMatchObject({ paid: 1, calls: 1 });
    expect(paid(r.id)).toBeUndefined();
    await setChannel('cong_nap_the');
  });
});
