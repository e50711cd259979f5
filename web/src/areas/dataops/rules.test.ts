import { evenSplit, nextDays, offeredDates, processedFileName, sectionsFor, showsRemaining } from './rules';

describe('data screens rules', () => {
  it('sections by priority (7 like below 3)', () => {
    expect(sectionsFor(1)).toEqual(['branch', 'leader', 'sale']);
    expect(sectionsFor(7)).toEqual(['branch', 'leader', 'sale']);
    expect(sectionsFor(3)).toEqual(['leader', 'sale']);
    expect(sectionsFor(4)).toEqual(['sale']);
  });
  it('remaining counts', () => {
    expect(showsRemaining(7, 'sale')).toBe(true);
    expect(showsRemaining(4, 'leader')).toBe(true);
    expect(showsRemaining(4, 'sale')).toBe(false);
  });
  it('31 days from today for seniors, own dates from today for others', () => {
    const d = nextDays('2026-12-20');
    expect(d).toHaveLength(31);
    expect(d[12]).toBe('2027-01-01');
    expect(offeredDates(4, '2026-12-20', ['2026-12-25', '2026-12-19', '2026-12-21'])).toEqual(['2026-12-21', '2026-12-25']);
  });
  it('even split and the export name', () => {
    expect(evenSplit(10, 3)).toBe(3);
    expect(evenSplit(10, 0)).toBe(0);
    expect(processedFileName('data thang 11.xlsx')).toBe('DA-XU-LY-data thang 11.xlsx');
  });
});
