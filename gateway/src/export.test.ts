import { ALL_ROWS_COUNT } from '@cskh/kit';
import { asksAllRows, Dedup, exportPlan, exportWindowRows, unscopedLists } from './export';
import { collectRoutes } from './routes';

const routes = collectRoutes();
const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;

describe('which routes stream their all-rows answer', () => {
  it('every list route (page and count in, values and count out), found in the protos', () => {
    const lists = routes.filter((r) => exportPlan(r));
    expect(lists.length).toBeGreaterThanOrEqual(80);
    for (const r of lists) expect(exportPlan(r)!.rowsField).toBe('values');
    expect(exportPlan(route('get', '/api/v1/lstracuu'))).toEqual({ rowsField: 'values', rowsHaveId: true, allFlag: 'getAll' });
    expect(exportPlan(route('get', '/api/v1/reportstaffrevenue'))).toEqual({ rowsField: 'values', rowsHaveId: false, allFlag: undefined });
    expect(exportPlan(route('post', '/api/v1/quetdata/findAllByFileName'))?.rowsField).toBe('values');
  });

  it('every list route declares whose rows it answers (row_scope), and its owner field is a field of its rows', () => {
    expect(unscopedLists(routes)).toEqual([]);
    for (const r of routes.filter((x) => exportPlan(x) && x.rules.rowOwner)) {
      const rows = (r.types.messages.get(r.responseType) ?? []).find((f) => f.name === 'values')!;
      const fields = (r.types.messages.get(rows.typeName!) ?? []).map((f) => f.name);
      expect([r.path, fields.includes(r.rules.rowOwner!)]).toEqual([r.path, true]);
    }
  });

  it('no other route: a single record, a login, an import', () => {
    expect(exportPlan(route('post', '/api/v1/auth/login'))).toBeUndefined();
    expect(exportPlan(route('get', '/api/v1/users/{id}'))).toBeUndefined();
    expect(exportPlan(route('delete', '/api/v1/users/{id}'))).toBeUndefined();
  });

  it('all rows: a count above the largest page a screen offers (1000) or a getAll flag', () => {
    const plan = exportPlan(route('get', '/api/v1/lstracuu'))!;
    expect(asksAllRows(plan, { page: 0, count: ALL_ROWS_COUNT })).toBe(true);
    expect(asksAllRows(plan, { page: 0, count: 99_999 })).toBe(true);
    expect(asksAllRows(plan, { page: 0, count: 1001 })).toBe(true);
    expect(asksAllRows(plan, { page: 0, count: 1000 })).toBe(false);
    expect(asksAllRows(plan, { getAll: true })).toBe(true);
    expect(asksAllRows(plan, { getAll: false, count: 20 })).toBe(false);
    expect(asksAllRows({ rowsField: 'values', rowsHaveId: true, allFlag: 'getAll' }, { getAll: 'true' })).toBe(true);
  });

  it('windows of 10,000 rows unless CSKH_EXPORT_WINDOW_ROWS says otherwise (within bounds)', () => {
    expect(exportWindowRows({})).toBe(10_000);
    expect(exportWindowRows({ CSKH_EXPORT_WINDOW_ROWS: '500' })).toBe(500);
    expect(exportWindowRows({ CSKH_EXPORT_WINDOW_ROWS: '0' })).toBe(10_000);
    expect(exportWindowRows({ CSKH_EXPORT_WINDOW_ROWS: '1000000' })).toBe(10_000);
  });
});

describe('rows at window boundaries', () => {
  const ids = (...xs: number[]) => xs.map((id) => ({ id: String(id), v: id }));
  const sent = (json: string[]) => json.map((j) => JSON.parse(j).v);

  it('by id: rows pushed down into the next window are sent once', () => {
    const d = new Dedup(true);
    expect(sent(d.take(ids(10, 9, 8, 7)))).toEqual([10, 9, 8, 7]);
    // Two rows arrived at the top: the next window starts with the last two of this one.
    expect(sent(d.take(ids(8, 7, 6, 5)))).toEqual([6, 5]);
    expect(sent(d.take(ids(4, 3)))).toEqual([4, 3]);
    expect(d.repeated).toBe(false);
  });

  it('without id: the start of a window that repeats the end of the previous one', () => {
    const d = new Dedup(false);
    const row = (v: number) => ({ v });
    expect(sent(d.take([1, 2, 3, 4].map(row)))).toEqual([1, 2, 3, 4]);
    expect(sent(d.take([3, 4, 5, 6].map(row)))).toEqual([5, 6]);
    // Equal rows that are not a repeat of the previous window's end are kept.
    expect(sent(d.take([7, 7, 8, 9].map(row)))).toEqual([7, 7, 8, 9]);
  });

  it('a full window equal to the previous one ends the export (a service answering every row to each window)', () => {
    const d = new Dedup(true);
    d.take(ids(1, 2, 3));
    expect(d.take(ids(1, 2, 3))).toEqual([]);
    expect(d.repeated).toBe(true);
  });
});
