import { exportRefusal, isExportRequest, usernameRefusal } from './route-rules';

describe('route rules', () => {
  it('an export is more rows than the largest page a screen offers (1000), or getAll', () => {
    expect([20, 100, 1000].map((count) => isExportRequest({ count }))).toEqual([false, false, false]);
    expect([1001, 99999, 100000, 9999999999].map((count) => isExportRequest({ count }))).toEqual([true, true, true, true]);
    expect(isExportRequest({ count: 20, getAll: true })).toBe(true);
    expect(isExportRequest({})).toBe(false);
  });

  it('the export ban refuses only the declared priorities, and only exports', () => {
    const five = { exportBarred: [5] };
    expect(exportRefusal(five, 5, { count: 99999 })).toBe('Bạn không có quyền xuất dữ liệu');
    expect(exportRefusal(five, 5, { count: 100 })).toBeUndefined();
    expect(exportRefusal(five, 3, { count: 99999 })).toBeUndefined();
    expect(exportRefusal({ exportBarred: [] }, 5, { count: 99999 })).toBeUndefined();
    // A listExport route: every call is an export, whatever its count.
    expect(exportRefusal({ exportBarred: [5], exportOnly: true }, 5, { count: 20 })).toBe('Bạn không có quyền xuất dữ liệu');
  });

  it('a username bar refuses its prefixes whatever the case', () => {
    const bar = { prefixes: ['HNIMB'], msg: 'không' };
    expect(['HNIMB01', 'hnimb_a', 'HnImB'].map((u) => usernameRefusal(bar, u))).toEqual(['không', 'không', 'không']);
    expect(usernameRefusal(bar, 'nv_hnimb')).toBeUndefined();
    expect(usernameRefusal(undefined, 'HNIMB01')).toBeUndefined();
  });
});
