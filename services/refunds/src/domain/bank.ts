import { last9 } from '@cskh/kit';
import { TOP_UP } from './requests';

/**
 * What an approved bank transfer (cskh.bank.message-approved) does to refunds. The customer of a
 * discount top-up pays the discounted amount by bank transfer with the transfer note
 * '0' + last 9 digits + ' ' + PACKAGE; once the bank side approves that message's phone and package,
 * the top-up it pays for is settled automatically: 'Đã CK', approved, by '__AUTO' (the spec's mark
 * for automatic decisions). The spec says no more, so the rule is the accountant's:
 *   - same subscriber (last 9 digits), same package (case and spaces ignored), type 5;
 *   - the amount transferred equals the amount due (transfer_final_amount) exactly: a short or
 *     over payment is for a person to judge;
 *   - the request is still open: not transferred, no approval decision, no transfer matched yet;
 *   - one transfer settles one request and one request takes one transfer; among several open
 *     requests the oldest is settled first (customers pay in the order they asked).
 * A transfer approved before its request exists waits in the read model and settles the request
 * when it is created.
 */
export const AUTO = '__AUTO';

export interface ApprovedTransfer {
  transfer_id: string;
  phone: string;
  package_code: string;
  amount: number;
}

export interface TopUpCandidate {
  request_type: number;
  number_phone: string;
  package_code: string;
  transfer_final_amount: string | number;
  is_transfer: number;
  approver: string;
  bank_transfer_id: string | null;
  created_time: Date;
}

export const packageKey = (pkg: string) =>
  String(pkg ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();

/** Whether this approved transfer pays for this request (see the file comment). */
export function transferPays(t: ApprovedTransfer, r: TopUpCandidate): boolean {
  return (
    r.request_type === TOP_UP &&
    last9(r.number_phone).length === 9 &&
    last9(r.number_phone) === last9(t.phone) &&
    packageKey(r.package_code) === packageKey(t.package_code) &&
    Number(r.transfer_final_amount) === t.amount &&
    t.amount > 0 &&
    Number(r.is_transfer) === 0 &&
    !r.approver &&
    !r.bank_transfer_id
  );
}

/** The oldest candidate the transfer pays for, if any. */
export function requestPaidBy<R extends TopUpCandidate>(t: ApprovedTransfer, candidates: R[]): R | undefined {
  return candidates.filter((r) => transferPays(t, r)).sort((a, b) => a.created_time.getTime() - b.created_time.getTime())[0];
}

/** The oldest waiting transfer that pays for a request, if any. */
export function transferFor<T extends ApprovedTransfer & { approved_at: Date }>(r: TopUpCandidate, waiting: T[]): T | undefined {
  return waiting.filter((t) => transferPays(t, r)).sort((a, b) => a.approved_at.getTime() - b.approved_at.getTime())[0];
}

/** The columns an automatic settlement sets: transferred, approved, both by '__AUTO', with the transfer. */
export const autoSettlement = (transferId: string) => ({
  is_transfer: 1,
  username_duyet_trang_thai_chuyen_khoan: AUTO,
  approver: AUTO,
  status_duyet_don: 1,
  bank_transfer_id: transferId,
});
