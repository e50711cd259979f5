import { balanceShare, checkNextDayInput, checkNextDayStatus, packagePrice } from './next-day';
import { MSG } from './messages';

describe('packagePrice', () => {
  it('reads the monthly price in thousands from the package code', () => {
    expect(packagePrice('MXH120')).toBe(120000);
    expect(packagePrice('V90B')).toBe(90000);
    expect(packagePrice(' tk135 ')).toBe(135000);
    expect(packagePrice('FLEX')).toBe(0);
  });

  it('has no price for a number no package carries (it would overflow the reply)', () => {
    expect(packagePrice('-14833282574883132')).toBe(0);
    expect(packagePrice('G999999')).toBe(999999000);
  });
});

describe('balanceShare', () => {
  it('is the balance over the price in percent, 2 decimals', () => {
    expect(balanceShare(60000, 120000)).toBe(50);
    expect(balanceShare(59999, 120000)).toBe(50); // 49.999… rounds to 50.00
    expect(balanceShare(40000, 90000)).toBe(44.44);
    expect(balanceShare(250000, 120000)).toBe(208.33);
    expect(balanceShare(1000, 0)).toBe(0);
  });
});

describe('checkNextDayInput', () => {
  const manager = { username: 'quanly', priority: 2 };
  const sales = { username: 'nv1', priority: 5 };
  it('requires phone, package and (above priority 5) the staff', () => {
    expect(checkNextDayInput({ phone: '', package: 'V90', username: 'nv1' }, manager)).toBe(MSG.invitePhoneRequired);
    expect(checkNextDayInput({ phone: '12345', package: 'V90', username: 'nv1' }, manager)).toBe(MSG.invitePhoneInvalid);
    expect(checkNextDayInput({ phone: '0912345678', package: ' ', username: 'nv1' }, manager)).toBe(MSG.invitePackageRequired);
    expect(checkNextDayInput({ phone: '0912345678', package: 'V90', username: '' }, manager)).toBe(MSG.nextDayStaffRequired);
    expect(checkNextDayInput({ phone: '0912345678', package: 'v90', username: 'nv2' }, manager)).toEqual({
      phone: '0912345678',
      phone9: '912345678',
      package: 'V90',
      username: 'nv2',
    });
  });
  it('priority 5 always records for themself', () => {
    expect(checkNextDayInput({ phone: '84912345678', package: 'MXH120', username: 'someone' }, sales)).toEqual({
      phone: '84912345678',
      phone9: '912345678',
      package: 'MXH120',
      username: 'nv1',
    });
  });
});

describe('checkNextDayStatus', () => {
  it('accepts 1 (invited) and 0 (not yet) only', () => {
    expect(checkNextDayStatus(1)).toBe(1);
    expect(checkNextDayStatus(0)).toBe(0);
    expect(checkNextDayStatus(2)).toBe(MSG.nextDayStatusInvalid);
  });
});
