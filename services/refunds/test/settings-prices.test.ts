/**
 * Settings and the refund price list on real PostgreSQL: who may change what, validation with the
 * spec's messages, audit trail; the price list's required fields, name search, import (header
 * skipped, duplicates by name → last, idempotent re-send), findPackage, delete, export ban.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { failure, rand, TestService } from '@cskh/kit/testing';
import { refunds_v1_refunds as R } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, opts, priceInput, RefundsApi, startRefunds } from './helpers';

let t: TestService;
let api: RefundsApi;
beforeAll(async () => {
  // A carrier connection (nothing listens there: no request here reaches a gateway).
  ({ t, api } = await startRefunds({ CARRIER_URL: 'http://127.0.0.1:9', CARRIER_USERNAME: 'cskh', CARRIER_PASSWORD: 'x' }));
});
afterAll(() => t?.stop());

const manager = () => caller(t, 2, ['requestrefund', 'settings', 'giahoantien'], 'quanly');
const switcher = () => caller(t, 4, ['requestrefund', 'requestrefund.doi-kenh-hoan-tien'], 'doikenh');

describe('settings', () => {
  it('a fresh installation has every key; the embedded default channel is khong_qua_api', async () => {
    const all = await api.listSettings({}, opts(caller(t, 5)));
    expect(Object.fromEntries(all.values.map((s) => [s.key, s.value]))).toMatchObject({
      ti_le_chiet_khau: '0',
      ti_le_chiet_khau_tra_sau: '0',
      kenh_hoan_tien: 'khong_qua_api',
    });
    expect(await api.getSetting({ key: 'kenh_hoan_tien' }, opts(caller(t, 5)))).toEqual({ key: 'kenh_hoan_tien', value: 'khong_qua_api' });
    expect(await failure(api.getSetting({ key: 'mat_khau' }, opts(caller(t, 5))))).toMatchObject({ status: 400, msg: MSG.settingUnknown });
  });

  it('rates: 0–100, priority below 3 only; the change is audited with who made it', async () => {
    expect(await api.updateSetting({ key: 'ti_le_chiet_khau', value: '3,5' }, opts(manager()))).toEqual({
      key: 'ti_le_chiet_khau',
      value: '3.5',
    });
    expect(await failure(api.updateSetting({ key: 'ti_le_chiet_khau', value: '101' }, opts(manager())))).toMatchObject({
      status: 400,
      msg: MSG.rateInvalid,
    });
    expect(await failure(api.updateSetting({ key: 'ti_le_chiet_khau', value: '5' }, opts(switcher())))).toMatchObject({
      status: 403,
      msg: MSG.settingForbidden,
    });
    expect((await api.getSetting({ key: 'ti_le_chiet_khau' }, opts(caller(t, 5)))).value).toBe('3.5');
    const history = await api.settingHistory({ id: 'ti_le_chiet_khau', page: 1, count: 10 }, opts(manager()));
    expect(history.values[0]).toMatchObject({ field: 'value', from_value: '0', to_value: '3.5', username: 'quanly' });
    expect(history.count).toBe(1);
  });

  it('the channel: required, one of three, needs requestrefund.doi-kenh-hoan-tien', async () => {
    expect(await failure(api.updateSetting({ key: 'kenh_hoan_tien', value: '' }, opts(switcher())))).toMatchObject({
      status: 400,
      msg: MSG.channelRequired,
    });
    expect(await failure(api.updateSetting({ key: 'kenh_hoan_tien', value: 'ngan_hang' }, opts(switcher())))).toMatchObject({
      status: 400,
      msg: MSG.channelInvalid,
    });
    expect(await failure(api.updateSetting({ key: 'kenh_hoan_tien', value: 'cong_nap_the' }, opts(manager())))).toMatchObject({
      status: 403,
      msg: MSG.channelForbidden,
    });
    expect(await api.updateSetting({ key: 'kenh_hoan_tien', value: 'cong_nap_the' }, opts(switcher()))).toMatchObject({
      value: 'cong_nap_the',
    });
    expect(await api.updateSetting({ key: 'kenh_hoan_tien', value: 'cong_nap_the_1' }, opts(switcher()))).toMatchObject({
      value: 'cong_nap_the_1',
    });
    await api.updateSetting({ key: 'kenh_hoan_tien', value: 'khong_qua_api' }, opts(switcher()));
    const history = await api.settingHistory({ id: 'kenh_hoan_tien', page: 1, count: 10 }, opts(manager()));
    expect(history.values.map((v) => [v.from_value, v.to_value, v.username])).toEqual([
      ['cong_nap_the_1', 'khong_qua_api', 'doikenh'],
      ['cong_nap_the', 'cong_nap_the_1', 'doikenh'],
      ['khong_qua_api', 'cong_nap_the', 'doikenh'],
    ]);
  });

  it('POST of a key that exists is a conflict', async () => {
    expect(await failure(api.createSetting({ key: 'cong_nap_the', value: 'Đối tác A' }, opts(manager())))).toMatchObject({
      status: 409,
      msg: MSG.settingExists,
    });
  });
});

describe('refund price list', () => {
  const admin = () => caller(t, 2, ['giahoantien'], 'admin2');

  it('all fourteen fields are required; a name is taken once whatever its case', async () => {
    const name = `MXH${rand()}`;
    const missing = R.RefundPriceInput.fromPartial({ ...priceInput(name), gia_nang_cap_g3: undefined });
    expect(await failure(api.createPrice(missing, opts(admin())))).toMatchObject({ status: 400, msg: MSG.requiredMissing });
    const created = await api.createPrice(priceInput(name), opts(admin()));
    expect(created).toMatchObject({ ten_goi_cuoc: name, gia_gia_han: 10000, gia_nang_cap_g1: 19000, gia_goi: 100000 });
    expect(await failure(api.createPrice(priceInput(name.toLowerCase()), opts(admin())))).toMatchObject({ status: 409 });
    expect(await api.findPackage({ name: ` ${name.toLowerCase()} ` }, opts(caller(t, 5)))).toMatchObject({
      id: created.id,
      gia_nang_cap_g2: 20000,
    });
    expect(await failure(api.findPackage({ name: 'KHONGCO' }, opts(caller(t, 5))))).toMatchObject({
      status: 404,
      msg: MSG.packageNotFound('KHONGCO'),
    });
  });

  it('update is audited field by field; delete is audited and the record is gone', async () => {
    const created = await api.createPrice(priceInput(`UPD${rand()}`), opts(admin()));
    await api.updatePrice({ ...priceInput(created.ten_goi_cuoc), id: created.id, gia_nang_cap_g1: 55000 }, opts(admin()));
    const h = await api.priceHistory({ id: created.id, page: 1, count: 10 }, opts(admin()));
    expect(h.values[0]).toMatchObject({ field: 'gia_nang_cap_g1', from_value: '19000', to_value: '55000', username: 'admin2' });
    expect(await api.deletePrice({ id: created.id }, opts(admin()))).toEqual({ ok: true, msg: MSG.priceDeleted });
    expect(await failure(api.getPrice({ id: created.id }, opts(admin())))).toMatchObject({ status: 404 });
    expect((await api.priceHistory({ id: created.id, page: 1, count: 10 }, opts(admin()))).values[0]).toMatchObject({ field: 'deleted' });
  });

  it('import: sheet rows from 2, refused rows named, duplicates by name keep the last, a re-send stores nothing twice', async () => {
    const tag = `IMP${rand()}`;
    const rows = [
      priceInput(`${tag}-A`, 1000),
      R.RefundPriceInput.fromPartial({ ten_goi_cuoc: `${tag}-B` }),
      priceInput(`${tag}-C`, 3000),
      priceInput(`${tag}-a`, 7000),
    ];
    const first = await api.importPrices({ rows, file_name: 'gia.xlsx', first_row: 2 }, opts(admin()));
    expect(first.saved).toBe(3);
    expect(first.errorRows.map((e) => [e.row, e.error_type])).toEqual([[3, MSG.requiredMissing]]);
    const again = await api.importPrices({ rows, file_name: 'gia.xlsx', first_row: 2 }, opts(admin()));
    expect(again.saved).toBe(3);
    const list = await api.listPrices({ ten_goi_cuoc: tag.toLowerCase(), page: 1, count: 20 }, opts(admin()));
    expect(list.count).toBe(2);
    expect(list.values.map((v) => [v.ten_goi_cuoc, v.gia_gia_han])).toEqual([
      [`${tag}-a`, 7000],
      [`${tag}-C`, 3000],
    ]);
  });

  it('the export (all rows) is refused for priority 5; paging counts the whole filter', async () => {
    expect(
      await failure(api.listPrices({ ten_goi_cuoc: '', page: 0, count: ALL_ROWS_COUNT }, opts(caller(t, 5, ['giahoantien'])))),
    ).toMatchObject({ status: 403 });
    const tag = `PG${rand()}`;
    for (let i = 0; i < 3; i++) await api.createPrice(priceInput(`${tag}-${i}`), opts(admin()));
    const page = await api.listPrices({ ten_goi_cuoc: tag, page: 2, count: 2 }, opts(admin()));
    expect(page.count).toBe(3);
    expect(page.values).toHaveLength(1);
  });
});
