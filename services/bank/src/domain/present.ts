import { isManager } from '@cskh/kit';
import { last9, vnDateTime } from '@cskh/kit';
import { AuditEntry } from '@cskh/kit/data';
import type { bank_v1_bank, common_v1_common } from '@cskh/proto';
import { allowedActions } from './rules';
import { refundDay, type RefundRef } from './refunds';

/** A stored bank message (bank.bank_message). */
export interface BankMessageRow {
  id: string;
  sender: string;
  /** bigint comes back from pg as text. */
  money: string | number;
  datetime: Date;
  str_mes: string;
  is_read: number;
  so_dien_thoai: string;
  goi_cuoc: string;
  nguoi_cap_nhat: string | null;
  thoi_gian_cap_nhat: Date | null;
  trang_thai_duyet_thong_tin: number;
  username_duyet_trang_thai_duyet_thong_tin: string | null;
  thoi_gian_duyet_trang_thai_duyet_thong_tin: Date | null;
  ten_file_upload: string;
  assigned_to: string | null;
  assigned_at?: Date | null;
}

/**
 * A message as the viewer may see it: the phone masked by priority (spec 1 §9); the columns of
 * priority below 3 (processing status, updater, approval — spec 1 §2.8, §6) left out entirely for
 * everyone else.
 *
 * The phone is masked wherever it appears by the kit's reply step, with one exception declared
 * on `str_mes` in the proto: a message whose phone this viewer may still fill (`can_edit_phone`:
 * empty, unprocessed, undecided — spec 1 §4 lets staff above priority 2 fill an empty phone) shows
 * its content as written, because reading the number in it is how the phone is filled. An export
 * (`forExport`) offers no action, so every row's content is masked: nobody fills a phone from a file.
 */
export function presentMessage(r: BankMessageRow, viewerPriority: number, forExport = false, refund?: RefundRef): bank_v1_bank.BankMessage {
  const actions = allowedActions(viewerPriority, r);
  if (forExport) actions.can_edit_phone = false;
  const out: bank_v1_bank.BankMessage = {
    id: r.id,
    sender: r.sender,
    money: Number(r.money),
    datetime: vnDateTime(r.datetime),
    str_mes: r.str_mes,
    so_dien_thoai: last9(r.so_dien_thoai),
    goi_cuoc: r.goi_cuoc,
    ten_file_upload: r.ten_file_upload,
    assigned_to: r.assigned_to ?? '',
    assigned_at: vnDateTime(r.assigned_at ?? null),
    // The way into the refund request (every viewer: the refund screen applies its own scope).
    refund_request_id: refund?.request_id ?? '',
    refund_created_day: refund ? refundDay(refund) : '',
    ...actions,
  };
  if (isManager(viewerPriority)) {
    out.is_read = r.is_read;
    out.nguoi_cap_nhat = r.nguoi_cap_nhat ?? '';
    out.trang_thai_duyet_thong_tin = r.trang_thai_duyet_thong_tin;
    out.username_duyet_trang_thai_duyet_thong_tin = r.username_duyet_trang_thai_duyet_thong_tin ?? '';
    out.thoi_gian_duyet_trang_thai_duyet_thong_tin = vnDateTime(r.thoi_gian_duyet_trang_thai_duyet_thong_tin);
    // The request's amounts and clawback statuses: seniors only (the refund list shows others
    // only their own subtree's requests; the bank list is not scoped).
    if (refund) {
      out.request_type = refund.request_type;
      out.request_method = refund.request_method;
      out.refund_price = refund.refund_price;
      out.transfer_final_amount = refund.transfer_final_amount;
      out.ti_le_chiet_khau = refund.ti_le_chiet_khau;
      out.trang_thai_truy_thu_hoan_theo_goi = refund.trang_thai_truy_thu_hoan_theo_goi;
      out.trang_thai_truy_thu_hoan_them = refund.trang_thai_truy_thu_hoan_them;
    }
  }
  return out;
}

/** Fields of the audit trail staff above priority 2 may see: the two they may fill themselves. */
const STAFF_VISIBLE_FIELDS = new Set(['so_dien_thoai', 'goi_cuoc']);

/**
 * A message's audit trail as the viewer may see it: everything for priority below 3; for the
 * others only the phone and package changes (their phones masked by the kit's reply step), and
 * without who made them (the updater column is theirs to see no more than the list's).
 */
export function visibleHistory(entries: AuditEntry[], viewerPriority: number): common_v1_common.AuditEntry[] {
  if (isManager(viewerPriority)) return entries;
  return entries.filter((e) => STAFF_VISIBLE_FIELDS.has(e.field)).map((e) => ({ ...e, username: '', fullname: '' }));
}
