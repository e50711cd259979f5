import { AppError, last9 } from '@cskh/kit';
import { RMSG } from './messages';

/**
 * Refund and top-up requests (spec 2 §3 "Refund request", §4, §5): the codes, what a dialog must
 * carry, and the status table. Amounts are integer đồng; rates are percent.
 */
export const TYPE_LABELS: Readonly<Record<number, string>> = {
  1: 'Hoàn trước',
  2: 'Hoàn sau',
  3: 'Không hoàn',
  4: 'Hoàn thêm',
  5: 'Nạp tiền',
};
export const TOP_UP = 5;
/** The creation dialog offers 1, 2, 4; the inline editor 1, 2, 4, 5 (spec 2 §4). */
export const CREATE_TYPES = [1, 2, 4];
export const EDIT_TYPES = [1, 2, 4, 5];
/** The creation dialog offers renewal, G1, G2, G3; the inline editor every method. */
export const CREATE_METHODS = [1, 10, 11, 12];
export const ALL_METHODS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
export const PREPAID = 1;
export const POSTPAID = 2;

export const isTopUp = (type: number) => type === TOP_UP;

/** Partner transaction statuses: filter key → text (spec 2 §4). */
export const STATUS = {
  hoan_thanh: 'Hoàn thành',
  hoan_tien: 'Hoàn tiền',
  da_tao_don_khong_qua_api: 'Đã tạo đơn không qua API',
  da_nhan_cho_xu_ly: 'Đã nhận chờ xử lý',
  dang_cho_duyet: 'Đang chờ duyệt',
  dang_xu_ly: 'Đang xử lý',
  tu_choi: 'Đơn bị từ chối',
} as const;
export type StatusKey = keyof typeof STATUS;
export const FILTER_STATUSES: readonly StatusKey[] = [
  'hoan_thanh',
  'hoan_tien',
  'da_tao_don_khong_qua_api',
  'da_nhan_cho_xu_ly',
  'dang_cho_duyet',
  'dang_xu_ly',
];

/** The codes priority below 3 may set by hand (spec 2 §4, §9). */
export const MANUAL_STATUS: Readonly<Record<number, StatusKey>> = { [-9999]: 'hoan_thanh', [-10000]: 'hoan_tien', [-10002]: 'dang_xu_ly' };

export function checkManualStatus(code: number, numberType: number): StatusKey {
  const key = MANUAL_STATUS[code];
  if (!key) throw new AppError('VALIDATION', RMSG.tradeStatusInvalid);
  if (key === 'dang_xu_ly' && numberType === PREPAID) throw new AppError('VALIDATION', RMSG.processingNotPrepaid);
  return key;
}

export function checkPhone(s: unknown): string {
  const v = String(s ?? '').trim();
  const digits = v.replace(/\D/g, '');
  if (!/^[\d\s+.\-()]+$/.test(v) || digits.length < 9 || digits.length > 15) throw new AppError('VALIDATION', RMSG.phoneInvalid);
  return v;
}

export function checkNumberType(v: number): number {
  if (v !== PREPAID && v !== POSTPAID) throw new AppError('VALIDATION', RMSG.numberTypeInvalid);
  return v;
}

export function checkAmount(v: number | undefined | null, positive = false): number {
  if (v === undefined || v === null || !Number.isSafeInteger(v) || v < 0) throw new AppError('VALIDATION', RMSG.amountInvalid);
  if (positive && v === 0) throw new AppError('VALIDATION', RMSG.amountPositive);
  return v;
}

/** The dialog's required fields (spec 2 §5): anything empty is the one alert. */
export function requireFilled(...values: unknown[]): void {
  if (values.some((v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || v === 0))
    throw new AppError('VALIDATION', 'Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
}

/** cho_len_don: 0 or 1, required, with the dialog's own question. */
export function checkChoice(v: number | undefined, msg: string): 0 | 1 {
  if (v !== 0 && v !== 1) throw new AppError('VALIDATION', msg);
  return v;
}

/** Transfer note (spec 2 §5): '0' + last 9 digits + space + package in upper case. */
export const transferNote = (phone: string, pkg: string) => `0${last9(phone)} ${pkg.trim().toUpperCase()}`;

/**
 * The card gateways' own status words in Vietnamese: staff read '(Thành công)', never
 * '(SUCCESS)'. The partner API answers SUCCESS, PENDING or REFUSED; the others are the words such
 * APIs write in their messages.
 */
export const PARTNER_WORDS: Readonly<Record<string, string>> = {
  SUCCESS: 'Thành công',
  PENDING: 'Đang chờ xử lý',
  PROCESSING: 'Đang xử lý',
  REFUSED: 'Bị từ chối',
  REJECTED: 'Bị từ chối',
  FAILED: 'Thất bại',
  FAILD: 'Thất bại',
  FAIL: 'Thất bại',
  ERROR: 'Lỗi',
  TIMEOUT: 'Quá thời gian chờ',
};
const PARTNER_WORD_RE = new RegExp(`\\b(${Object.keys(PARTNER_WORDS).join('|')})\\b`, 'g');

/** A partner's status as staff read it: its Vietnamese word; a code we do not know is left out (''). */
export function partnerStatusWord(status: string | null | undefined): string {
  const s = String(status ?? '').trim();
  if (!s || s === 'Unknown') return '';
  const known = PARTNER_WORDS[s.toUpperCase()];
  if (known) return known;
  // Our own Vietnamese words pass; a bare code (one ASCII token: letters, digits, _ or -) says nothing to staff.
  return /^[A-Za-z0-9_-]+$/.test(s) ? '' : s;
}

/** A partner's text with its raw status words in Vietnamese ('Nạp thành công (SUCCESS)' → '… (Thành công)'). */
export const vietnamesePartnerText = (text: string): string => String(text ?? '').replace(PARTNER_WORD_RE, (w) => PARTNER_WORDS[w]);

/** A card gateway's name when its setting holds none (never the key itself). */
const GATEWAY_NAMES: Readonly<Record<string, string>> = { cong_nap_the: 'Cổng nạp thẻ', cong_nap_the_1: 'Cổng nạp thẻ 1' };

/** The alert of a channel's answer (spec 2 §8): header, message, and the status in parentheses unless 'Unknown' — in Vietnamese. */
export function noticeText(n: { channel: string; channelLabel?: string; topUp: boolean; message: string; status: string }): string {
  const gateway = n.channelLabel || GATEWAY_NAMES[n.channel] || 'Cổng nạp thẻ';
  const header =
    n.channel === 'khong_qua_api' ? (n.topUp ? '[NẠP TIỀN CHIẾT KHẤU]' : '[YÊU CẦU HOÀN TIỀN]') : `[Thông báo từ '${gateway}']`;
  const word = partnerStatusWord(n.status);
  const status = word ? ` (${word})` : '';
  return `${header}\n${vietnamesePartnerText(n.message)}${status}`;
}

/** Clawback statuses (spec 2 §4), kept separately for the package refund and the extra refund. */
export const CLAWBACK = ['truy_thu', 'da_truy_thu', 'binh_thuong'] as const;
export type Clawback = (typeof CLAWBACK)[number];
