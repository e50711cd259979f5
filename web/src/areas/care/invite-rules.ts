import type { InviteReply } from './api';

/** The page's tabs (spec 2 §2.1), in order; the server says which the caller sees (GET …/invite/tabs). */
export const INVITE_TAB_LABELS: Record<string, string> = {
  ma_xac_nhan_1: 'Mã xác nhận 1',
  ma_xac_nhan_2: 'Mã xác nhận 2',
  ma_xac_nhan_3: 'Mã xác nhận 3',
  ma_xac_nhan_4: 'Mã xác nhận 4',
  '9332': 'Gia hạn gói cước',
  selling: 'Bán gói',
  dk: 'Đăng ký trực tiếp',
};

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
 * The status control of an invite-next-day row (issue 24.13, spec 3 §2.17, §7.9): a record not yet
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

/**
 * Partners' and the carrier's result codes in words (issue 24.4): an invite toast never shows a
 * raw code such as '(SUCCESS)' or '(REGISTER_FAIL)'. A code this list lacks reads 'Không xác định'.
 */
export const INVITE_STATUS_WORDS: Record<string, string> = {
  SUCCESS: 'Thành công',
  REGISTER_SUCCESS: 'Đăng ký thành công',
  FAILD: 'Thất bại',
  FAILED: 'Thất bại',
  FAIL: 'Thất bại',
  ERROR: 'Lỗi',
  REGISTER_FAIL: 'Đăng ký không thành công',
  PENDING: 'Đang xử lý',
  PROCESSING: 'Đang xử lý',
  TIMEOUT: 'Quá thời gian chờ',
  NONE: 'Chưa có kết quả',
};

/** The word of one result code; '' for none (blank or 'Unknown', which the spec leaves out). */
export function inviteStatusWord(code: string | undefined | null): string {
  const c = String(code ?? '').trim();
  if (!c || c.toLowerCase() === 'unknown') return '';
  return INVITE_STATUS_WORDS[c.toUpperCase()] ?? 'Không xác định';
}

/** Raw codes in parentheses inside a partner's message, e.g. 'Đã gửi (SUCCESS)', put in words. */
export const wordsForCodes = (text: string) => text.replace(/\(([A-Z][A-Z_]{2,})\)/g, (_m, code: string) => `(${inviteStatusWord(code)})`);

/**
 * The 'Mời tự động' toast (spec 3 §8: "[Thông báo từ '{channel}'] {mes} ({status})", the status
 * left out when Unknown), with the channel's name and the status in Vietnamese words.
 */
export function autoInviteToast(r: { channel?: string; mes?: string; status?: string }): string {
  const mes = wordsForCodes(String(r.mes ?? '').trim());
  if (!r.channel) return mes || 'Đã mời';
  const word = inviteStatusWord(r.status);
  return `[Thông báo từ '${INVITE_TAB_LABELS[r.channel] ?? r.channel}'] ${mes}${word ? ` (${word})` : ''}`.trim();
}
