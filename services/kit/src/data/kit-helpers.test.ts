import { AppError } from '../core/errors';
import { auditValue, changedFields } from './audit';
import { importChunk, importKey, IMPORT_MSG } from '../core/imports';
import { isPhone } from '../core/phone';
import { likeContains, optionalId, pageSql, requireId, Where } from './sql';
import { inScope, staffLevel, staffScopeOf } from './staff';
import { dayRange, monthToDate, parseDateTime, parseDay, vnDateTime, vnDisplayDay } from '../core/time';

describe('phones', () => {
  it('accepts the shapes sheets and forms write (9 digits, 0 + 9, 84 + 9, separators) and nothing else', () => {
    for (const p of ['912345678', '0912345678', '84912345678', '+84 912 345 678', '091-234-5678']) expect(isPhone(p)).toBe(true);
    for (const p of ['12345', '0012345678', '091234567x', '849123456789', '8401234567', '']) expect(isPhone(p)).toBe(false);
  });
});

describe('sql helpers', () => {
  it('escapes LIKE wildcards so filters match literally', () => {
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
  it('numbers parameters clause by clause and skips blank optional filters', () => {
    const w = new Where().add('a = ?', 1).addIf('  ', 'b = ?').addIf(' x ', 'c ILIKE ?').add('d BETWEEN ? AND ?', 2, 3);
    expect(w.sql).toBe('WHERE a = $1 AND c ILIKE $2 AND d BETWEEN $3 AND $4');
    expect(w.params).toEqual([1, 'x', 2, 3]);
    expect(new Where().sql).toBe('');
  });
  it('pages as LIMIT/OFFSET, nothing for all rows', () => {
    expect(pageSql({ skip: 40, take: 20 })).toBe('LIMIT 20 OFFSET 40');
    expect(pageSql({ skip: 0, take: undefined })).toBe('');
  });
  it('checks ids: NOT_FOUND for one that cannot exist, VALIDATION for a bad optional one', () => {
    expect(requireId('1B4E28BA-2FA1-11D2-883F-0016D3CCA427')).toBe('1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(() => requireId('x')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(optionalId(' ', 'bad')).toBeNull();
    expect(() => optionalId('nope', 'Mã không hợp lệ')).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Mã không hợp lệ' }),
    );
  });
});

describe('Vietnam time', () => {
  it('answers instants in one format, ISO with +07:00', () => {
    expect(vnDateTime(new Date('2026-11-22T20:30:05Z'))).toBe('2026-11-23T03:30:05+07:00');
    expect(vnDateTime(null)).toBe('');
    expect(vnDisplayDay(Date.parse('2026-11-22T17:00:00Z'))).toBe('23/11/2026');
  });
  it('filters whole Vietnam days: [00:00 first day, 00:00 after the last day)', () => {
    const r = dayRange('01/11/2026', '23/11/2026');
    expect(r.from!.toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(r.to!.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(dayRange('', undefined)).toEqual({ from: undefined, to: undefined });
  });
  it('refuses impossible days and an end before the start, in Vietnamese', () => {
    expect(() => parseDay('31/02/2026')).toThrow(AppError);
    expect(() => parseDay('hôm qua', 'Ngày bắt đầu')).toThrow('Ngày bắt đầu không hợp lệ (định dạng DD/MM/YYYY)');
    expect(() => dayRange('10/11/2026', '09/11/2026')).toThrow('Ngày kết thúc phải sau ngày bắt đầu');
  });
  it('reads import date-times as Vietnam time unless they carry an offset', () => {
    expect(parseDateTime('23/11/2026 08:15:00')!.toISOString()).toBe('2026-11-23T01:15:00.000Z');
    expect(parseDateTime('2026-11-23T08:15:00Z')!.toISOString()).toBe('2026-11-23T08:15:00.000Z');
    expect(parseDateTime('30/02/2026')).toBeUndefined();
    expect(parseDateTime('soon')).toBeUndefined();
  });
  it('defaults reports to the first of the month up to today', () => {
    expect(monthToDate(Date.parse('2026-11-22T18:00:00Z'))).toEqual({ startDate: '01/11/2026', endDate: '23/11/2026' });
  });
});

describe('import chunks', () => {
  const parse = (raw: { phone?: string; amount?: string }) =>
    !raw.phone ? 'Thiếu số điện thoại' : { phone: raw.phone, amount: Number(raw.amount ?? 0) };
  it('numbers refused rows by sheet row, stores the rest once (duplicates inside a chunk are one row)', async () => {
    const stored: string[] = [];
    const r = await importChunk({
      rows: [{ phone: '0912' }, {}, { phone: '0912' }, { phone: '0988', amount: '5' }],
      fileName: 'sao-ke.xlsx',
      firstRow: 13,
      parse,
      key: (row) => ['sao-ke.xlsx', row.phone, row.amount],
      save: async (rows) => {
        stored.push(...rows.map((x) => `${x.rowNumber}:${x.row.phone}`));
        return undefined;
      },
    });
    expect(r.saved).toBe(2);
    expect(stored).toEqual(['13:0912', '16:0988']);
    expect(r.errorRows).toEqual([{ row: 14, index: 1, error_type: 'Thiếu số điện thoại', error_data: '{}', error_file: 'sao-ke.xlsx' }]);
  });
  it('refuses chunks over 200 rows and turns a thrown AppError into a row error', async () => {
    await expect(importChunk({ rows: new Array(201).fill({}), parse, key: () => [], save: async () => 0 })).rejects.toThrow(
      IMPORT_MSG.tooMany,
    );
    const r = await importChunk({
      rows: [{ phone: 'x' }],
      parse: () => {
        throw new AppError('VALIDATION', 'Số tiền không hợp lệ');
      },
      key: () => [],
      save: async () => 0,
    });
    expect(r.errorRows[0]).toMatchObject({ row: 1, error_type: 'Số tiền không hợp lệ' });
  });
  it('keys rows stably (dates by instant)', () => {
    expect(importKey(['a', 1, new Date(0)])).toBe(importKey(['a', '1', new Date('1970-01-01T00:00:00Z')]));
    expect(importKey(['a', 1])).not.toBe(importKey(['a', 2]));
  });
});

describe('audit values', () => {
  it('lists only fields whose text changed', () => {
    expect(
      changedFields({ a: 1, b: 'x', c: null, d: ['p', 'q'] }, { a: '1', b: 'y', c: undefined, d: ['p'] }, ['a', 'b', 'c', 'd']),
    ).toEqual([
      { field: 'b', from: 'x', to: 'y' },
      { field: 'd', from: ['p', 'q'], to: ['p'] },
    ]);
    expect(auditValue(true)).toBe('true');
    expect(auditValue(new Date('2026-11-23T01:00:00Z'))).toBe('2026-11-23T08:00:00+07:00');
  });
});

describe('staff scope', () => {
  const me = (priority: number) => ({ priority, userId: `id${priority}`, username: `u${priority}` });
  it('a senior sees everyone, a branch its branch, a leader their group, a salesperson themself', () => {
    expect(staffScopeOf(me(2))).toEqual({ kind: 'all' });
    const sale = { username: 's', brand_id: 'id3', group_id: 'id4' };
    expect(inScope(staffScopeOf(me(3)), sale, 's')).toBe(true);
    expect(inScope(staffScopeOf(me(4)), sale, 's')).toBe(true);
    expect(inScope(staffScopeOf(me(4)), { ...sale, group_id: 'other' }, 's')).toBe(false);
    expect(inScope(staffScopeOf(me(5)), sale, 's')).toBe(false);
    expect(inScope(staffScopeOf(me(5)), undefined, 'u5')).toBe(true);
    expect([3, 4, 5, 1].map(staffLevel)).toEqual([0, 1, 2, 0]);
  });
});
