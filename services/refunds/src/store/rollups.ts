import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/** The four header totals of the refund list (spec 2 §4), as sums over a request row. */
export const REQUEST_TOTALS = {
  hoan: 'CASE WHEN request_type <> 5 THEN refund_price ELSE 0 END',
  them: 'other_refund',
  nap: 'CASE WHEN request_type = 5 THEN refund_price ELSE 0 END',
  sau: 'CASE WHEN request_type = 5 THEN coalesce(tien_hoan_sau_chiet_khau, 0) ELSE 0 END',
} as const;

/**
 * Per-day counters of the refund and top-up requests: count and the four totals for a period,
 * the transfer and partner-status filters, and per staff member (the viewer's subtree).
 */
export const REFUND_REQUEST_ROLLUPS: readonly Rollup[] = [
  {
    table: `${SCHEMA}.refund_request_day`,
    source: `${SCHEMA}.refund_request`,
    dayColumn: 'created_time',
    dims: ['is_transfer', 'trang_thai_key'],
    sums: REQUEST_TOTALS,
  },
  {
    table: `${SCHEMA}.refund_request_day_staff`,
    source: `${SCHEMA}.refund_request`,
    dayColumn: 'created_time',
    dims: ['staff_username', 'is_transfer', 'trang_thai_key'],
    sums: REQUEST_TOTALS,
  },
];
