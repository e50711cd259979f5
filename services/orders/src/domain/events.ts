import { randomUUID } from 'node:crypto';
import { vnDateTime } from '@cskh/kit';
import type { events_v1_orders } from '@cskh/proto';
import { effectiveSalaryRatio } from './order-money';
import type { OrderRow } from './present';
import { isSuccess } from './statuses';

/** Kafka topic of status changes; key = the order id. */
export const STATUS_CHANGED_TOPIC = 'cskh.orders.status-changed';

/** The event a status change writes to the outbox (phone as entered; consumers match by last 9). */
export function statusChanged(before: OrderRow, after: OrderRow, by: string, at: Date): events_v1_orders.OrderStatusChanged {
  const ratio = Number(after.ti_le_doanh_thu);
  return {
    event_id: randomUUID(),
    kind: after.kind,
    order_id: after.id,
    phone: after.so_dien_thoai,
    package: after.ma_goi,
    tier: after.gia_ban_goi,
    from_status: before.trang_thai,
    to_status: after.trang_thai,
    request_status: after.trang_thai_yeu_cau,
    by,
    at: vnDateTime(at),
    staff_username: after.username_nv,
    staff_name: after.ten_nv,
    revenue: Number(after.doanh_thu),
    difference: Number(after.chenh_lech),
    revenue_ratio: ratio,
    salary_ratio: effectiveSalaryRatio(Number(after.ti_le_doanh_thu_tinh_luong), ratio),
    salary_revenue: Number(after.doanh_thu_tinh_luong),
    clawback: Number(after.truy_thu),
    success: isSuccess(after.trang_thai),
    form: after.hinh_thuc,
    company: after.cty,
    created_at: vnDateTime(after.created_time),
  };
}
