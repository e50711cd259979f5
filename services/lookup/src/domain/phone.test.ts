import { AppError } from '@cskh/kit';
import { display0, last9, maskPhone, maskPhonesInText, requireLookupPhone, with84, PHONE_REQUIRED } from './phone';

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

  it('masks by priority: last 9 below 3, else four stars and the last 5', () => {
    expect(maskPhone('0912345678', 1)).toBe('912345678');
    expect(maskPhone('0912345678', 2)).toBe('912345678');
    expect(maskPhone('0912345678', 3)).toBe('****45678');
    expect(maskPhone('84912345678', 5)).toBe('****45678');
    expect(maskPhone('', 5)).toBe('');
  });

  it('masks phones inside free text for priority 3 and above', () => {
    const text = 'Số điện thoại: 0912345678\nTrang: 1\nSĐT 84912345678';
    expect(maskPhonesInText(text, 2)).toBe(text);
    expect(maskPhonesInText(text, 4)).toBe('Số điện thoại: ****45678\nTrang: 1\nSĐT ****45678');
  });
});
