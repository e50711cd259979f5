import { REMINDING_REQUEST_STATUSES, reminderView, repeatDueBefore } from './reminders';
import { reminderFor } from './statuses';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
const order = (over: Partial<Parameters<typeof reminderView>[0]> = {}) => ({
  id: 'o1',
  kind: 'mfy',
  so_dien_thoai: '0912345678',
  trang_thai_yeu_cau: 'cho_soan_y',
  cancel_due_at: new Date('2025-01-02T03:04:05Z'),
  ...over,
});

describe('reminderView', () => {
  it("a salesperson's reminder names ****last5 and the deadline, with the toast text", () => {
    expect(reminderView(order(), 5, iso)).toEqual({
      phone_number: '****45678',
      yeu_cau: 'soan_y',
      id: 'o1',
      han_huy: '2025-01-02T03:04:05.000Z',
      message: 'Đơn ****45678 đang chờ soạn Y lần 1. Vui lòng kiểm tra!',
    });
    // Masked for the salesperson even when a manager created the order for them.
    expect(reminderView(order({ trang_thai_yeu_cau: 'cho_soan_y_lan_2' }), 1, iso)?.phone_number).toBe('****45678');
  });

  it("a manager's can_duyet reminder shows the number as their priority may see it, no deadline", () => {
    expect(reminderView(order({ trang_thai_yeu_cau: 'da_soan_y_lan_1', cancel_due_at: null }), 2, iso)).toMatchObject({
      phone_number: '912345678',
      yeu_cau: 'can_duyet',
      han_huy: '',
      message: 'Đơn 0912345678 cần duyệt. Vui lòng kiểm tra!',
    });
  });

  it('reminds nobody for other statuses and for 9279 orders', () => {
    expect(reminderView(order({ trang_thai_yeu_cau: 'qua_han' }), 5, iso)).toBeNull();
    expect(reminderView(order({ kind: '9279' }), 5, iso)).toBeNull();
  });

  it('the reminding statuses are exactly those reminderFor answers', () => {
    for (const s of REMINDING_REQUEST_STATUSES) expect(reminderFor(s)).not.toBeNull();
    for (const s of ['dang_cho_xu_ly', 'thanh_cong', 'qua_han', 'qua_han_lan_2', 'thu_hoi', 'that_bai']) expect(reminderFor(s)).toBeNull();
  });
});

describe('repeatDueBefore', () => {
  it('is now − every, or null when repeating is off', () => {
    const now = new Date('2025-01-01T00:10:00Z');
    expect(repeatDueBefore(now, 120_000)?.toISOString()).toBe('2025-01-01T00:08:00.000Z');
    expect(repeatDueBefore(now, 0)).toBeNull();
  });
});
