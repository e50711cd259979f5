import { dayRange, parseDay, vnIsoDay, withinWindow, vnDateTime, infoWindowMessage } from './time';

/** An instant given as Vietnam wall-clock time. */
const vn = (h: number, m = 0) => Date.UTC(2025, 4, 10, h - 7, m);

describe('07:00–22:00 Asia/Ho_Chi_Minh window', () => {
  const w = '07:00-22:00';
  it('opens at 07:00 Vietnam time', () => {
    expect(withinWindow(vn(6, 59), w)).toBe(false);
    expect(withinWindow(vn(7, 0), w)).toBe(true);
  });
  it('closes at 22:00 Vietnam time', () => {
    expect(withinWindow(vn(21, 59), w)).toBe(true);
    expect(withinWindow(vn(22, 0), w)).toBe(false);
    expect(withinWindow(vn(23, 30), w)).toBe(false);
  });
  it('uses Vietnam time, not UTC (01:00 UTC is 08:00 in Vietnam)', () => {
    expect(withinWindow(Date.UTC(2025, 4, 10, 1, 0), w)).toBe(true);
    expect(withinWindow(Date.UTC(2025, 4, 10, 16, 0), w)).toBe(false); // 23:00 VN
  });
  it('says so in Vietnamese', () => {
    expect(infoWindowMessage(w)).toBe('Chỉ được tra cứu thông tin chi tiết thuê bao từ 07:00 đến 22:00');
  });
});

describe('filter dates', () => {
  it('reads DD/MM/YYYY and YYYY-MM-DD as Vietnam days', () => {
    expect(parseDay('10/05/2025')).toBe(Date.UTC(2025, 4, 9, 17));
    expect(parseDay('2025-05-10')).toBe(Date.UTC(2025, 4, 9, 17));
    expect(parseDay('')).toBeUndefined();
    expect(() => parseDay('31/02/2025')).toThrow('không hợp lệ');
    expect(() => parseDay('hôm qua')).toThrow('không hợp lệ');
  });
  it('makes the end date inclusive', () => {
    const r = dayRange('01/05/2025', '10/05/2025');
    expect(r.from!.toISOString()).toBe('2025-04-30T17:00:00.000Z');
    expect(r.to!.toISOString()).toBe('2025-05-10T17:00:00.000Z');
  });
  it('formats Vietnam days and times', () => {
    expect(vnIsoDay(Date.UTC(2025, 4, 9, 18))).toBe('2025-05-10');
    expect(vnDateTime(Date.UTC(2025, 4, 9, 18, 5, 6))).toBe('2025-05-10T01:05:06+07:00');
  });
});
