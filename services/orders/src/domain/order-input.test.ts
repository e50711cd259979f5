import { MSG } from './messages';
import { parseDraft, parseForm, parseOrderDate, parsePhone, parseTier } from './order-input';

describe('order input', () => {
  it('reads phones, tiers, forms and dates as dialogs and sheets write them', () => {
    expect(parsePhone('912 345 678')).toBe('0912345678');
    expect(parsePhone('84912345678')).toBe('84912345678');
    expect(parsePhone('12345')).toEqual({ error: MSG.phoneInvalid });
    expect(parsePhone('')).toBeUndefined();
    expect(['T1', 't2', '3', ''].map(parseTier)).toEqual([1, 2, 3, undefined]);
    expect(parseTier('T4')).toEqual({ error: MSG.tierInvalid });
    expect(['ĐĂNG KÝ', 'gia hạn', 'Gia Hạn', 'dang_ky', '-99'].map(parseForm)).toEqual([
      'dang_ky',
      'gia_han',
      'gia_han',
      'dang_ky',
      undefined,
    ]);
    expect(parseForm('khác')).toEqual({ error: MSG.formInvalid });
    expect((parseOrderDate('05-03-2026') as Date).toISOString()).toBe('2026-03-04T17:00:00.000Z');
    expect(parseOrderDate('31-02-2026')).toEqual({ error: MSG.createdTimeInvalid });
  });
  it('needs phone, package and tier (and the form for 9279)', () => {
    expect(parseDraft('mfy', { so_dien_thoai: '0912345678', ma_goi: 'MXH100', gia_ban_goi: '2' })).toEqual({
      so_dien_thoai: '0912345678',
      ma_goi: 'MXH100',
      gia_ban_goi: 2,
      hinh_thuc: '',
    });
    expect(parseDraft('mfy', { so_dien_thoai: '0912345678', ma_goi: '', gia_ban_goi: '2' })).toBe(MSG.required);
    expect(parseDraft('9279', { so_dien_thoai: '0912345678', ma_goi: 'A', gia_ban_goi: '2', hinh_thuc: '-99' })).toBe(MSG.required);
  });
});
