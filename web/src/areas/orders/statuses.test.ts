import { infoApprovalPrompt, INFO_APPROVAL_OPTIONS, label, mmss, secondsLeft, statusColor } from './statuses';

describe('order screen rules', () => {
  it('information approval: three values in words, coloured, and the confirm text', () => {
    expect(INFO_APPROVAL_OPTIONS.map((o) => o.label)).toEqual(['Đang chờ duyệt', 'Đã duyệt', 'Từ chối']);
    expect([statusColor('da_duyet'), statusColor('tu_choi')]).toEqual(['success', 'error']);
    expect(infoApprovalPrompt('da_duyet')).toBe("Xác nhận đổi trạng thái duyệt thông tin thành 'Đã duyệt'?");
  });

  it('counts down on the server clock', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    // The server is 30 s ahead of the browser: 10 minutes after a creation at server time `now`.
    expect(secondsLeft('2026-01-01T00:10:00+00:00', 30_000, now - 30_000)).toBe(600);
    expect(secondsLeft('2026-01-01T00:10:00Z', 0, now + 601_000)).toBe(0);
    expect(secondsLeft('', 0, now)).toBeNull();
    expect(mmss(599)).toBe('09:59');
  });
  it('colours by the spec rule', () => {
    expect(statusColor('huy_qua_han')).toBe('error');
    expect(statusColor('dang_ky_thanh_cong')).toBe('success');
    expect(statusColor('cho_soan_y')).toBe('info');
    expect(statusColor('da_thu_tien_mat')).toBe('secondary');
    expect(statusColor('yeu_cau_thu_hoi')).toBe('warning');
    expect(label('huy_qua_han')).toBe('Huỷ quá hạn');
  });
});
