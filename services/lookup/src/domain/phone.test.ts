import { AppError } from '@cskh/kit';
import { display0, last9, requireLookupPhone, with84, PHONE_REQUIRED } from './phone';

describe('phone rules', () => {
  it('uses only the last 9 digits', () => {
    expect(last9('0912 345 678')).toBe('912345678');
    expect(last9('+84912345678')).toBe('912345678');
    expect(last9('84912345678')).toBe('912345678');
    expect(last9('')).toBe('');
  });

  it('requires a phone with the spec message', () => {
    expect(() => requireLookupPhone('')).toThrow(PHONE_REQUIRED);
    expect(() => requireLookupPhone('  ')).toThrow(AppError);
    expect(() => requireLookupPhone('12345')).toThrow('Số điện thoại không hợp lệ');
    expect(requireLookupPhone('0912345678')).toBe('912345678');
  });

  it('prefixes 84 for the 9279 lookup', () => {
    expect(with84('0912345678')).toBe('84912345678');
    expect(with84('912345678')).toBe('84912345678');
    expect(with84('84912345678')).toBe('84912345678');
  });

  it('shows nine-digit phones with a leading 0', () => {
    expect(display0('912345678')).toBe('0912345678');
  });
});
