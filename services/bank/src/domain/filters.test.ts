import { isReadFilter, listPeriod } from './filters';
import { MSG } from './messages';

describe('list filters', () => {
  it('defaults to this month up to today (Vietnam days)', () => {
    // 2025-11-20 23:30 in Vietnam is 16:30 UTC.
    const now = new Date('2025-11-20T16:30:00Z');
    expect(listPeriod('', undefined, now)).toEqual({ from: new Date('2025-10-31T17:00:00Z'), to: new Date('2025-11-20T17:00:00Z') });
  });

  it('takes the given days, one side open when only one is given', () => {
    expect(listPeriod('05/11/2025', '05/11/2025')).toEqual({
      from: new Date('2025-11-04T17:00:00Z'),
      to: new Date('2025-11-05T17:00:00Z'),
    });
    expect(listPeriod('05/11/2025', '')).toEqual({ from: new Date('2025-11-04T17:00:00Z'), to: undefined });
    expect(() => listPeriod('06/11/2025', '05/11/2025')).toThrow('Ngày kết thúc phải sau ngày bắt đầu');
  });

  it('processing status: 0, 1 or both', () => {
    expect(isReadFilter('')).toBeUndefined();
    expect(isReadFilter('0')).toBe(0);
    expect(isReadFilter('1')).toBe(1);
    expect(() => isReadFilter('2')).toThrow(MSG.isReadInvalid);
  });
});
