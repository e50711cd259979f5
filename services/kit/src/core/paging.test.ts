import { AppError } from './errors';
import { ALL_ROWS_COUNT, EXPORT_WINDOW_BASE, MAX_EXPORT_WINDOW, MAX_PAGE, MAX_PAGE_SIZE, exportWindowCount, toPaging } from './paging';
import { pageSql } from '../data/sql';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? { code: e.code, msg: e.msg } : e;
  }
  return undefined;
};

describe('toPaging', () => {
  it('reads a count above the largest page a screen offers as an export: every row (under the export ban)', () => {
    expect(toPaging(1, MAX_PAGE_SIZE)).toEqual({ page: 1, skip: 0, take: MAX_PAGE_SIZE });
    for (const count of [MAX_PAGE_SIZE + 1, 5000, 99999, 100000]) expect(toPaging(3, count)).toEqual({ page: 1, skip: 0, take: undefined });
  });

  it('reads page 0 as page 1', () => {
    expect(toPaging(0, 20)).toEqual({ page: 1, skip: 0, take: 20 });
  });
  it('skips whole pages', () => {
    expect(toPaging(3, 50)).toEqual({ page: 3, skip: 100, take: 50 });
  });
  it('treats the export count as all rows, whatever the page', () => {
    expect(toPaging(0, ALL_ROWS_COUNT)).toEqual({ page: 1, skip: 0, take: undefined });
    expect(toPaging(7, ALL_ROWS_COUNT)).toEqual({ page: 1, skip: 0, take: undefined });
  });
  it('falls back to the default size for a missing or zero count', () => {
    expect(toPaging(undefined, undefined, 10)).toEqual({ page: 1, skip: 0, take: 10 });
    expect(toPaging(2, 0, 10)).toEqual({ page: 2, skip: 10, take: 10 });
  });
  it('serves the last allowed page', () => {
    expect(toPaging(MAX_PAGE, 10)).toEqual({ page: MAX_PAGE, skip: (MAX_PAGE - 1) * 10, take: 10 });
  });
  it('refuses a negative, fractional or absurd page with a Vietnamese msg naming it', () => {
    for (const page of [-1, 1.5, MAX_PAGE + 1, 30471631005681340, NaN])
      expect(refusal(() => toPaging(page, 20))).toEqual({
        code: 'VALIDATION',
        msg: `Giá trị của page phải là số nguyên từ 0 đến ${MAX_PAGE}`,
      });
  });
  it('refuses a negative or fractional count', () => {
    for (const count of [-1, -4611686018427387904, 2.5])
      expect(refusal(() => toPaging(1, count))).toEqual({
        code: 'VALIDATION',
        msg: `Giá trị của count phải là số nguyên từ 0 đến ${Number.MAX_SAFE_INTEGER}`,
      });
  });
  it('reads an export window count as all rows with one window of them, which pageSql applies', () => {
    const p = toPaging(3, exportWindowCount(5000));
    expect(p).toEqual({ page: 1, skip: 0, take: undefined, window: { skip: 10000, take: 5000 } });
    expect(pageSql(p)).toBe('LIMIT 5000 OFFSET 10000');
    expect(pageSql(toPaging(0, exportWindowCount(10)))).toBe('LIMIT 10 OFFSET 0');
    // Not a window: plain all rows.
    expect(toPaging(3, EXPORT_WINDOW_BASE)).toEqual({ page: 1, skip: 0, take: undefined });
    expect(toPaging(3, EXPORT_WINDOW_BASE + MAX_EXPORT_WINDOW + 1)).toEqual({ page: 1, skip: 0, take: undefined });
    expect(pageSql(toPaging(3, ALL_ROWS_COUNT))).toBe('');
    expect(pageSql(toPaging(3, 20))).toBe('LIMIT 20 OFFSET 40');
  });
});
