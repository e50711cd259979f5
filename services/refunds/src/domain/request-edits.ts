import { AppError } from '@cskh/kit';
import { RMSG } from './messages';
import { checkNumberType, checkPhone, PREPAID } from './requests';

/** What the correction of a request's subscriber looks at. */
export interface SubscriberHolder {
  number_phone: string;
  number_type: number;
  partner_state: string;
  bank_transfer_id: string | null;
  trang_thai_key: string;
}

/**
 * `PUT /api/v1/requestrefund/{id}`: the phone and subscriber type of a request, corrected under the
 * create rules for the two fields. Not once a card gateway was sent the number (the partner's record
 * names it) nor once a bank transfer settled the top-up (that transfer matched the number as it
 * was); a prepaid subscriber cannot hold a 'Đang xử lý' set by hand. Amounts and the stored rate
 * stay: the customer was told them, and a top-up's rate is never rewritten after creation.
 */
export function subscriberCorrection(
  r: SubscriberHolder,
  phone: unknown,
  numberType: number,
): { number_phone: string; number_type: number } {
  const set = { number_phone: checkPhone(phone), number_type: checkNumberType(numberType) };
  if (r.partner_state !== 'none') throw new AppError('PRECONDITION', RMSG.correctAfterGateway);
  if (r.bank_transfer_id) throw new AppError('PRECONDITION', RMSG.correctAfterTransfer);
  if (set.number_type === PREPAID && r.trang_thai_key === 'dang_xu_ly') throw new AppError('PRECONDITION', RMSG.processingNotPrepaid);
  return set;
}
