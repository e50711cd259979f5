import { autoInviteReply, autoInviteRequest } from './auto-invite';

describe("'Mời tự động' through care's direct-registration channel", () => {
  it('registers mfy and 9279 registration orders, renews 9279 renewal orders', () => {
    expect(autoInviteRequest({ so_dien_thoai: '0912345678', ma_goi: 'MXH100', hinh_thuc: '' })).toEqual({
      type: 'dk',
      phone: '0912345678',
      package: 'MXH100',
      command: 'DK',
    });
    expect(autoInviteRequest({ so_dien_thoai: '0912345678', ma_goi: 'D120', hinh_thuc: 'dang_ky' }).command).toBe('DK');
    expect(autoInviteRequest({ so_dien_thoai: '0912345678', ma_goi: 'D120', hinh_thuc: 'gia_han' }).command).toBe('GIAHAN');
  });

  it("answers with care's channel, message and the carrier's result code (Unknown when none)", () => {
    expect(autoInviteReply({ msg: 'Đăng ký thành công', invitation: { type: 'dk', resultCodeMO: 'REGISTER_SUCCESS' } })).toEqual({
      result: 'success',
      mes: 'Đăng ký thành công',
      channel: 'dk',
      status: 'REGISTER_SUCCESS',
    });
    expect(autoInviteReply({ msg: 'x' })).toMatchObject({ channel: 'dk', status: 'Unknown' });
  });
});
