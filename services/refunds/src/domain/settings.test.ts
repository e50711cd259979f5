import { AppError } from '@cskh/kit';
import { MSG } from './messages';
import { checkMayChange, checkSettingValue, parseRate, rateHundredths } from './settings';

const err = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? [e.code, e.msg] : e;
  }
  return 'no error';
};

describe('settings', () => {
  it('rates are 0–100 with at most two decimals; a comma is a decimal point', () => {
    expect(parseRate('3')).toBe('3');
    expect(parseRate('3,5')).toBe('3.5');
    expect(parseRate('100')).toBe('100');
    expect(parseRate('0.25')).toBe('0.25');
    for (const bad of ['', '-1', '100.01', '101', 'abc', '1.234'])
      expect(err(() => parseRate(bad))).toEqual(['VALIDATION', MSG.rateInvalid]);
    expect(rateHundredths('3.5')).toBe(350);
  });
  it('the channel is required, one of three, and a gateway needs its address', () => {
    const configured = new Set(['cong_nap_the']);
    expect(err(() => checkSettingValue('kenh_hoan_tien', ' ', configured))).toEqual(['VALIDATION', MSG.channelRequired]);
    expect(err(() => checkSettingValue('kenh_hoan_tien', 'ngan_hang', configured))).toEqual(['VALIDATION', MSG.channelInvalid]);
    expect(err(() => checkSettingValue('kenh_hoan_tien', 'cong_nap_the_1', configured))).toEqual([
      'PRECONDITION',
      MSG.channelNotConfigured('cong_nap_the_1'),
    ]);
    expect(checkSettingValue('kenh_hoan_tien', 'cong_nap_the', configured)).toBe('cong_nap_the');
    expect(checkSettingValue('kenh_hoan_tien', 'khong_qua_api', new Set())).toBe('khong_qua_api');
  });
  it('the channel needs requestrefund.doi-kenh-hoan-tien; rates need priority below 3', () => {
    expect(err(() => checkMayChange({ priority: 1, permissions: [] }, 'kenh_hoan_tien'))).toEqual(['FORBIDDEN', MSG.channelForbidden]);
    expect(err(() => checkMayChange({ priority: 4, permissions: ['requestrefund.doi-kenh-hoan-tien'] }, 'kenh_hoan_tien'))).toBe(
      'no error',
    );
    expect(err(() => checkMayChange({ priority: 3, permissions: ['settings'] }, 'ti_le_chiet_khau'))).toEqual([
      'FORBIDDEN',
      MSG.settingForbidden,
    ]);
    expect(err(() => checkMayChange({ priority: 2, permissions: [] }, 'ti_le_chiet_khau'))).toBe('no error');
  });
});
