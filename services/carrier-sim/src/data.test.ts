import * as data from './data';

describe('carrier data', () => {
  it('is a pure function of the last 9 digits', () => {
    expect(data.info('0912345678')).toEqual(data.info('84912345678'));
    expect(data.balance('912345678')).toEqual(data.balance('+84 912 345 678'));
    expect(data.packages('0912345678', undefined, 1)).toEqual(data.packages('912345678', undefined, 1));
    expect(data.balance('0912345678')).not.toEqual(data.balance('0912345679'));
  });

  it('answers the spec shapes', () => {
    const i = data.info('0912345678');
    expect(i.NUMBER_PHONE).toBe('84912345678');
    expect(['MC', 'MG']).toContain(i.NUM_TYPE);
    expect(i.PACKAGE_DATA.length).toBeGreaterThan(0);
    const p = data.packages('0912345678');
    expect(p.PaginateNumber).toBeGreaterThanOrEqual(1);
    expect(Object.keys(p.FinalDataList[0])).toEqual(['PackageCode', 'FromDate', 'ToDate', 'SyntaxRegister', 'RegisterExpire']);
    const a = data.arpu('0912345678');
    expect(a.ctkv).toMatch(/^CTKV\d$/);
    expect(a.apru).toHaveLength(3);
  });

  it('pages eligible packages and filters by code', () => {
    const all = data.packages('0900000001');
    for (let p = 1; p <= all.PaginateNumber; p++) expect(data.packages('0900000001', undefined, p).FinalDataList.length).toBeLessThanOrEqual(10);
    const code = all.FinalDataList[0].PackageCode;
    const f = data.packages('0900000001', code);
    expect(f.FinalDataList.every((x) => x.PackageCode.includes(code))).toBe(true);
  });

  it('filters 999 messages by direction and pages them', () => {
    const start = Date.UTC(2025, 0, 1) - 7 * 3600000;
    const end = start + 60 * 86400000;
    const both = data.messages999('0912345678', '', start, end, 1, 1000);
    const i = data.messages999('0912345678', 'I', start, end, 1, 1000);
    const o = data.messages999('0912345678', 'O', start, end, 1, 1000);
    expect(i.count + o.count).toBe(both.count);
    expect(i.values.every((m) => m.ActionType === 'I')).toBe(true);
    expect(data.messages999('0912345678', '', start, end, 1, 5).values.length).toBeLessThanOrEqual(5);
  });

  it('attributes 9084 registrations to sellers and filters by channel', () => {
    const start = Date.UTC(2025, 0, 1) - 7 * 3600000;
    const r = data.registrations9084({ subagents: ['d1', 'vg8'], startMs: start, endMs: start + 10 * 86400000, page: 1, count: 1000 }, ['a', 'b']);
    expect(r.count).toBeGreaterThan(0);
    expect(r.values.every((x) => ['d1', 'vg8'].includes(String(x.SubAgent)) && ['a', 'b'].includes(String(x.username_nv)))).toBe(true);
  });
});
