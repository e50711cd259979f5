/**
 * The payroll screens' display rules as plain functions (unit-tested in rules.test.ts).
 */
import { dayjs, VN_UTC_OFFSET_MINUTES } from '../../common/format';

/** The reconciliation result (spec 2 §2.8): 'Thành công' when SUCCESS, otherwise 'Thất bại'. */
export const reconciliationResult = (status: string) => (status === 'SUCCESS' ? 'Thành công' : 'Thất bại');

/** Whether a refund request was created: 'Có' / 'Không'. */
export const refundCreated = (has: boolean) => (has ? 'Có' : 'Không');

/** Refund request types and methods (spec 2 §4). */
export const REQUEST_TYPES: Record<number, string> = { 1: 'Hoàn trước', 2: 'Hoàn sau', 3: 'Không hoàn', 4: 'Hoàn thêm', 5: 'Nạp tiền' };
export function requestMethodLabel(method: number): string {
  if (method === 1) return 'Gia hạn';
  if (method >= 2 && method <= 4) return `Nâng cấp T${method - 1}`;
  if (method >= 5 && method <= 9) return `Nâng cấp HT${method - 5}`;
  if (method >= 10 && method <= 12) return `Nâng cấp G${method - 9}`;
  return '';
}

/**
 * A revenue record's channel (the reports' 'Kênh'): an invitation's channel code, an order's kind or
 * the import's default in words; a channel typed in an imported sheet ('9084', 'OTP 1') as it is.
 */
const CHANNELS: Record<string, string> = {
  ma_xac_nhan_1: 'Mã xác nhận 1',
  ma_xac_nhan_2: 'Mã xác nhận 2',
  ma_xac_nhan_3: 'Mã xác nhận 3',
  ma_xac_nhan_4: 'Mã xác nhận 4',
  dk: 'Đăng ký trực tiếp',
  selling: 'Bán gói',
  mfy: 'Mfy',
  import: 'Nhập file',
};
export const channelLabel = (kenh: string) => CHANNELS[kenh] ?? kenh ?? '';

/**
 * A staff option as a table cell shows it: the name plainly. The server's picker labels carry the
 * hierarchy's dashes ('--' leaders, '----' salespeople), which belong in the open picker only.
 */
export const plainStaffLabel = (label: string) => String(label ?? '').replace(/^-+\s*/, '');

/** Form of a 9279 order: Register or Renew. */
export const form9279 = (hinhThuc: string) => (hinhThuc === 'gia_han' ? 'Gia hạn' : hinhThuc === 'dang_ky' ? 'Đăng ký' : hinhThuc);

/** Sale price tier 1–3 → T1–T3. */
export const tierLabel = (tier: number) => (tier >= 1 && tier <= 3 ? `T${tier}` : '');

/** This month as the payroll picker shows it: MM/YYYY on Vietnam's clock. */
export function thisMonth(now: Date = new Date()): string {
  return dayjs(now).utcOffset(VN_UTC_OFFSET_MINUTES).format('MM/YYYY');
}

/** Chart points from a report's rows: one bar per staff member / branch. */
export function barsOf<R>(rows: R[], name: (r: R) => string, value: (r: R) => number) {
  return rows.map((r) => ({ name: name(r), value: value(r) }));
}

/** Day YYYY-MM-DD → DD/MM for the chart axis. */
export const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const daysFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Working days as the sheet holds them: halves kept (21.5, never rounded to 22), thousands as elsewhere. */
export const formatDays = (days: unknown) => (days === null || days === undefined || days === '' ? '' : daysFormat.format(Number(days)));

/** A payroll row's state: being recalculated, final in a closed month, or calculated in an open one. */
export const payrollRowState = (calculating: boolean, monthClosed: boolean) =>
  calculating ? 'Đang tính toán...' : monthClosed ? 'Đã chốt' : 'Đã tính';

/**
 * Working days as typed in the edit dialog ('21.5' or, as Vietnamese write it, '21,5') → the number
 * sent; blank leaves the value alone. Text that is no number is sent as typed, for the server's message.
 */
export function daysToSend(typed: unknown): number | string | undefined {
  const text = String(typed ?? '').trim();
  if (!text) return undefined;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : text;
}
