import { parseCustomerRow } from './customer-row';
import { MSG } from './messages';

describe('customer sheet rows (spec 3 §3)', () => {
  it('accepts the phone shapes sheets write and keys them by the last 9 digits', () => {
    const row = parseCustomerRow({ phone: ' 84912345678 ', registerAt: '01/02/2025', expiredAt: '01/03/2025 10:00' });
    expect(row).toMatchObject({ phone: '84912345678', phone9: '912345678' });
    expect((row as { registerAt: Date }).registerAt.toISOString()).toBe('2025-01-31T17:00:00.000Z');
  });

  it('refuses a missing or malformed phone and impossible dates', () => {
    expect(parseCustomerRow({ phone: '' })).toBe(MSG.phoneRequired);
    expect(parseCustomerRow({ phone: 'abc' })).toBe(MSG.phoneInvalid);
    expect(parseCustomerRow({ phone: '0912345678', registerAt: '31/02/2025' })).toBe(MSG.registerAtInvalid);
    expect(parseCustomerRow({ phone: '0912345678', expiredAt: 'mai' })).toBe(MSG.expiredAtInvalid);
    expect(parseCustomerRow({ phone: '0912345678', registerAt: '02/02/2025', expiredAt: '01/02/2025' })).toBe(MSG.expiredBeforeRegister);
  });

  it('keeps blank dates blank', () => {
    expect(parseCustomerRow({ phone: '0912345678', type: ' MC ' })).toMatchObject({ type: 'MC', registerAt: null, expiredAt: null });
  });
});
