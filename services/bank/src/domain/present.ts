import { AuditEntry, maskPhone, vnDateTime } from '@cskh/kit';
import type { bank_v1_bank, common_v1_common } from '@cskh/proto';
import { allowedActions, isSenior } from './rules';

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
}

/**
 * A message as the viewer may see it: the phone masked by priority (spec 1 §9); the columns of
 * priority below 3 (processing status, updater, approval — spec 1 §2.8, §6) left out entirely for
 * everyone else. The content is shown as it is: staff read the customer's phone in it to fill
 * the phone column.
 */
export function presentMessage(r: BankMessageRow, viewerPriority: number): bank_v1_bank.BankMessage {
  const out: bank_v1_bank.BankMessage = {
    id: r.id,
    sender: r.sender,
    money: Number(r.money),
    datetime: vnDateTime(r.datetime),
    str_mes: r.str_mes,
    so_dien_thoai: maskPhone(r.so_dien_thoai, viewerPriority),
    goi_cuoc: r.goi_cuoc,
    ten_file_upload: r.ten_file_upload,
    assigned_to: r.assigned_to ?? '',
    ...allowedActions(viewerPriority, r),
  };
  if (isSenior(viewerPriority)) {
    out.is_read = r.is_read;
    out.nguoi_cap_nhat = r.nguoi_cap_nhat ?? '';
    out.trang_thai_duyet_thong_tin = r.trang_thai_duyet_thong_tin;
    out.username_duyet_trang_thai_duyet_thong_tin = r.username_duyet_trang_thai_duyet_thong_tin ?? '';
    out.thoi_gian_duyet_trang_thai_duyet_thong_tin = vnDateTime(r.thoi_gian_duyet_trang_thai_duyet_thong_tin);
  }
  return out;
}

/** Fields of the audit trail staff above priority 2 may see: the two they may fill themselves. */
const STAFF_VISIBLE_FIELDS = new Set(['so_dien_thoai', 'goi_cuoc']);

/**
 * A message's audit trail as the viewer may see it: everything for priority below 3; for the
 * others only the phone and package changes, phones masked, and without who made them (the
 * updater column is theirs to see no more than the list's).
 */
export function visibleHistory(entries: AuditEntry[], viewerPriority: number): common_v1_common.AuditEntry[] {
  if (isSenior(viewerPriority)) return entries;
  return entries
    .filter((e) => STAFF_VISIBLE_FIELDS.has(e.field))
    .map((e) =>
      e.field === 'so_dien_thoai'
        ? { ...e, from_value: maskPhone(e.from_value, viewerPriority), to_value: maskPhone(e.to_value, viewerPriority), username: '', fullname: '' }
        : { ...e, username: '', fullname: '' },
    );
}
