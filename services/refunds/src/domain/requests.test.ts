import { AppError } from '@cskh/kit';
import { RMSG } from './messages';
import { checkManualStatus, noticeText, partnerStatusWord, transferNote, vietnamesePartnerText } from './requests';

describe('request rules', () => {
  it('transfer note: 0 + last 9 digits + space + package upper case', () => {
    expect(transferNote('+84 912 345 678', ' mxh100 ')).toBe('0912345678 MXH100');
    expect(transferNote('912345678', 'd120')).toBe('0912345678 D120');
  });
  it('the notice: header by channel and kind, status in parentheses unless Unknown', () => {
    expect(noticeText({ channel: 'khong_qua_api', topUp: true, message: 'Đã tạo đơn không qua API', status: 'Unknown' })).toBe(
      '[NẠP TIỀN CHIẾT KHẤU]\nĐã tạo đơn không qua API',
    );
    expect(noticeText({ channel: 'khong_qua_api', topUp: false, message: 'Đã tạo đơn', status: '' })).toBe(
      '[YÊU CẦU HOÀN TIỀN]\nĐã tạo đơn',
    );
    expect(noticeText({ channel: 'cong_nap_the', channelLabel: 'Cổng A', topUp: true, message: 'Nạp thành công', status: 'SUCCESS' })).toBe(
      "[Thông báo từ 'Cổng A']\nNạp thành công (Thành công)",
    );
    expect(noticeText({ channel: 'cong_nap_the', channelLabel: 'Cổng A', topUp: false, message: 'Đang xử lý', status: 'Đang xử lý' })).toBe(
      "[Thông báo từ 'Cổng A']\nĐang xử lý (Đang xử lý)",
    );
  });
  it("the partner's raw status words reach staff in Vietnamese, an unknown code not at all", () => {
    expect(partnerStatusWord('SUCCESS')).toBe('Thành công');
    expect(partnerStatusWord('PENDING')).toBe('Đang chờ xử lý');
    expect(partnerStatusWord('REFUSED')).toBe('Bị từ chối');
    expect(partnerStatusWord('success')).toBe('Thành công');
    expect(partnerStatusWord('E_4711')).toBe('');
    expect(partnerStatusWord('Unknown')).toBe('');
    expect(partnerStatusWord('Hoàn thành')).toBe('Hoàn thành');
    expect(vietnamesePartnerText('Giao dịch FAILED: thẻ lỗi (ERROR)')).toBe('Giao dịch Thất bại: thẻ lỗi (Lỗi)');
    expect(noticeText({ channel: 'cong_nap_the_1', topUp: true, message: 'Nạp xong (SUCCESS)', status: 'X9' })).toBe(
      "[Thông báo từ 'Cổng nạp thẻ 1']\nNạp xong (Thành công)",
    );
  });
  it('manual statuses: three codes; Đang xử lý not for prepaid', () => {
    expect(checkManualStatus(-9999, 1)).toBe('hoan_thanh');
    expect(checkManualStatus(-10000, 1)).toBe('hoan_tien');
    expect(checkManualStatus(-10002, 2)).toBe('dang_xu_ly');
    expect(() => checkManualStatus(-10002, 1)).toThrow(new AppError('VALIDATION', RMSG.processingNotPrepaid));
    expect(() => checkManualStatus(0, 2)).toThrow(AppError);
  });
});
