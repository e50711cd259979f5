/**
 * Status names and colours of the order screens (spec 3 §4): the names are the orders domain's one
 * table (STATE_LABELS), colours by the spec's rule (blue waiting/renewal, green success/approved/transferred/registration,
 * red failure/overdue/cancelled/not collected/refused, orange first draft step or revoke request,
 * purple cash).
 */
import {
  COLLECTION_STATUSES,
  FORMS,
  INFO_APPROVAL_STATUSES,
  MFY_REQUEST_STATUSES,
  MFY_STATUSES,
  R9279_REQUEST_STATUSES,
  R9279_STATUSES,
  STATE_LABELS,
  stateLabel,
} from '../../../../services/orders/src/domain/statuses';
export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

/** The one table of state names (the orders domain's): lists, filters, selects, trails, exports and reminders. */
export { STATE_LABELS as STATUS_LABELS, stateLabel as label };

export function statusColor(v: string): ChipColor {
  if (['da_thu_tien_mat'].includes(v)) return 'secondary';
  if (['da_soan_y_lan_1', 'yeu_cau_thu_hoi', 'y1', 'soan_y1'].includes(v)) return 'warning';
  if (/^(dang_ky_thanh_cong|thanh_cong|duyet|duyet_lan_2|da_duyet|da_chuyen_khoan|dang_ky)$/.test(v)) return 'success';
  if (/^(that_bai|qua_han|qua_han_lan_2|huy_qua_han|huy_qua_han_lan_2|chua_thu_tien|tu_choi|thu_hoi|bi_moi)$/.test(v)) return 'error';
  if (/^(dang_cho|cho_soan|gia_han|y\d|soan_y\d)/.test(v)) return 'info';
  return 'default';
}

const opts = (values: readonly string[]) => values.map((value) => ({ value, label: stateLabel(value) }));

export const MFY_STATUS_OPTIONS = opts(MFY_STATUSES);
export const MFY_REQUEST_OPTIONS = opts(MFY_REQUEST_STATUSES);
export const R9279_STATUS_OPTIONS = opts(R9279_STATUSES);
export const R9279_REQUEST_OPTIONS = opts(R9279_REQUEST_STATUSES);
/** All four are shown; the dropdown offers three (da_thu_tien_mat is never chosen, spec 3 §4). */
export const COLLECTION_OPTIONS = opts(COLLECTION_STATUSES);
export const SETTABLE_COLLECTION_OPTIONS = COLLECTION_OPTIONS.filter((o) => o.value !== 'da_thu_tien_mat');
export const INFO_APPROVAL_OPTIONS = opts(INFO_APPROVAL_STATUSES);
/**
 * The confirm text of a manager's information-approval change (spec 3 §4 "Information
 * approval status"). Any value may follow any other, priority below 3 only (the server's rule).
 */
export const infoApprovalPrompt = (v: string) => `Xác nhận đổi trạng thái duyệt thông tin thành '${stateLabel(v)}'?`;
export const FORM_OPTIONS = opts(FORMS);
export const TIER_OPTIONS = [1, 2, 3].map((t) => ({ value: t, label: `T${t}` }));

/** Seconds left until the server's deadline, measured on the server's clock (offset = server − browser). */
export function secondsLeft(deadlineIso: string, serverOffsetMs: number, nowMs = Date.now()): number | null {
  if (!deadlineIso) return null;
  const d = Date.parse(deadlineIso);
  if (!Number.isFinite(d)) return null;
  return Math.max(0, Math.floor((d - (nowMs + serverOffsetMs)) / 1000));
}

export const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
