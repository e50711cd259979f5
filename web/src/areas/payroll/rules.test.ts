import {
  barsOf,
  dayLabel,
  daysToSend,
  form9279,
  formatDays,
  payrollRowState,
  reconciliationResult,
  refundCreated,
  requestMethodLabel,
  thisMonth,
  tierLabel,
} from './rules';

describe('payroll screen rules', () => {
  it('labels of the reconciliation and 9279 columns', () => {
    expect(reconciliationResult('SUCCESS')).toBe('Thành công');
    expect(reconciliationResult('FAILED')).toBe('Thất bại');
    expect(refundCreated(true)).toBe('Có');
    expect(refundCreated(false)).toBe('Không');
    expect([1, 2, 4, 5, 9, 10, 12, 13].map(requestMethodLabel)).toEqual([
      'Gia hạn',
      'Nâng cấp T1',
      'Nâng cấp T3',
      'Nâng cấp HT0',
      'Nâng cấp HT4',
      'Nâng cấp G1',
      'Nâng cấp G3',
      '',
    ]);
    expect(form9279('gia_han')).toBe('Gia hạn');
    expect(form9279('dang_ky')).toBe('Đăng ký');
    expect(tierLabel(2)).toBe('T2');
    expect(tierLabel(0)).toBe('');
  });
  it('this month on Vietnam clock, chart points and day labels', () => {
    expect(thisMonth(new Date('2026-11-30T17:30:00Z'))).toBe('12/2026');
    expect(
      barsOf(
        [{ u: 'a', v: 2 }],
        (r) => r.u,
        (r) => r.v,
      ),
    ).toEqual([{ name: 'a', value: 2 }]);
    expect(dayLabel('2026-11-03')).toBe('03/11');
  });

  it('working days keep their half day; a row of a closed month reads as closed', () => {
    expect(formatDays(21.5)).toBe('21.5');
    expect(formatDays(22)).toBe('22');
    expect(formatDays(0)).toBe('0');
    expect(formatDays(undefined)).toBe('');
    expect(payrollRowState(true, false)).toBe('Đang tính toán...');
    expect(payrollRowState(false, true)).toBe('Đã chốt');
    expect(payrollRowState(false, false)).toBe('Đã tính');
    expect(daysToSend('21,5')).toBe(21.5);
    expect(daysToSend(' 21.5 ')).toBe(21.5);
    expect(daysToSend('')).toBeUndefined();
    expect(daysToSend('hai mươi')).toBe('hai mươi');
  });
});
