import { manualInputs, parseAttendance, parseManualRow } from './sheets';
import { DEFAULT_SETTINGS } from './settings';

describe('attendance sheet rows', () => {
  it('a day from check-in to check-out, valued by hours present', () => {
    expect(
      parseAttendance({ username: 'nv1', gioVao: '03/11/2026 08:00:00', gioRa: '03/11/2026 17:30:00' }, DEFAULT_SETTINGS),
    ).toMatchObject({
      username: 'nv1',
      day: '2026-11-03',
      month: '2026-11',
      cong: 1,
    });
    expect(parseAttendance({ username: 'nv1', gioVao: '03/11/2026 08:00', gioRa: '03/11/2026 13:00' }, DEFAULT_SETTINGS)).toMatchObject({
      cong: 0.5,
    });
    expect(parseAttendance({ username: 'nv1', gioVao: '03/11/2026 08:00', gioRa: '' }, DEFAULT_SETTINGS)).toMatchObject({ cong: 0 });
  });
  it('refuses what cannot be a day of this month', () => {
    expect(parseAttendance({ username: '', gioVao: '03/11/2026 08:00' }, DEFAULT_SETTINGS)).toBe('Chưa chọn nhân viên');
    expect(parseAttendance({ username: 'nv1', gioVao: 'hôm qua' }, DEFAULT_SETTINGS)).toContain('Giờ vào');
    expect(parseAttendance({ username: 'nv1', gioVao: '03/11/2026 08:00', gioRa: '03/11/2026 07:00' }, DEFAULT_SETTINGS)).toBe(
      'Giờ ra phải sau giờ vào',
    );
    expect(parseAttendance({ username: 'nv1', gioVao: '03/10/2026 08:00' }, DEFAULT_SETTINGS, '2026-11')).toBe(
      'Giờ vào không thuộc tháng 11/2026',
    );
  });
});

describe('manual data', () => {
  it('reads thousands separators and half days; blanks change nothing', () => {
    expect(parseManualRow({ username: 'nv1', ngayCongThucTe: '25,5', thuongLeTet: '1.000.000', nhanKhac: '' })).toEqual({
      username: 'nv1',
      manual: { ngayCongThucTe: 25.5, thuongLeTet: 1_000_000 },
    });
    expect(manualInputs({ kyQuyTamUng: 200000 })).toEqual({ kyQuyTamUng: 200000 });
  });
  it('refuses negative money and impossible days', () => {
    expect(manualInputs({ baoHiemXaHoi: '-5' })).toBe('Bảo hiểm xã hội phải là số nguyên không âm');
    expect(manualInputs({ ngayCongThucTe: '32' })).toBe('Ngày công thực tế phải từ 0 đến 31');
    expect(manualInputs({ ngayCongThucTe: '3.3' })).toBe('Ngày công thực tế phải từ 0 đến 31');
  });
});
