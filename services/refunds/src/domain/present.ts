import { isManager, last9, vnDateTime } from '@cskh/kit';
import { AuditEntry } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import { transferNote, vietnamesePartnerText } from './requests';

/** A stored request (refunds.refund_request). bigint and numeric come back from pg as text. */
export interface RequestRow {
  id: string;
  staff_username: string;
  staff_fullname: string;
  number_phone: string;
  number_type: number;
  package_code: string;
  request_type: number;
  request_method: number;
  refund_price: string | number;
  other_refund: string | number;
  other_reason: string;
  ti_le_chiet_khau: string | number;
  transfer_final_amount: string | number;
  tien_hoan_sau_chiet_khau: string | number | null;
  chenh_lech: string | number;
  username_cap_nhat_chenh_lech: string;
  tien_trinh_nap: string;
  created_time: Date;
  kenh_doi_tac: string;
  trang_thai_key: string;
  trang_thai_giao_dich_doi_tac: string;
  ma_trang_thai_giao_dich_doi_tac: number | null;
  partner_state: string;
  partner_attempts: number;
  partner_message: string;
  partner_status: string;
  is_transfer: number;
  username_duyet_trang_thai_chuyen_khoan: string;
  approver: string;
  status_duyet_don: number;
  trang_thai_duyet_hoan_goi: number;
  username_duyet_trang_thai_duyet_hoan_goi: string;
  trang_thai_truy_thu_hoan_theo_goi: string;
  trang_thai_truy_thu_hoan_them: string;
  username_duyet_trang_thai_truy_thu_hoan_theo_goi: string;
  username_duyet_trang_thai_truy_thu_hoan_them: string;
  millisecond_created_at: string | number;
  cho_len_don: number;
  linked_id: string | null;
  /** The approved bank transfer that settled this top-up (domain/bank.ts), if any. */
  bank_transfer_id: string | null;
  created_by: string;
  version: string | number;
  /** Who the request was handed to by 'assign' ('' when no one). */
  assigned_to?: string;
}

/**
 * A request as the viewer may see it: the phone masked by priority; partner channel and the
 * discounted amount left out for priority 3 and above (spec 2 §2.9); the transfer note for
 * managers (priority below 3) and the request's own staff. The kit's reply step masks the phone
 * in every text of the row for priority 3 and above (the transfer note becomes '****' + last 5 +
 * package: the customer writes their own number; the package part is what staff relay).
 */
export function presentRequest(r: RequestRow, viewer: { priority: number; username: string }): refunds_v1_refunds.RefundRequest {
  const manager = isManager(viewer.priority);
  const text = (s: string) => s ?? '';
  const out: refunds_v1_refunds.RefundRequest = {
    id: r.id,
    staff_username: r.staff_username,
    staff_fullname: r.staff_fullname,
    number_phone: last9(r.number_phone),
    number_type: r.number_type,
    package_code: text(r.package_code),
    trang_thai_giao_dich_doi_tac: vietnamesePartnerText(text(r.trang_thai_giao_dich_doi_tac)),
    trang_thai_key: r.trang_thai_key,
    request_type: r.request_type,
    request_method: r.request_method,
    refund_price: Number(r.refund_price),
    other_refund: Number(r.other_refund),
    other_reason: text(r.other_reason),
    transfer_final_amount: Number(r.transfer_final_amount),
    ti_le_chiet_khau: Number(r.ti_le_chiet_khau),
    chenh_lech: Number(r.chenh_lech),
    username_cap_nhat_chenh_lech: r.username_cap_nhat_chenh_lech,
    tien_trinh_nap: text(r.tien_trinh_nap),
    created_time: vnDateTime(r.created_time),
    is_transfer: r.is_transfer,
    username_duyet_trang_thai_chuyen_khoan: r.username_duyet_trang_thai_chuyen_khoan,
    approver: r.approver,
    status_duyet_don: r.status_duyet_don,
    trang_thai_duyet_hoan_goi: r.trang_thai_duyet_hoan_goi,
    username_duyet_trang_thai_duyet_hoan_goi: r.username_duyet_trang_thai_duyet_hoan_goi,
    trang_thai_truy_thu_hoan_theo_goi: r.trang_thai_truy_thu_hoan_theo_goi,
    trang_thai_truy_thu_hoan_them: r.trang_thai_truy_thu_hoan_them,
    username_duyet_trang_thai_truy_thu_hoan_theo_goi: r.username_duyet_trang_thai_truy_thu_hoan_theo_goi,
    username_duyet_trang_thai_truy_thu_hoan_them: r.username_duyet_trang_thai_truy_thu_hoan_them,
    millisecond_created_at: Number(r.millisecond_created_at),
    cho_len_don: r.cho_len_don,
    linked_id: r.linked_id ?? '',
    can_retry: r.partner_state === 'unknown',
    assigned_to: r.assigned_to ?? '',
  };
  if (r.ma_trang_thai_giao_dich_doi_tac !== null) out.ma_trang_thai_giao_dich_doi_tac = r.ma_trang_thai_giao_dich_doi_tac;
  if (manager) {
    out.kenh_doi_tac = r.kenh_doi_tac;
    if (r.tien_hoan_sau_chiet_khau !== null) out.tien_hoan_sau_chiet_khau = Number(r.tien_hoan_sau_chiet_khau);
  }
  if (manager || r.staff_username === viewer.username) out.noi_dung_chuyen_khoan = text(transferNote(r.number_phone, r.package_code));
  return out;
}

/** A request's audit trail for a viewer: without the seniors' fields above priority 2 (phones masked by the kit's reply step). */
export const visibleTrail = (entries: AuditEntry[], viewerPriority: number): AuditEntry[] =>
  isManager(viewerPriority) ? entries : entries.filter((e) => !SENIOR_ONLY_FIELDS.includes(e.field));

/** Fields priority 3 and above never get, in the row or in its trail (spec 2 §2.9). */
export const SENIOR_ONLY_FIELDS: readonly string[] = ['tien_hoan_sau_chiet_khau', 'kenh_doi_tac'];
