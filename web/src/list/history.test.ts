import { actorOf, BLANK_VALUE, displayValue, formatVnDateTime, historyLines, withActionsColumn, type AuditEntry } from './history';
import type { ColumnDef } from './types';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  resource: 'user',
  record_id: 'u1',
  field: 'fullname',
  from_value: 'Nguyễn Văn A',
  to_value: 'Nguyễn Văn B',
  username: 'admin',
  fullname: 'Quản trị viên',
  at: '2026-11-23T08:05:09+07:00',
  ...over,
});

describe('row history lines', () => {
  it("shows the time on Vietnam's clock whatever offset it came with", () => {
    expect(formatVnDateTime('2026-11-23T08:05:09+07:00')).toBe('23-11-2026 08:05:09');
    // The same instant written in UTC (the day before in UTC, the next day in Vietnam).
    expect(formatVnDateTime('2026-11-22T23:30:00Z')).toBe('23-11-2026 06:30:00');
    expect(formatVnDateTime('')).toBe('');
    expect(formatVnDateTime('không phải ngày')).toBe('không phải ngày');
  });

  it('names who made the change by full name and username', () => {
    expect(actorOf({ username: 'admin', fullname: 'Quản trị viên' })).toBe('Quản trị viên (admin)');
    expect(actorOf({ username: 'admin', fullname: '' })).toBe('admin');
    expect(actorOf({ username: 'admin', fullname: 'admin' })).toBe('admin');
  });

  it("labels fields and values the screen's way, blank as a dash, unknown ones as they are", () => {
    const lines = historyLines(
      [
        entry({ id: '3', field: 'locked', from_value: 'false', to_value: 'true' }),
        entry({ id: '2', field: 'email', from_value: '', to_value: 'b@cskh.vn' }),
        entry({ id: '1', field: 'brand_id', from_value: 'x', to_value: 'y' }),
      ],
      { fieldLabels: { locked: 'Khoá', email: 'Email' }, valueLabels: { locked: { true: 'Đã khoá', false: 'Đang hoạt động' } } },
    );
    // The server's order (newest first) is kept.
    expect(lines.map((l) => [l.key, l.field, l.fieldName, l.from, l.to])).toEqual([
      ['3', 'Khoá', 'locked', 'Đang hoạt động', 'Đã khoá'],
      ['2', 'Email', 'email', BLANK_VALUE, 'b@cskh.vn'],
      ['1', 'brand_id', 'brand_id', 'x', 'y'],
    ]);
    expect(lines[0]).toMatchObject({ time: '23-11-2026 08:05:09', who: 'Quản trị viên (admin)' });
    expect(displayValue('is_read', '1', { is_read: { 1: 'Đã xử lý' } })).toBe('Đã xử lý');
    // A value the screen labels as nothing (the empty branch id) shows as blank.
    expect(displayValue('brand_id', '0000', { brand_id: { '0000': '' } })).toBe(BLANK_VALUE);
  });
});

describe('actions column for the history button', () => {
  const cols: ColumnDef<{ name: string }>[] = [{ field: 'name', headerName: 'Tên' }];

  it('adds one at the end when the list shows none, not exported', () => {
    const out = withActionsColumn(cols, true);
    expect(out.map((c) => c.kind)).toEqual([undefined, 'actions']);
    expect(out[1].export).toBe(false);
  });

  it('keeps the columns when one shows already or no history is configured', () => {
    const withActions: ColumnDef<{ name: string }>[] = [...cols, { field: 'actions', headerName: 'Thao tác', kind: 'actions' }];
    expect(withActionsColumn(withActions, true)).toBe(withActions);
    expect(withActionsColumn(cols, false)).toBe(cols);
  });
});
