import {
  canDeleteRequest,
  clawbackLabel,
  differenceColor,
  HISTORY_FIELD_LABELS,
  historyValueLabels,
  noticeText,
  phoneToCopy,
  tradeStatusChoices,
  tradeStatusColor,
} from './api';
import { faceText, methodOptions, transferHint, transferText } from './forms';

describe('refund screen rules', () => {
  it("'Xoá' for managers, not while the gateway may answer, not after a collected clawback", () => {
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
    expect(
      noticeText({
        values: [],
        notices: [
          { request_id: 'a', channel: 'x', message: 'm', status: 's', text: '[YÊU CẦU HOÀN TIỀN]\nm' },
          { request_id: 'b', channel: 'x', message: 'n', status: 's', text: '[NẠP TIỀN CHIẾT KHẤU]\nn' },
        ],
      }),
    ).toBe('[YÊU CẦU HOÀN TIỀN]\nm\n\n[NẠP TIỀN CHIẾT KHẤU]\nn');
  });
  it('the dialogs show the transfer amount the server will store, and fill the face amount back from it', () => {
    expect(transferText('100,000', 1000)).toBe('90000');
    expect(faceText('90,000', 1000)).toBe('100000');
    expect(transferText('123,456', 350)).toBe('119135');
    expect(transferText('', 1000)).toBe('');
    expect(transferText('100,000', null)).toBe('');
    expect(faceText('90,000', 10000)).toBe('');
    expect(transferHint('', 1000)).toBe('Chọn loại thuê bao để tính số tiền khách chuyển khoản');
    expect(transferHint('1', 350)).toContain('Tỉ lệ chiết khấu trả trước 3.5%');
    expect(transferHint('2', 1000)).toContain('trả sau 10%');
  });

  it('a phone copy takes its last 9 digits; a masked number offers none', () => {
    expect(phoneToCopy('0912345678')).toBe('912345678');
    expect(phoneToCopy('84912345678')).toBe('912345678');
    expect(phoneToCopy('912345678')).toBe('912345678');
    expect(phoneToCopy('****45678')).toBeNull();
    expect(phoneToCopy('')).toBeNull();
  });

  it("'Chênh lệch chiết khấu' is coloured for priority above 2 only (spec 2 §6)", () => {
    expect(differenceColor(5000, 1)).toBeUndefined();
    expect(differenceColor(5000, 2)).toBeUndefined();
    expect(differenceColor(5000, 3)).toBe('success.main');
    expect(differenceColor(-5000, 5)).toBe('error.main');
    expect(differenceColor(0, 5)).toBeUndefined();
  });
  it("a request's history names every field the service audits in Vietnamese, and its stored codes too", () => {
    const audited = [
      'created',
      'deleted',
      'assigned_to',
      'approver',
      'status_duyet_don',
      'is_transfer',
      'username_duyet_trang_thai_chuyen_khoan',
      'trang_thai_key',
      'trang_thai_giao_dich_doi_tac',
      'ma_trang_thai_giao_dich_doi_tac',
      'partner_state',
      'refund_price',
      'transfer_final_amount',
      'tien_hoan_sau_chiet_khau',
      'linked_id',
    ];
    for (const f of audited)
      expect(HISTORY_FIELD_LABELS[f]).toMatch(/^[A-ZĐÁÀẢÃẠÂẦẤẨẪẬĂẮẰẲẴẶÉÈẺẼẸÊẾỀỂỄỆÍÌỈĨỊÓÒỎÕỌÔỐỒỔỖỘƠỚỜỞỠỢÚÙỦŨỤƯỨỪỬỮỰÝỲỶỸỴ]/);
    const v = historyValueLabels();
    expect(v.trang_thai_key.hoan_thanh).toBe('Hoàn thành');
    expect(v.trang_thai_truy_thu_hoan_them.da_truy_thu).toBe('Đã truy thu');
    expect(v.partner_state.unknown).toBe('Chưa phản hồi');
  });
});
