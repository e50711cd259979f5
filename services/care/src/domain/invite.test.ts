import { AppError } from '@cskh/kit';
import { inviteStep, inviteTabCandidates, maskStaffName, mayUseChannel, otpConfirmRefusal, registrationNotice } from './invite';
import { MSG } from './messages';

const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error('expected a refusal');
};

describe('invitation steps', () => {
  it('tells the three steps apart by the payload', () => {
    expect(inviteStep({ type: 'ma_xac_nhan_1', phone: '84912345678', package: ' mxh120 ' })).toEqual({
      step: 'otp',
      type: 'ma_xac_nhan_1',
      phone: '0912345678',
      package: 'MXH120',
    });
    expect(inviteStep({ type: 'ma_xac_nhan_3', phone: '0912345678', package: 'V120', otp: '123456', orderCode: 'T1' })).toEqual(
      expect.objectContaining({ step: 'confirm', otp: '123456', transId: { field: 'orderCode', value: 'T1' } }),
    );
    expect(inviteStep({ type: '9332', phone: '912345678', package: 'V120', command: 'giahan' })).toEqual(
      expect.objectContaining({ step: 'register', command: 'GIAHAN' }),
    );
  });

  it('refuses what the spec requires, with its messages', () => {
    expect(refused(() => inviteStep({ type: 'x', phone: '0912345678', package: 'V' }))).toBe(MSG.inviteTypeInvalid);
    expect(refused(() => inviteStep({ type: 'dk', phone: '', package: 'V' }))).toBe(MSG.invitePhoneRequired);
    expect(refused(() => inviteStep({ type: 'dk', phone: '12345', package: 'V' }))).toBe(MSG.invitePhoneInvalid);
    expect(refused(() => inviteStep({ type: 'dk', phone: '0912345678', package: ' ' }))).toBe(MSG.invitePackageRequired);
    expect(refused(() => inviteStep({ type: 'dk', phone: '0912345678', package: 'V' }))).toBe(MSG.inviteCommandInvalid);
    expect(refused(() => inviteStep({ type: 'ma_xac_nhan_2', phone: '0912345678', package: 'V', command: 'DK' }))).toBe(
      MSG.inviteCommandNotForOtp,
    );
    expect(refused(() => inviteStep({ type: 'ma_xac_nhan_2', phone: '0912345678', package: 'V', otp: '1' }))).toBe(MSG.inviteTransRequired);
  });

  it('needs the channel’s own code', () => {
    expect(mayUseChannel('ma_xac_nhan_2', ['care.otpnew'])).toBe(true);
    expect(mayUseChannel('ma_xac_nhan_2', ['care.otp'])).toBe(false);
    expect(mayUseChannel('9332', ['care.9332'])).toBe(true);
    expect(mayUseChannel('nope', ['care.otp'])).toBe(false);
  });

  it('writes the notice with a masked name, the package upper case and the last 3 digits', () => {
    expect(maskStaffName('Phạm  Bán Hàng')).toBe('P*** B** H***');
    expect(registrationNotice({ fullname: 'Phạm Bán Hàng', username: 'nv1' }, 'mxh120', '0912345678')).toBe(
      'P*** B** H*** vừa mời thành công gói MXH120 cho thuê bao ***678',
    );
    expect(registrationNotice({ fullname: '', username: 'nv1' }, 'v120', '84912345678')).toContain('n** vừa mời');
  });
});

describe('inviteTabCandidates', () => {
  it("lists the tabs the caller's codes allow, in the page's order", () => {
    expect(inviteTabCandidates(['care.dk', 'care.otp', 'care.selling', 'care.otpnew2', 'customer.care'])).toEqual([
      'ma_xac_nhan_1',
      'ma_xac_nhan_4',
      'selling',
      'dk',
    ]);
    expect(inviteTabCandidates(['care.9332'])).toEqual(['9332']);
    expect(inviteTabCandidates([])).toEqual([]);
  });
});

describe('otpConfirmRefusal', () => {
  const started = { username: 'nv_tuan', type: 'ma_xac_nhan_1', phone9: '912345671' };
  const step = { type: 'ma_xac_nhan_1', phone: '0912345671' };
  it('lets the one who asked confirm on the number and channel asked', () => {
    expect(otpConfirmRefusal(started, { username: 'nv_tuan' }, step)).toBeUndefined();
  });
  it('refuses a colleague, an unknown transaction, another number or channel', () => {
    expect(otpConfirmRefusal(started, { username: 'nv_linh' }, step)).toBe(MSG.otpTransactionNotYours);
    expect(otpConfirmRefusal(undefined, { username: 'nv_tuan' }, step)).toBe(MSG.otpTransactionUnknown);
    expect(otpConfirmRefusal(started, { username: 'nv_tuan' }, { ...step, phone: '0912345672' })).toBe(MSG.otpTransactionMismatch);
    expect(otpConfirmRefusal(started, { username: 'nv_tuan' }, { ...step, type: 'ma_xac_nhan_2' })).toBe(MSG.otpTransactionMismatch);
  });
});
