import {
  invitationResultChip,
  nextDayBalanceColor,
  nextDayStatusAction,
  nextDayStatusChip,
  otpButtons,
  transactionOf,
} from './invite-rules';

describe('the invite form rules (spec 2 §4)', () => {
  const base = { pkg: 'MXH120', phone: '0912345678', otp: '', hasTransaction: false, busy: false };
  it('Get OTP needs package and phone', () => {
    expect(otpButtons(base).getOtp).toBe(true);
    expect(otpButtons({ ...base, pkg: ' ' }).getOtp).toBe(false);
    expect(otpButtons({ ...base, phone: '' }).getOtp).toBe(false);
    expect(otpButtons({ ...base, busy: true }).getOtp).toBe(false);
  });
  it('confirm needs an OTP request and the code', () => {
    expect(otpButtons(base).confirm).toBe(false);
    expect(otpButtons({ ...base, otp: '123456' }).confirm).toBe(false);
    expect(otpButtons({ ...base, hasTransaction: true }).confirm).toBe(false);
    expect(otpButtons({ ...base, otp: '123456', hasTransaction: true }).confirm).toBe(true);
  });
  it("keeps the transaction id in the channel's own field", () => {
    expect(transactionOf({ transIdGetOtp: '', transactionNo: 'T-9', orderCode: '' })).toEqual({ field: 'transactionNo', value: 'T-9' });
    expect(transactionOf({ orderCode: 'OC1' })).toEqual({ field: 'orderCode', value: 'OC1' });
    expect(transactionOf({})).toBeNull();
  });
});

describe('invite-next-day display rules (spec 3 §4)', () => {
  it("shows 'invited N times' green for status 1, 'not yet invited' red otherwise", () => {
    expect(nextDayStatusChip(1, 3)).toEqual({ label: 'Đã mời 3 lần', color: 'success' });
    expect(nextDayStatusChip(0, 2)).toEqual({ label: 'Chưa mời', color: 'error' });
    // The row's control: not invited → mark invited (approve), invited → back.
    expect(nextDayStatusAction(0)).toMatchObject({ to: 1, label: 'Đánh dấu đã mời', confirm: "Xác nhận đổi trạng thái thành 'Đã mời'?" });
    expect(nextDayStatusAction(1)).toMatchObject({
      to: 0,
      label: 'Chuyển về chưa mời',
      confirm: "Xác nhận đổi trạng thái thành 'Chưa mời'?",
    });
  });
  it('colours the balance red under 50% of the price', () => {
    expect(nextDayBalanceColor(49.99)).toBe('error');
    expect(nextDayBalanceColor(50)).toBe('success');
  });
  it("an invitation's result: nothing yet while its code waits", () => {
    expect(invitationResultChip('REGISTER_SUCCESS')).toEqual({ label: 'Thành công', color: 'success' });
    expect(invitationResultChip('PENDING')).toEqual({ label: 'Chưa có kết quả', color: 'default' });
    expect(invitationResultChip('REGISTER_FAIL')).toEqual({ label: 'Thất bại', color: 'error' });
  });
});
