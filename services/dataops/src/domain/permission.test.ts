import { checkGrantDates, checkGrantFiles, dateWindow, isDataSenior, maySeeSection, parseIsoDay, showsRemaining } from './permission';

// 2026-11-23 10:00 in Vietnam (03:00 UTC).
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);

describe('sections (spec 3 §6)', () => {
  it('branch section for priority below 3 or 7; leader below 4; staff for everyone', () => {
    expect([1, 2, 3, 4, 5, 7].map((p) => maySeeSection(p, 'branch'))).toEqual([true, true, false, false, false, true]);
    expect([1, 2, 3, 4, 5, 7].map((p) => maySeeSection(p, 'leader'))).toEqual([true, true, true, false, false, true]);
    expect([1, 3, 5, 7].every((p) => maySeeSection(p, 'sale'))).toBe(true);
  });
  it('remaining counts: staff and branch below 3 or 7, leader below 5', () => {
    expect([2, 3, 7].map((p) => showsRemaining(p, 'sale'))).toEqual([true, false, true]);
    expect([3, 4, 5].map((p) => showsRemaining(p, 'leader'))).toEqual([true, true, false]);
  });
  it('priority 7 is senior on data screens', () => {
    expect(isDataSenior(7)).toBe(true);
    expect(isDataSenior(3)).toBe(false);
  });
});

describe('grant dates', () => {
  it('the window is today and the next 30 days (Vietnam days)', () => {
    const w = dateWindow(NOW);
    expect(w).toHaveLength(31);
    expect(w[0]).toBe('2026-11-23');
    expect(w[30]).toBe('2026-12-23');
  });
  it('after 17:00 UTC it is already the next Vietnam day', () => {
    expect(dateWindow(Date.UTC(2026, 10, 23, 17, 30))[0]).toBe('2026-11-24');
  });
  it('seniors grant any day of the window, in either format', () => {
    expect(checkGrantDates(['24/11/2026', '2026-11-23', '2026-11-23'], NOW, 2, new Set())).toEqual(['2026-11-23', '2026-11-24']);
  });
  it('past days and days beyond the window are refused', () => {
    expect(checkGrantDates(['2026-11-22'], NOW, 1, new Set())).toBe('Ngày 2026-11-22 đã qua, chỉ phân quyền từ hôm nay trở đi');
    expect(checkGrantDates(['2026-12-24'], NOW, 7, new Set())).toBe('Ngày 2026-12-24 vượt quá 31 ngày tới');
  });
  it('others grant only their own permitted days', () => {
    expect(checkGrantDates(['2026-11-25'], NOW, 3, new Set(['2026-11-25']))).toEqual(['2026-11-25']);
    expect(checkGrantDates(['2026-11-26'], NOW, 4, new Set(['2026-11-25']))).toBe('Bạn không có quyền data ngày 2026-11-26');
  });
  it('garbage is refused', () => {
    expect(checkGrantDates(['31/02/2026'], NOW, 1, new Set())).toBe('Ngày không hợp lệ: 31/02/2026');
    expect(parseIsoDay('hôm nay')).toBeUndefined();
  });
});

describe('grant files', () => {
  it('seniors grant any file; others only their own', () => {
    expect(checkGrantFiles(['a.xlsx', ' a.xlsx ', ''], 1, new Set())).toEqual(['a.xlsx']);
    expect(checkGrantFiles(['a.xlsx'], 3, new Set(['a.xlsx']))).toEqual(['a.xlsx']);
    expect(checkGrantFiles(['b.xlsx'], 4, new Set(['a.xlsx']))).toBe('Bạn không có quyền data trên file b.xlsx');
  });
});
