/**
 * The refund report and clawback on real PostgreSQL and Kafka: every filter of spec 2 §2.10, the
 * clawback statuses (managers only, any value, audited, refunds.changed), the clawback list summed
 * per staff member by the database over the filter, the export ban for priority 5, subtree scope.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_refunds, refunds_v1_refunds as R } from '@cskh/proto';
import { MSG, RMSG } from '../src/domain/messages';
import { REFUND_CHANGED_TOPIC } from '../src/store/requests';
import { caller, opts, priceInput, RefundsApi, startRefunds } from './helpers';

let t: TestService;
let api: RefundsApi;
let sub: Subscription;
const events: events_v1_refunds.RefundChanged[] = [];
const PKG = `BC${rand()}`.toUpperCase();
const A = `sale_a_${rand()}`;
const B = `sale_b_${rand()}`;
const ids: Record<string, string> = {};

const manager = () => caller(t, 2, ['requestrefund', 'requestrefundreport'], 'quanly_bc');
const sales = (username: string) => caller(t, 5, ['requestrefund', 'requestrefundreport'], username);
let ms = Date.now();
/** The report over this file's package only. */
const report = (over: Partial<R.ListReportRequest> = {}, who = manager()) =>
  api.listReport(R.ListReportRequest.fromPartial({ page: 1, count: 20, message: PKG, ...over }), opts(who));
const clawback = (over: Partial<R.ListReportRequest> = {}, who = manager()) =>
  api.listClawback(R.ListReportRequest.fromPartial({ message: PKG, ...over }), opts(who));

beforeAll(async () => {
  ({ t, api } = await startRefunds());
  sub = await t.bus.subscribe({
    groupId: `refunds-report-${rand()}`,
    topics: [REFUND_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_refunds.RefundChanged.decode(m.value)),
  });
  const admin = caller(t, 1, ['giahoantien', 'settings']);
  await api.createPrice(priceInput(PKG, 50000), opts(admin)); // renewal 50 000, G1 59 000
  await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(admin));
  const base = { number_phone: '0987654321', number_type: 1, package_code: PKG, cho_len_don: 0 };
  ids.aRefund = (
    await api.createPackageRefund(
      R.CreatePackageRefundRequest.fromPartial({
        ...base,
        millisecond_created_at: ++ms,
        request_type: 1,
        request_method: 10,
        other_refund: 5000,
      }),
      opts(sales(A)),
    )
  ).values[0].id;
  ids.aTopUp = (
    await api.createTopUp(R.CreateTopUpRequest.fromPartial({ ...base, millisecond_created_at: ++ms, refund_price: 100000 }), opts(sales(A)))
  ).values[0].id;
  ids.bRefund = (
    await api.createPackageRefund(
      R.CreatePackageRefundRequest.fromPartial({ ...base, millisecond_created_at: ++ms, request_type: 2, request_method: 1 }),
      opts(sales(B)),
    )
  ).values[0].id;
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
});

