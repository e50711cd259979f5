/**
 * Status names and colours of the order screens (spec 3 §4): labels as the screens show them,
 * colours by the spec's rule (blue waiting/renewal, green success/approved/transferred/registration,
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
} from '../../../../services/orders/src/domain/statuses';
export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

export const STATUS_LABELS: Record<string, string> = {
  dang_cho_duyet: 'Đang chờ duyệt',
  duyet: 'Duyệt',
  duyet_lan_2: 'Duyệt lần 2',
  da_soan_y_lan_1: 'Đã soạn Y lần 1',
  dang_ky_thanh_cong: 'Đăng ký thành công',
  thu_hoi: 'Thu hồi',
  huy_qua_han: 'Huỷ quá hạn',
  huy_qua_han_lan_2: 'Huỷ quá hạn lần 2',
  cho_soan_y: 'Chờ soạn Y',
  qua_han: 'Quá hạn',
  cho_soan_y_lan_2: 'Chờ soạn Y lần 2',
  qua_han_lan_2: 'Quá hạn lần 2',
  dang_cho_xu_ly: 'Đang chờ xử lý',
  thanh_cong: 'Thành công',
  that_bai: 'Thất bại',
  bi_moi: 'Bị mời',
  da_chuyen_khoan: 'Đã chuyển khoản',
  da_thu_tien_mat: 'Đã thu tiền mặt',
  chua_thu_tien: 'Chưa thu tiền',
  yeu_cau_thu_hoi: 'Yêu cầu thu hồi',
  da_duyet: 'Đã duyệt',
  tu_choi: 'Từ chối',
  dang_ky: 'Đăng ký',
  gia_han: 'Gia hạn',
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6].flatMap((i) => [
      [`y${i}`, `Y${i}`],
      [`soan_y${i}`, `Soạn Y${i}`],
    ]),
  ),
};

export const label = (v: string) => STATUS_LABELS[v] ?? v;

export function statusColor(v: string): ChipColor {
  if (['da_thu_tien_mat'].includes(v)) return 'secondary';
  if (['da_soan_y_lan_1', 'yeu_cau_thu_hoi', 'y1', 'soan_y1'].includes(v)) return 'warning';
  if (/^(dang_ky_thanh_cong|thanh_cong|duyet|duyet_lan_2|da_duyet|da_chuyen_khoan|dang_ky)$/.test(v)) return 'success';
  if (/^(that_bai|qua_han|qua_han_lan_2|huy_qua_han|huy_qua_han_lan_2|chua_thu_tien|tu_choi|thu_hoi|bi_moi)$/.test(v)) return 'error';
  if (/^(dang_cho|cho_soan|gia_han|y\d|soan_y\d)/.test(v)) return 'info';
  return 'default';
}

const opts = (values: readonly string[]) => values.map((value) => ({ value, label: label(value) }));

export const MFY_STATUS_OPTIONS = opts(MFY_STATUSES);
export const MFY_REQUEST_OPTIONS = opts(MFY_REQUEST_STATUSES);
export const R9279_STATUS_OPTIONS = opts(R9279_STATUSES);
export const R9279_REQUEST_OPTIONS = opts(R9279_REQUEST_STATUSES);
/** All four are shown; the dropdown offers three (da_thu_tien_mat is never chosen, spec 3 §4). */
export const COLLECTION_OPTIONS = opts(COLLECTION_STATUSES);
export const SETTABLE_COLLECTION_OPTIONS = COLLECTION_OPTIONS.filter((o) => o.value !== 'da_thu_tien_mat');
export const INFO_APPROVAL_OPTIONS = opts(INFO_APPROVAL_STATUSES);
/**
 * The confirm text of a manager's information-approval change (issue 24.15, spec 3 §4 "Information
 * approval status"). Any value may follow any other, priority below 3 only (the server's rule).
 */
export const infoApprovalPrompt = (v: string) => `Xác nhận đổi trạng thái duyệt thông tin thành '${label(v)}'?`;
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
