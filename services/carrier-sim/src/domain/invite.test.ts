import { InviteDesk, InviteError, OTP_TTL_MS, packagePrice } from './invite';

const failsWith = (f: () => unknown, status: number, msg: string) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InviteError);
    expect((e as InviteError).status).toBe(status);
    expect((e as InviteError).message).toBe(msg);
    return;
  }
  throw new Error('expected a refusal');
};

describe('carrier invitation desk', () => {
  it('prices a package by its trailing number in thousands', () => {
    expect(packagePrice('MXH120')).toBe(120_000);
    expect(packagePrice('ST90')).toBe(90_000);
    expect(packagePrice('V90B')).toBe(90_000);
    expect(packagePrice('GOI')).toBe(50_000);
  });

  it('answers the transaction id in the channel’s own field and registers with the right code once', () => {
    const desk = new InviteDesk(() => 1_000);
    expect(Object.keys(desk.requestOtp({ type: 'ma_xac_nhan_2', phone: '0912345671', package: 'v120' }))).toContain('transactionNo');
    expect(Object.keys(desk.requestOtp({ type: 'ma_xac_nhan_3', phone: '0912345671', package: 'v120' }))).toContain('orderCode');
    const r = desk.requestOtp({ type: 'ma_xac_nhan_1', phone: '0912345672', package: 'mxh120' });
    const sent = desk.lastOtp('84912345672')!;
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.transId).toBe(r.transIdGetOtp);
    const wrong = sent.code === '000000' ? '111111' : '000000';
    failsWith(() => desk.confirm({ phone: '0912345672', otp: wrong, transIdGetOtp: r.transIdGetOtp }), 400, 'Mã OTP không đúng');
    const ok = desk.confirm({ phone: '0912345672', otp: sent.code, transIdGetOtp: r.transIdGetOtp, package: 'MXH120' });
    expect(ok).toEqual(
      expect.objectContaining({
        msisdn: '84912345672',
        packCode: 'MXH120',
        packPrice: 120_000,
        requestType: 'DK',
        resultCodeMO: 'REGISTER_SUCCESS',
      }),
    );
    // Used: a second confirm is refused.
    failsWith(
      () => desk.confirm({ phone: '0912345672', otp: sent.code, transIdGetOtp: r.transIdGetOtp }),
      400,
      'Giao dịch OTP không tồn tại hoặc đã hết hạn',
    );
  });

  it('refuses expired codes, too many attempts, and follows the per-phone outcomes', () => {
    let now = 0;
    const desk = new InviteDesk(() => now);
    const r = desk.requestOtp({ type: 'ma_xac_nhan_1', phone: '0912345673', package: 'D120' });
    now = OTP_TTL_MS + 1;
    failsWith(
      () => desk.confirm({ phone: '0912345673', otp: desk.lastOtp('0912345673')!.code, transIdGetOtp: r.transIdGetOtp }),
      400,
      'Giao dịch OTP không tồn tại hoặc đã hết hạn',
    );
    const r2 = desk.requestOtp({ type: 'ma_xac_nhan_1', phone: '0912345674', package: 'D120' });
    const code = desk.lastOtp('0912345674')!.code;
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++)
      failsWith(() => desk.confirm({ phone: '0912345674', otp: bad, transIdGetOtp: r2.transIdGetOtp }), 400, 'Mã OTP không đúng');
    failsWith(
      () => desk.confirm({ phone: '0912345674', otp: code, transIdGetOtp: r2.transIdGetOtp }),
      400,
      'Nhập sai mã OTP quá số lần cho phép',
    );
    failsWith(
      () => desk.requestOtp({ type: 'ma_xac_nhan_1', phone: '0912345670', package: 'D120' }),
      422,
      'Thuê bao không đủ điều kiện đăng ký gói cước',
    );
    failsWith(() => desk.requestOtp({ type: 'kenh_la', phone: '0912345671', package: 'D120' }), 400, 'Kênh mời không hợp lệ');
    expect(desk.register({ phone: '0912345679', package: 'D120', command: 'GIAHAN' }).resultCodeMO).toBe('REGISTER_FAIL');
    expect(desk.register({ phone: '0912345678', package: 'D120', command: 'giahan' })).toEqual(
      expect.objectContaining({ requestType: 'GIAHAN', resultCodeMO: 'REGISTER_SUCCESS' }),
    );
    failsWith(() => desk.register({ phone: '0912345678', package: 'D120', command: 'HUY' }), 400, 'Lệnh phải là DK hoặc GIAHAN');
  });
});
