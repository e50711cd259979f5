/**
 * Invite channels and partners' result codes in Vietnamese words: the care area's invite screens and
 * the orders area's auto-invite toast both show them.
 */

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

/**
 * Partners' and the carrier's result codes in words: an invite toast never shows a
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
