import { deletedSummary, deletionRefusal } from './deletion';
import { RMSG } from './messages';

const base = { partner_state: 'none', trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong', trang_thai_truy_thu_hoan_them: 'binh_thuong' };

describe('deleting a request', () => {
  it('managers (priority below 3) only', () => {
    expect(deletionRefusal(base, 1)).toBeNull();
    expect(deletionRefusal(base, 2)).toBeNull();
    expect(deletionRefusal(base, 3)).toBe(RMSG.deleteForbidden);
    expect(deletionRefusal(base, 5)).toBe(RMSG.deleteForbidden);
  });
  it('not while the card gateway may still answer (pending, unknown); once answered or by hand it may go', () => {
    expect(deletionRefusal({ ...base, partner_state: 'pending' }, 1)).toBe(RMSG.deleteWhilePartner);
    expect(deletionRefusal({ ...base, partner_state: 'unknown' }, 1)).toBe(RMSG.deleteWhilePartner);
    expect(deletionRefusal({ ...base, partner_state: 'answered' }, 1)).toBeNull();
  });
  it('a clawback due (truy_thu) is undone with the request; one collected (da_truy_thu) on either side refuses', () => {
    expect(
      deletionRefusal({ ...base, trang_thai_truy_thu_hoan_theo_goi: 'truy_thu', trang_thai_truy_thu_hoan_them: 'truy_thu' }, 1),
    ).toBeNull();
    expect(deletionRefusal({ ...base, trang_thai_truy_thu_hoan_theo_goi: 'da_truy_thu' }, 1)).toBe(RMSG.deleteAfterClawback);
    expect(deletionRefusal({ ...base, trang_thai_truy_thu_hoan_them: 'da_truy_thu' }, 1)).toBe(RMSG.deleteAfterClawback);
  });
  it('the trail keeps what was deleted', () => {
    expect(
      deletedSummary({
        staff_username: 'nv1',
        number_phone: '0912345678',
        package_code: 'MXH120',
        request_type: 1,
        refund_price: '50000',
        other_refund: 0,
        trang_thai_truy_thu_hoan_theo_goi: 'truy_thu',
        trang_thai_truy_thu_hoan_them: 'binh_thuong',
      }),
    ).toBe('nhân viên nv1, số 0912345678, gói MXH120, yêu cầu 1, số tiền 50000, hoàn thêm 0, truy thu truy_thu/binh_thuong');
  });
});
