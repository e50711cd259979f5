import { MSG } from './messages';
import { importRowKey, parseImportRow } from './import-9279';

const known = (u: string) => u === 'nv1';
const row = (over: Record<string, unknown> = {}) => ({
  cty: 'VAS 1',
  so_dien_thoai: '912345678',
  ma_goi: 'MXH100',
  username_nv: 'nv1',
  hinh_thuc: 'ĐĂNG KÝ',
  doanh_thu: '100.000',
  gia_ban_goi: 'T2',
  created_time: '05-03-2026',
  note: '',
  ...over,
});

describe('9279 upload rows', () => {
  it('maps kinds and tiers, rewrites day-month-year dates and keeps the revenue', () => {
    const r = parseImportRow(row(), known);
    expect(r).toMatchObject({ so_dien_thoai: '0912345678', hinh_thuc: 'dang_ky', gia_ban_goi: 2, doanh_thu: 100000, cty: 'VAS 1' });
    expect((r as { created_time: Date }).created_time.toISOString()).toBe('2026-03-04T17:00:00.000Z');
    expect(parseImportRow(row({ hinh_thuc: 'gia hạn', doanh_thu: '' }), known)).toMatchObject({
      hinh_thuc: 'gia_han',
      doanh_thu: undefined,
    });
  });
  it('refuses what the sheet got wrong, with the reason', () => {
    expect(parseImportRow(row({ so_dien_thoai: '' }), known)).toBe(MSG.required);
    expect(parseImportRow(row({ username_nv: 'ai_do' }), known)).toBe(MSG.staffUnknown('ai_do'));
    expect(parseImportRow(row({ hinh_thuc: 'KHÁC' }), known)).toBe(MSG.formInvalid);
    expect(parseImportRow(row({ gia_ban_goi: 'T5' }), known)).toBe(MSG.tierInvalid);
    expect(parseImportRow(row({ created_time: '31-02-2026' }), known)).toBe(MSG.createdTimeInvalid);
    expect(parseImportRow(row({ doanh_thu: 'nhiều' }), known)).toBe(MSG.amountInvalid('Doanh thu'));
  });
  it('the same row sent twice has the same key', () => {
    const a = parseImportRow(row(), known) as Exclude<ReturnType<typeof parseImportRow>, string>;
    const b = parseImportRow(row({ so_dien_thoai: '0912345678', note: 'khác' }), known) as typeof a;
    expect(importRowKey(a)).toEqual(importRowKey(b));
  });
});
