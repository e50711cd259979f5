import { monthStart, today } from './format';

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
