import { loadFieldRules, matchesFormat, orderKey } from './field-rules';

describe('formats', () => {
  it('day: DD/MM/YYYY of a day that exists, 1900–9999', () => {
    for (const d of ['01/01/2024', '1/1/2024', '29/02/2024', '29/02/2000', '31/12/9999', '30/04/1975'])
      expect([d, matchesFormat('day', d)]).toEqual([d, true]);
    for (const d of ['29/02/2023', '29/02/1900', '31/04/2024', '00/01/2024', '01/13/2024', '01/01/1899', '2024-01-01', '01/01/2024 ', ''])
      expect([d, matchesFormat('day', d)]).toEqual([d, false]);
  });

  it('month: MM/YYYY', () => {
    expect(matchesFormat('month', '11/2026')).toBe(true);
    expect(matchesFormat('month', '13/2026')).toBe(false);
  });

  it('datetime: a day (DD/MM/YYYY or YYYY-MM-DD), a time optional, seconds optional', () => {
    for (const d of ['24/11/2026', '24/11/2026 17:40', '24/11/2026 17:40:59', '2026-11-24 07:05:00', '2024-02-29T23:59'])
      expect([d, matchesFormat('datetime', d)]).toEqual([d, true]);
    for (const d of ['24/11/2026 24:00', '2023-02-29 10:00', '2026-11-24 7:05'])
      expect([d, matchesFormat('datetime', d)]).toEqual([d, false]);
  });

  it('orders days and months as dates, not as text', () => {
    expect(orderKey('day', '02/01/2024') > orderKey('day', '31/12/2023')).toBe(true);
    expect(orderKey('month', '01/2025') > orderKey('month', '12/2024')).toBe(true);
  });
});

describe('rules read from the protos', () => {
  it('finds (cskh.api.field) on common and service messages', () => {
    const rules = loadFieldRules();
    expect(rules.get('cskh.common.v1.IdRequest.id')).toEqual({ required: true, format: 'uuid' });
  });
});

describe('vn_mobile', () => {
  it('takes what care and dataops take for a mobile number', () => {
    for (const p of ['912345678', '0912345678', '84912345678', '+84 912 345 678', '091-234-5678'])
      expect([p, matchesFormat('vn_mobile', p)]).toEqual([p, true]);
    for (const p of ['012345678', '0012345678', '8401234567', '12345', ' 0912345678', 'a912345678'])
      expect([p, matchesFormat('vn_mobile', p)]).toEqual([p, false]);
  });
});
