import type { InviteReply } from './api';

// The invite words are shared with the orders area's auto-invite toast, so they live in common/.
export { autoInviteToast, INVITE_STATUS_WORDS, INVITE_TAB_LABELS, inviteStatusWord, wordsForCodes } from '../../common/inviteWords';

/** An invitation's transaction status in words (the care service's codes, spec 2 §3 "status"). */
export const TRANSACTION_STATUS_OPTIONS = [
  { value: 'OTP_SENT', label: 'Chờ xác nhận OTP' },
  { value: 'CONFIRMED', label: 'Đã xác nhận OTP' },
  { value: 'COMMANDED', label: 'Đã gửi lệnh' },
];

/** An invitation's result: the carrier's success or failure, nothing yet while its code waits. */
export function invitationResultChip(resultCodeMO: string): { label: string; color: 'success' | 'error' | 'default' } {
  if (resultCodeMO === 'REGISTER_SUCCESS') return { label: 'Thành công', color: 'success' };
  if (resultCodeMO === 'PENDING') return { label: 'Chưa có kết quả', color: 'default' };
  return { label: 'Thất bại', color: 'error' };
}

/** The OTP request's transaction id, in whichever field the channel's answer carries it. */
export function transactionOf(r: Partial<InviteReply>): { field: 'transIdGetOtp' | 'transactionNo' | 'orderCode'; value: string } | null {
  for (const field of ['transIdGetOtp', 'transactionNo', 'orderCode'] as const) if (r[field]) return { field, value: String(r[field]) };
  return null;
}

/** The buttons' rules (spec 2 §4): Get OTP needs package and phone; confirm needs an OTP request and the code. */
export function otpButtons(f: { pkg: string; phone: string; otp: string; hasTransaction: boolean; busy: boolean }) {
  const filled = !!f.pkg.trim() && !!f.phone.trim();
  return { getOtp: filled && !f.busy, confirm: filled && f.hasTransaction && !!f.otp.trim() && !f.busy };
}

/** Invite-next-day status (spec 3 §4): 'invited N times' green when status is 1, else 'not yet invited' red. */
export function nextDayStatusChip(status: number, count: number): { label: string; color: 'success' | 'error' } {
  return status === 1 ? { label: `Đã mời ${count} lần`, color: 'success' } : { label: 'Chưa mời', color: 'error' };
}

/**
 * The status control of an invite-next-day row (spec 3 §2.17, §7.9): a record not yet
 * invited offers 'Đã mời' (approve, status 1), an invited one 'Chưa mời' (setTrangThai 0, to undo a
 * mistaken mark), each after its confirm prompt. Whoever may see the record may set it (the
 * server's scope: own records for priority 5, the subtree above, all for seniors).
 */
export function nextDayStatusAction(status: number): { to: 0 | 1; label: string; confirm: string; done: string } {
  return status === 1
    ? { to: 0, label: 'Chuyển về chưa mời', confirm: "Xác nhận đổi trạng thái thành 'Chưa mời'?", done: "Đã chuyển về 'Chưa mời'" }
    : { to: 1, label: 'Đánh dấu đã mời', confirm: "Xác nhận đổi trạng thái thành 'Đã mời'?", done: "Đã đánh dấu 'Đã mời'" };
}

/** The balance is red when its share of the package price is under 50, otherwise green (spec 3 §4). */
export const nextDayBalanceColor = (share: number): 'error' | 'success' => (share < 50 ? 'error' : 'success');
