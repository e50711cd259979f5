import { canDeleteRequest, clawbackLabel, noticeText, tradeStatusChoices, tradeStatusColor } from './api';
import { methodOptions } from './forms';

describe('refund screen rules', () => {
  it("'Xoá' for managers, not while the gateway may answer, not after a collected clawback (issue 24.12)", () => {
    const r = { can_retry: false, trang_thai_truy_thu_hoan_theo_goi: 'truy_thu', trang_thai_truy_thu_hoan_them: 'binh_thuong' };
    expect(canDeleteRequest(r, 1)).toBe(true);
    expect(canDeleteRequest(r, 2)).toBe(true);
    expect(canDeleteRequest(r, 3)).toBe(false);
    expect(canDeleteRequest({ ...r, can_retry: true }, 1)).toBe(false);
    expect(canDeleteRequest({ ...r, trang_thai_truy_thu_hoan_them: 'da_truy_thu' }, 1)).toBe(false);
  });

  it("a top-up's normal clawback state reads 'ĐÃ THANH TOÁN'; a refund's 'Bình thường'", () => {
    expect(clawbackLabel('binh_thuong', 5)).toBe('ĐÃ THANH TOÁN');
    expect(clawbackLabel('binh_thuong', 1)).toBe('Bình thường');
    expect(clawbackLabel('truy_thu', 5)).toBe('Truy thu');
  });

  it("'Đang xử lý' (-10002) is offered only for non-prepaid subscribers", () => {
    expect(tradeStatusChoices(1).map((o) => o.value)).toEqual([-9999, -10000]);
    expect(tradeStatusChoices(2).map((o) => o.value)).toEqual([-9999, -10000, -10002]);
    expect(tradeStatusColor('Hoàn thành')).toBe('success');
    expect(tradeStatusColor('Đơn bị từ chối')).toBe('error');
  });

  it('the dialog offers renewal and G1–G3 with the package prices', () => {
    const price = { gia_gia_han: 50000, gia_nang_cap_g1: 59000, gia_nang_cap_g2: 60000, gia_nang_cap_g3: 61000 } as any;
    expect(methodOptions(price).map((o) => [o.value, o.label])).toEqual([
      ['1', 'Gia hạn (50,000)'],
      ['10', 'Nâng cấp G1 (59,000)'],
      ['11', 'Nâng cấp G2 (60,000)'],
      ['12', 'Nâng cấp G3 (61,000)'],
    ]);
    expect(methodOptions(null).map((o) => o.label)).toEqual(['Gia hạn', 'Nâng cấp G1', 'Nâng cấp G2', 'Nâng cấp G3']);
  });

  it("shows each of the server's notices, one after the other", () => {
    expect(noticeText({ values: [], notices: [{ request_id: 'a', channel: 'x', message: 'm', status: 's', text: '[YÊU CẦU HOÀN TIỀN]\nm' }, { request_id: 'b', channel: 'x', message: 'n', status: 's', text: '[NẠP TIỀN CHIẾT KHẤU]\nn' }] })).toBe(
      '[YÊU CẦU HOÀN TIỀN]\nm\n\n[NẠP TIỀN CHIẾT KHẤU]\nn',
    );
  });
});
