import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/**
 * Counters of the mfy and 9279 orders: per day, the list's count for a period and the status
 * filters, and per staff member (the 9279 managers' staff filter and the viewer's subtree). Per
 * staff member there are whole-table counters too: without a period (the screen's default) a
 * leader's count sums a few dozen of them instead of tens of thousands of per-day ones.
 */
export const SALE_ORDER_STAFF_TOTALS: Rollup = {
  table: `${SCHEMA}.sale_order_all_staff`,
  source: `${SCHEMA}.sale_order`,
  dayColumn: 'created_at',
  dims: ['username_nv', 'kind', 'trang_thai'],
  grain: 'all',
};

/** The per-day counters (migration 1733600000000 made them). */
export const SALE_ORDER_DAY_ROLLUPS: readonly Rollup[] = [
  {
    table: `${SCHEMA}.sale_order_day`,
    source: `${SCHEMA}.sale_order`,
    dayColumn: 'created_at',
    dims: ['kind', 'trang_thai', 'trang_thai_yeu_cau', 'trang_thai_thu_tien'],
  },
  {
    table: `${SCHEMA}.sale_order_day_staff`,
    source: `${SCHEMA}.sale_order`,
    dayColumn: 'created_at',
    dims: ['username_nv', 'kind', 'trang_thai'],
  },
];

/** What the lists count from, smallest first (kit listPage uses the first that covers the filter). */
export const SALE_ORDER_ROLLUPS: readonly Rollup[] = [SALE_ORDER_DAY_ROLLUPS[0], SALE_ORDER_STAFF_TOTALS, SALE_ORDER_DAY_ROLLUPS[1]];
