import { displayMonth, monthOf, monthRange, parseMonth } from './month';

describe('payroll months', () => {
  it('reads MM/YYYY, blank as this Vietnam month, and refuses the rest', () => {
    expect(parseMonth('11/2026')).toBe('2026-11');
    expect(parseMonth('3/2026')).toBe('2026-03');
    expect(parseMonth('', Date.UTC(2026, 10, 30, 17, 30))).toBe('2026-12');
    expect(() => parseMonth('13/2026')).toThrow('MM/YYYY');
    expect(() => parseMonth('abc')).toThrow('MM/YYYY');
    expect(displayMonth('2026-03')).toBe('03/2026');
  });

  it('a month is Vietnam midnight to Vietnam midnight', () => {
    expect(monthRange('2026-12')).toEqual({ from: new Date('2026-11-30T17:00:00Z'), to: new Date('2026-12-31T17:00:00Z') });
    expect(monthOf(new Date('2026-11-30T17:00:00Z'))).toBe('2026-12');
  });
});