describe('clawback statuses', () => {
  it('start normal; a manager sets any value, stamped, audited and announced', async () => {
    expect((await report()).values.map((r) => r.trang_thai_truy_thu_hoan_theo_goi)).toEqual(['binh_thuong', 'binh_thuong', 'binh_thuong']);
    const r = await api.setClawbackPackage(
      { id: ids.aRefund, trang_thai_truy_thu_hoan_theo_goi: 'truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_them: '' },
      opts(manager()),
    );
    expect(r).toMatchObject({
      trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
      username_duyet_trang_thai_truy_thu_hoan_theo_goi: 'quanly_bc',
      trang_thai_truy_thu_hoan_them: 'binh_thuong',
    });
    await api.setClawbackExtra(
      { id: ids.aRefund, trang_thai_truy_thu_hoan_them: 'truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_theo_goi: '' },
      opts(manager()),
    );
    await api.setClawbackPackage(
      { id: ids.aTopUp, trang_thai_truy_thu_hoan_theo_goi: 'truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_them: '' },
      opts(manager()),
    );
    // Back and forth is allowed: the spec shows no restriction.
    await api.setClawbackPackage(
      { id: ids.bRefund, trang_thai_truy_thu_hoan_theo_goi: 'truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_them: '' },
      opts(manager()),
    );
    await api.setClawbackPackage(
      { id: ids.bRefund, trang_thai_truy_thu_hoan_theo_goi: 'da_truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_them: '' },
      opts(manager()),
    );

    const history = await api.requestHistory({ id: ids.bRefund, page: 1, count: 10 }, opts(manager()));
    expect(history.values.filter((h) => h.field === 'trang_thai_truy_thu_hoan_theo_goi').map((h) => h.to_value)).toEqual([
      'da_truy_thu',
      'truy_thu',
    ]);
    await until("the clawback status's changed event", async () =>
      events.some((e) => e.request_id === ids.bRefund && e.trang_thai_truy_thu_hoan_theo_goi === 'da_truy_thu'),
    );
  });

  it('only priority below 3, only the three values, never a 5xx', async () => {
    expect(
      await failure(
        api.setClawbackPackage(
          { id: ids.aRefund, trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong', currentOriginUrl: '', trang_thai_truy_thu_hoan_them: '' },
          opts(sales(A)),
        ),
      ),
    ).toMatchObject({
      status: 403,
      msg: RMSG.clawbackForbidden,
    });
    expect(
      await failure(
        api.setClawbackExtra(
          { id: ids.aRefund, trang_thai_truy_thu_hoan_them: 'xoa', currentOriginUrl: '', trang_thai_truy_thu_hoan_theo_goi: '' },
          opts(manager()),
        ),
      ),
    ).toMatchObject({
      status: 400,
      msg: RMSG.clawbackInvalid,
    });
    expect(
      await failure(
        api.setClawbackExtra(
          { id: 'khong-co', trang_thai_truy_thu_hoan_them: 'truy_thu', currentOriginUrl: '', trang_thai_truy_thu_hoan_theo_goi: '' },
          opts(manager()),
        ),
      ),
    ).toMatchObject({ status: 404 });
  });
});

describe('report filters', () => {
  it('clawback statuses, order kind, staff member; totals over the filter', async () => {
    expect((await report({ trang_thai_truy_thu_hoan_theo_goi: 'truy_thu' })).values.map((r) => r.id).sort()).toEqual(
      [ids.aRefund, ids.aTopUp].sort(),
    );
    expect((await report({ trang_thai_truy_thu_hoan_them: 'truy_thu' })).values.map((r) => r.id)).toEqual([ids.aRefund]);
    expect((await report({ trang_thai_truy_thu_hoan_theo_goi: 'da_truy_thu' })).values.map((r) => r.id)).toEqual([ids.bRefund]);
    expect((await report({ don_hoan_hoac_nap: 'nap_tien' })).values.map((r) => r.id)).toEqual([ids.aTopUp]);
    expect((await report({ don_hoan_hoac_nap: 'hoan_tien' })).count).toBe(2);
    expect((await report({ username: B })).values.map((r) => r.id)).toEqual([ids.bRefund]);
    // Totals cover the whole filter, not the page of one.
    expect(await report({ count: 1 })).toMatchObject({
      count: 3,
      tongHoanTien: 59000 + 50000,
      tongHoanThem: 5000,
      tongNapTien: 100000,
      tongTienSauChietKhau: 90000,
    });
    expect(await failure(report({ don_hoan_hoac_nap: 'ca_hai' }))).toMatchObject({ status: 400, msg: RMSG.orderKindInvalid });
    expect(await failure(report({ trang_thai_truy_thu_hoan_them: 'x' }))).toMatchObject({ status: 400, msg: RMSG.clawbackInvalid });
  });

  it('a salesperson sees their own rows, masked, and may not export', async () => {
    const page = await report({}, sales(A));
    expect(page.values.map((r) => r.id).sort()).toEqual([ids.aRefund, ids.aTopUp].sort());
    expect(page.values[0].number_phone).toBe('****54321');
    expect(page.values[0].tien_hoan_sau_chiet_khau).toBeUndefined();
    expect(await failure(report({ page: 0, count: ALL_ROWS_COUNT }, sales(A)))).toMatchObject({ status: 403, msg: MSG.exportForbidden });
    expect(await failure(clawback({}, sales(A)))).toMatchObject({ status: 403, msg: MSG.exportForbidden });
  });

  it('HNIMB users get neither the report nor the clawback calls', async () => {
    expect(await failure(report({}, caller(t, 2, ['requestrefundreport'], 'HNIMB_bc')))).toMatchObject({
      status: 403,
      msg: MSG.hnimbForbidden,
    });
  });
});

describe('clawback list (xuatdstruythu)', () => {
  it('sums per staff member in the database: package or transfer owed plus extra refund owed', async () => {
    // A: G1 refund 59 000 + extra 5 000 + top-up transfer 90 000 owed; B: clawed back already.
    expect(await clawback()).toEqual({
      values: [{ staff_username: A, staff_fullname: expect.any(String), tong_truy_thu: 154000 }],
      count: 1,
      tong_truy_thu: 154000,
    });
    // Over the filter: the top-ups alone.
    expect((await clawback({ don_hoan_hoac_nap: 'nap_tien' })).values).toEqual([
      expect.objectContaining({ staff_username: A, tong_truy_thu: 90000 }),
    ]);
    expect((await clawback({ username: B })).count).toBe(0);
  });
});

describe('without a carrier connection', () => {
  it('no card gateway can be chosen as the refund channel (this instance has no CARRIER_URL)', async () => {
    const switcher = caller(t, 2, ['requestrefund', 'requestrefund.doi-kenh-hoan-tien']);
    expect(await failure(api.updateSetting({ key: 'kenh_hoan_tien', value: 'cong_nap_the' }, opts(switcher)))).toMatchObject({
      status: 422,
      msg: MSG.channelNotConfigured('cong_nap_the'),
    });
    expect(await failure(api.updateSetting({ key: 'kenh_hoan_tien', value: 'cong_nap_the_1' }, opts(switcher)))).toMatchObject({
      status: 422,
      msg: MSG.channelNotConfigured('cong_nap_the_1'),
    });
  });
});
