import { RMSG } from './messages';
import { subscriberCorrection } from './request-edits';

const open = {
  number_phone: '0912345670',
  number_type: 2,
  partner_state: 'none',
  bank_transfer_id: null,
  trang_thai_key: 'da_tao_don_khong_qua_api',
};
const why = (f: () => unknown) => {
  try {
    f();
    return '';
  } catch (e) {
    return (e as { msg: string }).msg;
  }
};

describe('subscriber correction', () => {
  it('takes a phone and type under the create rules', () => {
    expect(subscriberCorrection(open, ' 0912345678 ', 1)).toEqual({ number_phone: '0912345678', number_type: 1 });
    expect(why(() => subscriberCorrection(open, '12', 1))).toBe(RMSG.phoneInvalid);
    expect(why(() => subscriberCorrection(open, '0912345678', 3))).toBe(RMSG.numberTypeInvalid);
  });
  it('not once a gateway was sent the number or a transfer settled it; no prepaid under a manual "Đang xử lý"', () => {
    expect(why(() => subscriberCorrection({ ...open, partner_state: 'answered' }, '0912345678', 2))).toBe(RMSG.correctAfterGateway);
    expect(why(() => subscriberCorrection({ ...open, bank_transfer_id: 't1' }, '0912345678', 2))).toBe(RMSG.correctAfterTransfer);
    expect(why(() => subscriberCorrection({ ...open, trang_thai_key: 'dang_xu_ly' }, '0912345678', 1))).toBe(RMSG.processingNotPrepaid);
  });
});
