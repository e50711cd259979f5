/**
 * The two price lists end to end on real PostgreSQL: CRUD with the all-five-fields rule, name
 * search, the import (server-side checks with sheet rows, last row of a name wins, re-send
 * stores nothing twice), findPackage and listNoLimit, the export ban for priority 5, the lists
 * kept apart, and the audit trail.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { failure, rand, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, startOrders } from './helpers';

const O = orders_v1_orders;
let t: TestService;
let mfy: Awaited<ReturnType<typeof startOrders>>['mfyPrices'];
let p9279: Awaited<ReturnType<typeof startOrders>>['prices9279'];

beforeAll(async () => {
  ({ t, mfyPrices: mfy, prices9279: p9279 } = await startOrders());
});
afterAll(async () => {
  await t?.stop();
});

const admin = () => caller(t, 1, 'admin');
const price = (name: string, over: Partial<orders_v1_orders.SavePriceRequest> = {}) =>
  O.SavePriceRequest.fromPartial({ ten_goi_cuoc: name, phi_thu_hoi: '0', gia_t1: '100.000', gia_t2: '90,000', gia_t3: '80000', ...over });

describe('price list CRUD', () => {
  it('creates with all five fields, refuses a blank one, updates, finds by name and deletes, each step in the trail', async () => {
    const name = `MXH${rand()}`;
    const created = await mfy.createPrice(price(name), { identity: admin() });
    expect(created).toMatchObject({ ten_goi_cuoc: name, phi_thu_hoi: 0, gia_t1: 100000, gia_t2: 90000, gia_t3: 80000 });

    expect(await failure(mfy.createPrice(price(`X${rand()}`, { gia_t3: '' }), { identity: admin() }))).toMatchObject({
      status: 400,
      msg: MSG.required,
    });
    expect(await failure(mfy.createPrice(price(name), { identity: admin() }))).toMatchObject({ status: 409, msg: MSG.priceExists(name) });

    const updated = await mfy.updatePrice(price(name, { id: created.id, gia_t1: '120000', phi_thu_hoi: '5000' }), { identity: admin() });
    expect(updated).toMatchObject({ gia_t1: 120000, phi_thu_hoi: 5000 });
    expect(await mfy.findPackage({ name: name.toLowerCase() }, { identity: caller(t, 5) })).toMatchObject({
      id: created.id,
      gia_t1: 120000,
      gia_t2: 90000,
      gia_t3: 80000,
    });

    const history = await mfy.priceHistory({ id: created.id, page: 1, count: 50 }, { identity: admin() });
    const fields = history.values.map((e) => [e.field, e.from_value, e.to_value]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['gia_t1', '100000', '120000'],
        ['phi_thu_hoi', '0', '5000'],
        ['ten_goi_cuoc', null, name].map((v) => v ?? ''),
      ]),
    );
    expect(history.values.every((e) => e.username === 'admin')).toBe(true);

    expect(await mfy.deletePrice({ id: created.id }, { identity: admin() })).toEqual({ ok: true, msg: MSG.priceDeleted });
    expect(await failure(mfy.findPackage({ name }, { identity: admin() }))).toMatchObject({ status: 404, msg: MSG.packageNotFound(name) });
  });

  it('searches by name, pages, keeps the two lists apart, and refuses the export to priority 5', async () => {
    const tag = `S${rand()}`;
    for (const n of ['A', 'B', 'C']) await mfy.createPrice(price(`${tag}${n}`), { identity: admin() });
    await p9279.createPrice(price(`${tag}Z`), { identity: admin() });
    const page = await mfy.listPrices({ page: 1, count: 2, ten_goi_cuoc: tag.toLowerCase() }, { identity: admin() });
    expect(page.count).toBe(3);
    expect(page.values.map((v) => v.ten_goi_cuoc)).toEqual([`${tag}A`, `${tag}B`]);
    const other = await p9279.listPrices({ page: 1, count: 10, ten_goi_cuoc: tag }, { identity: admin() });
    expect(other.values.map((v) => v.ten_goi_cuoc)).toEqual([`${tag}Z`]);
    expect(await failure(mfy.findPackage({ name: `${tag}Z` }, { identity: admin() }))).toMatchObject({ status: 404 });

    const all = await mfy.listAllPrices({}, { identity: caller(t, 5) });
    expect(all.count).toBe(all.values.length);
    expect(all.values.map((v) => v.ten_goi_cuoc)).toEqual(expect.arrayContaining([`${tag}A`, `${tag}B`, `${tag}C`]));

    expect(
      await failure(mfy.listPrices(O.ListPricesRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: caller(t, 5) })),
    ).toMatchObject({ status: 403, msg: MSG.exportForbidden });
    const exported = await mfy.listPrices(O.ListPricesRequest.fromPartial({ page: 0, count: ALL_ROWS_COUNT }), { identity: caller(t, 4) });
    expect(exported.values.length).toBe(exported.count);
  });
});

describe('price list import', () => {
  const row = (ten_goi_cuoc: string, t1 = '100000', over: Partial<orders_v1_orders.PriceRow> = {}) =>
    O.PriceRow.fromPartial({ ten_goi_cuoc, phi_thu_hoi: '0', gia_t1: t1, gia_t2: '90000', gia_t3: '80000', ...over });

  it('refuses bad rows by sheet row, lets the last row of a name win, updates names already listed, and a re-send stores nothing twice', async () => {
    const tag = `I${rand()}`;
    await p9279.createPrice(price(`${tag}OLD`), { identity: admin() });
    const rows = [
      row(`${tag}A`, '1'),
      row(`${tag}B`),
      row('', '5'),
      row(`${tag}C`, 'abc'),
      row(`${tag}A`, '3'),
      row(`${tag}OLD`, '7'),
      row(`${tag}D`, '5', { gia_t3: '' }),
    ];
    const file = `${tag}.xlsx`;
    const first = await p9279.importPrices({ rows, file_name: file, first_row: 2 }, { identity: admin() });
    expect(first.errorRows.map((e) => [e.row, e.error_type, e.error_file])).toEqual([
      [4, MSG.required, file],
      [5, MSG.amountInvalid('Giá T1'), file],
      [8, MSG.required, file],
    ]);
    expect(first.saved).toBe(4);
    const again = await p9279.importPrices({ rows, file_name: file, first_row: 2 }, { identity: admin() });
    expect(again.saved).toBe(4);
    const stored = await t.sql(
      `SELECT ten_goi_cuoc, gia_t1::int AS t1 FROM orders.package_price WHERE kind = '9279' AND ten_goi_cuoc LIKE $1 ORDER BY 1`,
      [`${tag}%`],
    );
    expect(stored).toEqual([
      { ten_goi_cuoc: `${tag}A`, t1: 3 },
      { ten_goi_cuoc: `${tag}B`, t1: 100000 },
      { ten_goi_cuoc: `${tag}OLD`, t1: 7 },
    ]);
    expect(await t.sql(`SELECT 1 FROM orders.package_price WHERE kind = 'mfy' AND ten_goi_cuoc LIKE $1`, [`${tag}%`])).toEqual([]);
  });
});
