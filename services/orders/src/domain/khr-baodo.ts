import { parseDay, TEXT_LIMITS, vnIsoDay } from '@cskh/kit';
import { MSG } from './messages';
import { isError, parsePhone } from './order-input';

/** Red report channels (spec 3 §9). */
export const RED_CHANNELS = ['9084 (3)', '9084 (4)', '9084 (CU_PHAP_3)'] as const;

/** A success date as the dialog sends it (DD/MM/YYYY or YYYY-MM-DD) → YYYY-MM-DD, or a message. */
export function parseSuccessDay(raw: unknown): string | undefined | { error: string } {
  const s = String(raw ?? '').trim();
  if (!s) return undefined;
  try {
    const ms = parseDay(s);
    return ms === undefined ? undefined : vnIsoDay(ms);
  } catch {
    return { error: MSG.dateInvalid };
  }
}

/** Private customer form (spec 3 §5): phone and success date required. */
export function parseKhr(raw: {
  so_dien_thoai?: string;
  ngay_thanh_cong?: string;
}): { so_dien_thoai: string; ngay_thanh_cong: string } | string {
  const phone = parsePhone(raw.so_dien_thoai);
  const day = parseSuccessDay(raw.ngay_thanh_cong);
  if (phone === undefined || day === undefined) return MSG.required;
  if (isError(phone)) return phone.error;
  if (isError(day)) return day.error;
  return { so_dien_thoai: phone, ngay_thanh_cong: day };
}

/** Red report form (spec 3 §5): phone, success date, package name and channel required; reason optional. */
export function parseBaodo(raw: {
  so_dien_thoai?: string;
  ngay_thanh_cong?: string;
  ten_goi_cuoc?: string;
  kenh?: string;
  ly_do?: string;
}) {
  const base = parseKhr(raw);
  const ten_goi_cuoc = String(raw.ten_goi_cuoc ?? '').trim();
  const kenh = String(raw.kenh ?? '').trim();
  if (typeof base === 'string') return base;
  if (!ten_goi_cuoc || !kenh) return MSG.required;
  if (!(RED_CHANNELS as readonly string[]).includes(kenh)) return MSG.channelInvalid;
  const ly_do = String(raw.ly_do ?? '').trim();
  if (ly_do.length > TEXT_LIMITS.note) return MSG.textTooLong('Lý do', TEXT_LIMITS.note);
  if (ten_goi_cuoc.length > 100) return MSG.priceNameTooLong;
  return { ...base, ten_goi_cuoc, kenh, ly_do };
}

/** Who looks at a record: their priority (masking, actions) and username (their own records). */
export interface Viewer {
  priority: number;
  username: string;
}

/**
 * A record of the viewer's own (its staff member is the viewer): they may not approve or reject it,
 * someone above them decides (a leader approved his own private customer in an audit).
 */
export const ownRecord = (viewer: Pick<Viewer, 'username'>, r: { username_nv: string }): boolean => r.username_nv === viewer.username;

/** An approval decision ('1' approve, '2' reject) on a pending ('0') record (spec 3 §4). */
export function checkDecision(current: string, decision: unknown): '1' | '2' | { error: string } {
  const d = String(decision ?? '').trim();
  if (d !== '1' && d !== '2') return { error: MSG.decisionInvalid };
  if (current !== '0') return { error: MSG.alreadyDecided };
  return d;
}

/** The red report's result: SUCCESS, FAILD (FAILED is read as FAILD, spec 3 §4), or '0' to clear. */
export function parseResult(raw: unknown): 'SUCCESS' | 'FAILD' | '0' | undefined {
  const s = String(raw ?? '')
    .trim()
    .toUpperCase();
  if (s === 'SUCCESS') return 'SUCCESS';
  if (s === 'FAILD' || s === 'FAILED') return 'FAILD';
  if (s === '0') return '0';
  return undefined;
}

/** Labels the screens show (ĐÃ DUYỆT green, ĐÃ TỪ CHỐI red; the spec quotes the original's unaccented 'DA DUYET'). */
export const APPROVAL_LABEL: Record<string, string> = { '0': 'CHỜ DUYỆT', '1': 'ĐÃ DUYỆT', '2': 'ĐÃ TỪ CHỐI' };
