import { monthStart, parseFilterDateTime, today, toVnDateTimeInput } from './format';

describe('default filter days follow Vietnam, not the browser', () => {
  afterEach(() => jest.useRealTimers());

  it('is already tomorrow after 17:00 UTC (midnight in Vietnam)', () => {
    jest.useFakeTimers().setSystemTime(new Date('2026-11-30T17:30:00Z'));
    expect(today()).toBe('01/12/2026');
    expect(monthStart()).toBe('01/12/2026');
  });

  it('is still today before 17:00 UTC', () => {
    jest.useFakeTimers().setSystemTime(new Date('2026-11-30T16:59:00Z'));
    expect(today()).toBe('30/11/2026');
    expect(monthStart()).toBe('01/11/2026');
  });
});

describe('date-time inputs', () => {
  it('read DD/MM/YYYY HH:mm strictly, 24-hour', () => {
    expect(parseFilterDateTime('27/11/2026 10:30')?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 10:30');
    expect(parseFilterDateTime('27/11/2026 22:05')?.hour()).toBe(22);
    expect(parseFilterDateTime('11/27/2026 10:30')).toBeNull();
    expect(parseFilterDateTime('27/11/2026')).toBeNull();
    expect(parseFilterDateTime('32/13/2026 25:61')).toBeNull();
  });

  it("show a stored moment on Vietnam's clock, a wall-clock text as written", () => {
    expect(toVnDateTimeInput('2026-11-26T17:30:00Z')).toBe('27/11/2026 00:30');
    expect(toVnDateTimeInput('2026-11-27T10:30:00+07:00')).toBe('27/11/2026 10:30');
    expect(toVnDateTimeInput('2026-11-27 10:30:00')).toBe('27/11/2026 10:30');
    expect(toVnDateTimeInput('')).toBe('');
    expect(toVnDateTimeInput('không phải ngày')).toBe('');
  });
});
