import { last9, parseDateTime } from '@cskh/kit';
import { isLeader, isSales } from '@cskh/kit';
import type { events_v1_care, events_v1_orders, events_v1_refunds } from '@cskh/proto';
import { MSG } from './messages';

/**
 * The revenue read model's rules: how each event becomes (or changes) one revenue record, and how
 * an imported sheet row does. A record is identified by track0 (its source: care, mfy, 9279,
 * import) and track1 (the source's id); the same event applied twice writes the same values.
 */
export const TOPICS = {
  inviteRegistered: 'cskh.care.invite-registered',
  orderStatusChanged: 'cskh.orders.status-changed',
  refundChanged: 'cskh.refunds.changed',
} as const;

export interface RecordWrite {
  track0: string;
  track1: string;
  kenh: string;
  username_nv: string;
  ten_nv: string;
  so_dien_thoai_cs: string;
  goi_cuoc: string;
  doanh_thu: number;
  ti_le_doanh_thu: number;
  doanh_thu_tinh_luong: number;
  truy_thu: number;
  success: boolean;
  /** When it became successful (kept from the first success). */
  ngay_thanh_cong: Date;
  /** When the source last changed it: an older change never overwrites a newer one. */
  status_at: Date;
  cty: string;
  hinh_thuc: string;
  gia_ban_goi: number;
  ngay_len_don: Date | null;
}

const instant = (s: string, fallback: Date) => parseDateTime(s) ?? fallback;

/** A confirmed invitation is a successful sale at the package price, payroll revenue at 100 %. */
export function recordFromInvite(e: events_v1_care.InviteRegistered, received = new Date()): RecordWrite {
  const at = instant(e.registered_at, received);
  const price = Math.max(0, Number(e.price) || 0);
  return {
    track0: 'care',
    track1: e.invitation_id || e.event_id,
    kenh: e.channel,
    username_nv: e.staff,
    ten_nv: e.staff_fullname,
    so_dien_thoai_cs: e.phone,
    goi_cuoc: e.package.toUpperCase(),
    doanh_thu: price,
    ti_le_doanh_thu: 100,
    doanh_thu_tinh_luong: price,
    truy_thu: 0,
    success: true,
    ngay_thanh_cong: at,
    status_at: at,
    cty: '',
    hinh_thuc: e.request_type === 'GIAHAN' ? 'gia_han' : 'dang_ky',
    gia_ban_goi: 0,
    ngay_len_don: null,
  };
}

/**
 * An order's status change. An order becomes a record at its first successful registration; later
 * changes keep it up to date (a revoked or cancelled order stays, as 'Thất bại', with its clawback).
 * Returns `create: false` for an order that has not (yet) succeeded: only an existing record is updated.
 */
export function recordFromOrder(e: events_v1_orders.OrderStatusChanged, received = new Date()): { write: RecordWrite; create: boolean } {
  const at = instant(e.at, received);
  const kind = e.kind === '9279' ? '9279' : 'mfy';
  return {
    create: e.success,
    write: {
      track0: kind,
      track1: e.order_id,
      kenh: kind,
      username_nv: e.staff_username,
      ten_nv: e.staff_name,
      so_dien_thoai_cs: e.phone,
      goi_cuoc: e.package.toUpperCase(),
      doanh_thu: Math.max(0, Number(e.revenue) || 0),
      ti_le_doanh_thu: Number.isFinite(e.salary_ratio) ? Math.max(0, Math.min(100, e.salary_ratio)) : 100,
      doanh_thu_tinh_luong: Math.max(0, Number(e.salary_revenue) || 0),
      truy_thu: Math.max(0, Number(e.clawback) || 0),
      success: e.success,
      ngay_thanh_cong: at,
      status_at: at,
      cty: e.company,
      hinh_thuc: e.form,
      gia_ban_goi: e.tier,
      ngay_len_don: parseDateTime(e.created_at) ?? at,
    },
  };
}

export interface RefundWrite {
  request_id: string;
  version: number;
  staff_username: string;
  phone: string;
  package_code: string;
  request_type: number;
  request_method: number;
  refund_price: number;
  other_refund: number;
  transfer_final_amount: number;
  truy_thu_hoan_theo_goi: string;
  truy_thu_hoan_them: string;
  created_time: Date;
  /** Deleted in the refunds service: kept as a tombstone at its version, with no effect. */
  deleted: boolean;
}

