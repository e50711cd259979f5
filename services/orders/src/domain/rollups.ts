import type { Rollup } from '@cskh/kit';

/**
 * Per-day counters of the mfy and 9279 orders: the list's count for a period and the status
 * filters, and per staff member (the 9279 managers' staff filter and the viewer's subtree).
 */
export const SALE_ORDER_ROLLUPS: readonly Rollup[] = [
  { table: 'orders.sale_order_day', source: 'orders.sale_order', dayColumn: 'created_at', dims: ['kind', 'trang_thai', 'trang_thai_yeu_cau', 'trang_thai_thu_tien'] },
  { table: 'orders.sale_order_day_staff', source: 'orders.sale_order', dayColumn: 'created_at', dims: ['username_nv', 'kind', 'trang_thai'] },
];
