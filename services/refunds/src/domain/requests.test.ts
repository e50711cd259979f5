import { AppError } from '@cskh/kit';
import { RMSG } from './messages';
import { checkManualStatus, noticeText, transferNote } from './requests';

describe('request rules', () => {
  it('transfer note: 0 + last 9 digits + space + package upper case', () => {
    expect(transferNote('+84 912 345 678', ' mxh100 ')).toBe('0912345678 MXH100');
    expect(transferNote('912345678', 'd120')).toBe('0912345678 D120');
  });
  it('the notice: header by channel and kind, status in parentheses unless Unknown', () => {
    expect(noticeText({ channel: 'khong_qua_api', topUp: true, message: 'Đã tạo đơn không qua API', status: 'Unknown' })).toBe('[NẠP TIỀN CHIẾT KHẤU]\nĐã tạo đơn không qua API');
    expect(noticeText({ channel: 'khong_qua_api', topUp: false, message: 'Đã tạo đơn', status: '' })).toBe('[YÊU CẦU HOÀN TIỀN]\nĐã tạo đơn');
    expect(noticeText({ channel: 'cong_nap_the', channelLabel: 'Cổng A', topUp: true, message: 'Nạp thành công', status: 'SUCCESS' })).toBe("[Thông báo từ 'Cổng A']\nNạp thành công (SUCCESS)");
  });
  it('manual statuses: three codes; Đang xử lý not for prepaid', () => {
    expect(checkManualStatus(-9999, 1)).toBe('hoan_thanh');
    expect(checkManualStatus(-10000, 1)).toBe('hoan_tien');
    expect(checkManualStatus(-10002, 2)).toBe('dang_xu_ly');
    expect(() => checkManualStatus(-10002, 1)).toThrow(new AppError('VALIDATION', RMSG.processingNotPrepaid));
    expect(() => checkManualStatus(0, 2)).toThrow(AppError);
  });
});