export function refundFromEvent(e: events_v1_refunds.RefundChanged, received = new Date()): RefundWrite {
  return {
    request_id: e.request_id,
    version: Number(e.version) || 0,
    staff_username: e.staff_username,
    phone: e.phone,
    package_code: e.package_code.toUpperCase(),
    request_type: e.request_type,
    request_method: e.request_method,
    refund_price: Math.max(0, Number(e.refund_price) || 0),
    other_refund: Math.max(0, Number(e.other_refund) || 0),
    transfer_final_amount: Math.max(0, Number(e.transfer_final_amount) || 0),
    truy_thu_hoan_theo_goi: e.trang_thai_truy_thu_hoan_theo_goi,
    truy_thu_hoan_them: e.trang_thai_truy_thu_hoan_them,
    created_time: instant(e.created_time, received),
    deleted: e.deleted === true,
  };
}

/**
 * What a refund request claws back from its staff member (the refunds service's rule for the
 * clawback list): on the package side the refund amount (a top-up: the transfer the customer
 * owed) when it is `truy_thu`, plus the extra refund when that side is `truy_thu`; nothing for a
 * deleted request.
 */
export function refundClawback(
  r: Pick<
    RefundWrite,
    'request_type' | 'refund_price' | 'other_refund' | 'transfer_final_amount' | 'truy_thu_hoan_theo_goi' | 'truy_thu_hoan_them'
  > & { deleted?: boolean },
): number {
  // A deleted request claws nothing back: its effect is undone, whatever its statuses were.
  if (r.deleted) return 0;
  const pkg = r.truy_thu_hoan_theo_goi === 'truy_thu' ? (r.request_type === 5 ? r.transfer_final_amount : r.refund_price) : 0;
  const extra = r.truy_thu_hoan_them === 'truy_thu' ? r.other_refund : 0;
  return pkg + extra;
}

/** One historical sheet row → a record (track0 'import', track1 = its import key), or a message. */
export function recordFromImport(r: {
  kenh?: string;
  username_nv?: string;
  so_dien_thoai_cs?: string;
  goi_cuoc?: string;
  doanh_thu?: string;
  ngay_thanh_cong?: string;
  ti_le_doanh_thu?: string;
}): Omit<RecordWrite, 'track1'> | string {
  const username = String(r.username_nv ?? '').trim();
  if (!username) return MSG.staffRequired;
  const phone = String(r.so_dien_thoai_cs ?? '').trim();
  if (!last9(phone)) return MSG.phoneRequired;
  const pkg = String(r.goi_cuoc ?? '')
    .trim()
    .toUpperCase();
  if (!pkg) return MSG.packageRequired;
  const revenueText = String(r.doanh_thu ?? '').replace(/[.,\s]/g, '');
  if (!/^\d{1,15}$/.test(revenueText)) return MSG.revenueInvalid;
  const revenue = Number(revenueText);
  const at = parseDateTime(r.ngay_thanh_cong);
  if (!at) return MSG.successTimeInvalid;
  const ratioText = String(r.ti_le_doanh_thu ?? '')
    .trim()
    .replace(',', '.')
    .replace(/%$/, '');
  const ratio = ratioText === '' ? 100 : Number(ratioText);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 100) return MSG.ratioInvalid;
  return {
    track0: 'import',
    kenh: String(r.kenh ?? '').trim() || 'import',
    username_nv: username,
    ten_nv: '',
    so_dien_thoai_cs: phone,
    goi_cuoc: pkg,
    doanh_thu: revenue,
    ti_le_doanh_thu: ratio,
    doanh_thu_tinh_luong: Math.round((revenue * ratio) / 100),
    truy_thu: 0,
    success: true,
    ngay_thanh_cong: at,
    status_at: at,
    cty: '',
    hinh_thuc: '',
    gia_ban_goi: 0,
    ngay_len_don: null,
  };
}

/** A phone as the reports show it: 0 + last 9 (the kit's reply step masks it for priority 3 and above). */
export function showPhone(phone: string): string {
  const l = last9(phone);
  return l ? `0${l}` : '';
}

/** Branch report average: provisional revenue ÷ staff count, 0 when there are no staff (spec 2 §2.4). */
export const branchAverage = (provisional: number, staffCount: number) => (staffCount > 0 ? Math.round(provisional / staffCount) : 0);

/** Staff picker text: priority 4 prefixed '--', priority 5 '----' (spec 2 §1). */
export const staffLabel = (username: string, fullname: string, priority: number) =>
  `${isLeader(priority) ? '--' : isSales(priority) ? '----' : ''}${username}${fullname ? ` - ${fullname}` : ''}`;
