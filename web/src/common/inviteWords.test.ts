import { autoInviteToast, inviteStatusWord, wordsForCodes } from './inviteWords';

describe('invite toasts in words', () => {
  it('puts the channel and the result code in Vietnamese, never the raw code', () => {
    expect(autoInviteToast({ channel: 'dk', mes: 'Đăng ký gói cước thành công', status: 'REGISTER_SUCCESS' })).toBe(
      "[Thông báo từ 'Đăng ký trực tiếp'] Đăng ký gói cước thành công (Đăng ký thành công)",
    );
    expect(autoInviteToast({ channel: 'ma_xac_nhan_1', mes: 'Đã gửi (SUCCESS)', status: 'FAILD' })).toBe(
      "[Thông báo từ 'Mã xác nhận 1'] Đã gửi (Thành công) (Thất bại)",
    );
    expect(autoInviteToast({ channel: 'dk', mes: 'Xong', status: 'Unknown' })).toBe("[Thông báo từ 'Đăng ký trực tiếp'] Xong");
    expect(autoInviteToast({ mes: '' })).toBe('Đã mời');
  });
  it('an unknown code reads as words too', () => {
    expect(inviteStatusWord('WEIRD_CODE')).toBe('Không xác định');
    expect(inviteStatusWord('')).toBe('');
    expect(wordsForCodes('Kết quả (REGISTER_FAIL) lúc 10:00')).toBe('Kết quả (Đăng ký không thành công) lúc 10:00');
    for (const s of ['SUCCESS', 'REGISTER_SUCCESS', 'FAILD', 'REGISTER_FAIL', 'X_Y'])
      expect(autoInviteToast({ channel: 'dk', mes: 'a', status: s })).not.toMatch(/[A-Z]{2,}_|SUCCESS|FAIL/);
  });
});
