import { choosableColumns, hiddenAtFirst, isColumnShown, loadColumnChoice, saveColumnChoice } from './columns';
import type { ColumnDef } from './types';

const cols: ColumnDef<{ phone: string; note: string }>[] = [
  { field: '__index', headerName: '#', kind: 'index' },
  { field: 'phone', headerName: 'Số thuê bao' },
  { field: 'note', headerName: 'Ghi chú', hidden: true },
  { field: 'actions', headerName: 'Thao tác', kind: 'actions' },
];

// The unit project runs in Node: a Storage over a Map stands in for the browser's localStorage.
beforeAll(() => {
  const m = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
  };
});
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('which columns a list shows', () => {
  it('shows the columns not hidden at first; the user may show or hide any but the index and the actions', () => {
    expect(cols.filter((c) => isColumnShown(c, {})).map((c) => c.field)).toEqual(['__index', 'phone', 'actions']);
    expect(cols.filter((c) => isColumnShown(c, { note: true, phone: false, actions: false, __index: false })).map((c) => c.field)).toEqual([
      '__index',
      'note',
      'actions',
    ]);
    expect(choosableColumns(cols).map((c) => c.field)).toEqual(['phone', 'note']);
  });

  it('marks the named columns hidden at first, leaving the others as they are', () => {
    const out = hiddenAtFirst(new Set(['phone']), cols);
    expect(out.map((c) => !!c.hidden)).toEqual([false, true, true, false]);
    expect(out[0]).toBe(cols[0]);
  });

  it('remembers the choice per list in this browser, and survives a damaged entry', () => {
    saveColumnChoice('mfy', { note: true });
    expect(loadColumnChoice('mfy')).toEqual({ note: true });
    expect(loadColumnChoice('other')).toEqual({});
    localStorage.setItem('cskh:columns:broken', '{not json');
    expect(loadColumnChoice('broken')).toEqual({});
    localStorage.setItem('cskh:columns:list', '[1,2]');
    expect(loadColumnChoice('list')).toEqual({});
  });
});
