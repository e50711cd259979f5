import { isManager, last9, vnDateTime } from '@cskh/kit';
import { AuditEntry } from '@cskh/kit/data';
import type { orders_v1_orders } from '@cskh/proto';
import type { OrderKind } from './statuses';

/** A stored order (orders.sale_order). */
export interface OrderRow {
  id: string;
  kind: OrderKind;
  so_dien_thoai_chu: string;
  so_dien_thoai: string;
  ma_goi: string;
  gia_ban_goi: number;
  username_nv: string;
  ten_nv: string;
  trang_thai_yeu_cau: string;
  trang_thai: string;
  thoi_diem_thay_doi_trang_thai: Date | null;
  username_thay_doi_trang_thai: string | null;
  trang_thai_thu_tien: string;
  thoi_diem_thay_doi_trang_thai_thu_tien: Date | null;
  username_thay_doi_trang_thai_thu_tien: string | null;
  trang_thai_duyet_thong_tin: string;
  thoi_diem_duyet_thong_tin: Date | null;
  username_duyet_trang_thai_duyet_thong_tin: string | null;
  /** bigint and numeric come back from pg as text. */
  doanh_thu: string | number;
  chenh_lech: string | number;
  ti_le_doanh_thu: string | number;
  ti_le_doanh_thu_tinh_luong: string | number;
  doanh_thu_tinh_luong: string | number;
  truy_thu: string | number;
  cty: string;
  note: string;
  hinh_thuc: string;
  created_time: Date;
  cancel_due_at: Date | null;
  created_at: Date;
}

/**
 * An order as the viewer may see it (spec 3 §6): managers get the last 9 digits, the owner phone,
 * company and note and may change things; priority 3 and above get '****' + last 5 and no owner
 * phone, company or note (absent from the answer, not blanked in the browser); priority below 5
 * may change the collection status. The masking itself (the phone, and any number in the package
 * code) is the kit's reply step.
 */
export function presentOrder(r: OrderRow, viewerPriority: number, listPrice = 0): orders_v1_orders.OrderRecord {
  const manager = isManager(viewerPriority);
  const out: orders_v1_orders.OrderRecord = {
    id: r.id,
    so_dien_thoai: last9(r.so_dien_thoai),
    ma_goi: r.ma_goi,
    gia_ban_goi: r.gia_ban_goi,
    username_nv: r.username_nv,
    ten_nv: r.ten_nv,
    trang_thai_yeu_cau: r.trang_thai_yeu_cau,
    trang_thai: r.trang_thai,
    thoi_diem_thay_doi_trang_thai: vnDateTime(r.thoi_diem_thay_doi_trang_thai),
    username_thay_doi_trang_thai: r.username_thay_doi_trang_thai ?? '',
    trang_thai_thu_tien: r.trang_thai_thu_tien,
    thoi_diem_thay_doi_trang_thai_thu_tien: vnDateTime(r.thoi_diem_thay_doi_trang_thai_thu_tien),
    username_thay_doi_trang_thai_thu_tien: r.username_thay_doi_trang_thai_thu_tien ?? '',
    trang_thai_duyet_thong_tin: r.trang_thai_duyet_thong_tin,
    thoi_diem_duyet_thong_tin: vnDateTime(r.thoi_diem_duyet_thong_tin),
    username_duyet_trang_thai_duyet_thong_tin: r.username_duyet_trang_thai_duyet_thong_tin ?? '',
    doanh_thu: Number(r.doanh_thu),
    chenh_lech: Number(r.chenh_lech),
    ti_le_doanh_thu: Number(r.ti_le_doanh_thu),
    ti_le_doanh_thu_tinh_luong: Number(r.ti_le_doanh_thu_tinh_luong),
    doanh_thu_tinh_luong: Number(r.doanh_thu_tinh_luong),
    truy_thu: Number(r.truy_thu),
    created_at: vnDateTime(r.created_at),
    hinh_thuc: r.hinh_thuc,
    created_time: vnDateTime(r.created_time),
    han_huy: vnDateTime(r.cancel_due_at),
    can_edit: manager,
    can_set_status: manager,
    can_set_collection: viewerPriority < 5,
    gia_ban: listPrice,
  };
  if (manager) {
    out.so_dien_thoai_chu = r.so_dien_thoai_chu;
    out.cty = r.cty;
    out.note = r.note;
  } else {
    // Who changed a status, and when, are the managers' audit columns (spec 3 §6: "status-update
    // notes are blank for them").
    out.username_thay_doi_trang_thai = '';
    out.username_thay_doi_trang_thai_thu_tien = '';
    out.username_duyet_trang_thai_duyet_thong_tin = '';
  }
  return out;
}

/** Changes of the columns priority 3 and above do not get (spec 3 §6): absent from their audit trail too. */
const MANAGER_FIELDS = new Set(['so_dien_thoai_chu', 'cty', 'note']);

/**
 * An order's audit trail as the viewer may see it: everything for managers; for priority 3 and
 * above, without the owner phone, company and note changes (columns they do not get); the phones
 * in the remaining values are masked by the kit's reply step.
 */
export function visibleOrderTrail(entries: AuditEntry[], viewerPriority: number): AuditEntry[] {
  if (isManager(viewerPriority)) return entries;
  return entries.filter((e) => !MANAGER_FIELDS.has(e.field));
}
