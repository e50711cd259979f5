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
    for (let p = 1; p <= all.PaginateNumber; p++)
      expect(data.packages('0900000001', undefined, p).FinalDataList.length).toBeLessThanOrEqual(10);
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
    const r = data.registrations9084({ subagents: ['d1', 'vg8'], startMs: start, endMs: start + 10 * 86400000, page: 1, count: 1000 }, [
      'a',
      'b',
    ]);
    expect(r.count).toBeGreaterThan(0);
    expect(r.values.every((x) => ['d1', 'vg8'].includes(String(x.SubAgent)) && ['a', 'b'].includes(String(x.username_nv)))).toBe(true);
  });

  it('dates subscriber data relative to today: same phone, same offsets, never stale', () => {
    const day = 86400000;
    const today = data.vnToday(Date.parse('2027-06-15T10:00:00+07:00'));
    const later = today + 100 * day;
    const a = data.info('0912345678', undefined, today);
    const b = data.info('0912345678', undefined, later);
    const shift = (iso: string, days: number) => new Date(Date.parse(iso) + days * day).toISOString().slice(0, 10);
    expect(b.PACKAGE_DATA.map((p) => p.START_DATE)).toEqual(a.PACKAGE_DATA.map((p) => shift(p.START_DATE, 100)));
    expect(b.NUMBER_CONTRACT_DATE).toBe(shift(a.NUMBER_CONTRACT_DATE, 100));
    // The current package started within the last 60 days.
    const started = Date.parse(a.PACKAGE_DATA[0].START_DATE);
    expect(started).toBeLessThan(today);
    expect(started).toBeGreaterThanOrEqual(today - 60 * day);
    expect(data.history('0912345678', today).values[0].NumberPackageRegisterDate < '2027-06-15').toBe(true);
    expect(data.packages('0912345678', undefined, 1, today).FinalDataList[0].FromDate <= '2027-06-15').toBe(true);
  });

  it('uses today in Vietnam (UTC+7) for the date', () => {
    expect(new Date(data.vnToday(Date.parse('2027-06-15T18:30:00Z'))).toISOString()).toBe('2027-06-16T00:00:00.000Z');
    expect(new Date(data.vnToday(Date.parse('2027-06-15T16:30:00Z'))).toISOString()).toBe('2027-06-15T00:00:00.000Z');
  });

  it('gives ARPU for the three whole months before this one', () => {
    const today = data.vnToday(Date.parse('2027-01-20T10:00:00+07:00'));
    expect(data.arpu('0912345678', today).apru.map((r) => r.thang)).toEqual(['12/2026', '11/2026', '10/2026']);
  });

  it('lists 999 messages and 9279 rows newest first by full timestamp', () => {
    const start = Date.UTC(2025, 0, 1) - 7 * 3600000;
    const end = start + 60 * 86400000;
    const times999 = data.messages999('0912345678', '', start, end, 1, 1000).values.map((m) => Date.parse(m.ActionTime));
    const times9279 = data.h9279('84912345678', start, end).values.map((m) => Date.parse(m.datetime));
    for (const times of [times999, times9279]) {
      expect(times.length).toBeGreaterThan(5);
      expect(times).toEqual([...times].sort((x, y) => y - x));
    }
    // Paging follows the same order: page 2 continues where page 1 stopped.
    const p1 = data.messages999('0912345678', '', start, end, 1, 5).values.map((m) => m.ActionTime);
    const p2 = data.messages999('0912345678', '', start, end, 2, 5).values.map((m) => m.ActionTime);
    expect(p2[0] <= p1[4]).toBe(true);
  });

  it('never dates a message after the present: asked up to the end of today, the messages stop at now', () => {
    const now = Date.now();
    const start = now - 20 * 86400000;
    const end = now + 86400000;
    const times = [
      ...data.messages999('0912345678', '', start, end, 1, 1000).values.map((m) => m.ActionTime),
      ...data.h9279('84912345678', start, end).values.map((m) => m.datetime),
      ...data
        .registrations9084({ subagents: ['d1', 'd9', 'vg8'], startMs: start, endMs: end, page: 1, count: 1000 }, ['a'])
        .values.map((m) => String(m.Time)),
    ].map((t) => Date.parse(t));
    expect(times.length).toBeGreaterThan(10);
    expect(times.filter((t) => t > Date.now())).toEqual([]);
  });
});
