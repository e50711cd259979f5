import { customerStatusLabel } from './care-results';

describe('customer status labels', () => {
  it('reads a subscriber status or a care result in Vietnamese, and leaves an unknown code as it is', () => {
    expect(customerStatusLabel('NORMAL')).toBe('Bình thường');
    expect(customerStatusLabel('ASSIGNED')).toBe('Đã giao');
    expect(customerStatusLabel('TAKECARE')).toBe('Chăm sóc');
    expect(customerStatusLabel('REGISTERED')).toBe('Đã đăng ký');
    expect(customerStatusLabel('KBM')).toBe('Không bắt máy');
    expect(customerStatusLabel('XYZ')).toBe('XYZ');
  });
});
