import type { BankMessage } from './api';
import { destinations, pendingNotice } from './rules';

const message = (over: Partial<BankMessage>) =>
  ({ id: 'm', so_dien_thoai: '0912345678', refund_request_id: '', refund_created_day: '', ...over }) as BankMessage;

describe('bank screen rules', () => {
  it('says how many handed messages wait, with thousands separators', () => {
    expect(pendingNotice(1200)).toBe('Bạn có 1,200 tin nhắn ngân hàng được giao đang chờ xử lý');
  });

  it('leads a transfer to its refund request and the subscriber orders the viewer may open', () => {
    const all = () => true;
    expect(destinations(message({ so_dien_thoai: '' }), all)).toEqual([]);
    const linked = destinations(message({ refund_request_id: 'r1', refund_created_day: '02/11/2026' }), all);
    expect(linked.map((d) => d.label)).toEqual([
      'Yêu cầu hoàn tiền ngày 02/11/2026',
      'Đơn Mfy của thuê bao',
      'Đơn đăng ký 9279 của thuê bao',
    ]);
    expect(linked[0].filters).toMatchObject({ message: '0912345678', startDate: '02/11/2026', endDate: '02/11/2026' });
    expect(linked[1].filters).toEqual({ phone: '0912345678', startDate: '', endDate: '' });
    // Masked for the viewer: the last 5 digits still find it; screens the viewer may not open are left out.
    const masked = destinations(message({ so_dien_thoai: '****45678' }), (p) => p === '/app/mfy');
    expect(masked).toEqual([
      {
        key: 'mfy',
        label: 'Đơn Mfy của thuê bao',
        path: '/app/mfy',
        listId: 'mfy',
        filters: { phone: '45678', startDate: '', endDate: '' },
      },
    ]);
  });
});
