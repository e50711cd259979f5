import { checkCareResult, isToday, CARE_RESULTS } from './care-result';
import { MSG } from './messages';

describe('care-result dialog rules (spec 1 §4, §5)', () => {
  it('offers the seven results with APPROVED first', () => {
    expect(CARE_RESULTS.map((r) => r.value)).toEqual(['APPROVED', 'REJECTED', 'APPOINTMENT', 'KBM', 'KLLĐ', 'KEEP', 'RE-REGISTER']);
  });

  it('alerts exactly as the dialog does', () => {
    expect(checkCareResult({})).toBe('Bạn phải chọn kết quả!');
    expect(checkCareResult({ status: 'MAYBE' })).toBe('Bạn phải chọn kết quả!');
    expect(checkCareResult({ status: 'APPROVED', package: '  ' })).toBe('Bạn chưa nhập gói cước!');
    expect(checkCareResult({ status: 'APPOINTMENT', package: 'V90' })).toBe('Bạn chưa nhập thời gian hẹn lại!');
    expect(checkCareResult({ status: 'APPOINTMENT', package: 'V90', appointmentAt: '32/01/2025 10:00' })).toBe(MSG.appointmentInvalid);
    expect(checkCareResult({ status: 'KBM' })).toBe(MSG.noteRequired);
  });

  it('keeps the package and time only where they belong', () => {
    expect(checkCareResult({ status: 'APPROVED', package: ' v90 ', appointmentAt: '01/01/2025 10:00' })).toEqual({
      status: 'APPROVED',
      package: 'v90',
      appointmentAt: null,
      note: '',
    });
    expect(checkCareResult({ status: 'KBM', package: 'V90', appointmentAt: '01/01/2025 10:00', note: 'gọi lại sau' })).toEqual({
      status: 'KBM',
      package: '',
      appointmentAt: null,
      note: 'gọi lại sau',
    });
    const appt = checkCareResult({ status: 'APPOINTMENT', package: 'V90', appointmentAt: '05/03/2025 14:30', note: 'chiều' });
    expect(appt).toMatchObject({ status: 'APPOINTMENT', package: 'V90', note: 'chiều' });
    expect((appt as { appointmentAt: Date }).appointmentAt.toISOString()).toBe('2025-03-05T07:30:00.000Z');
  });

  it('today is the Vietnam day', () => {
    const now = new Date('2025-03-05T18:00:00Z'); // 01:00 on the 6th in Vietnam
    expect(isToday(new Date('2025-03-05T17:30:00Z'), now)).toBe(true);
    expect(isToday(new Date('2025-03-05T16:30:00Z'), now)).toBe(false);
    expect(isToday(null, now)).toBe(false);
  });
});
