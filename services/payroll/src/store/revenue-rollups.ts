import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/**
 * Per-day counters of the revenue records by success day: packages and revenue of the detailed
 * report (spec 2 §2.2) for a period, by source, and per staff member as the records name them
 * (a manager's reassignment is corrected for on read, from the few reassigned records).
 */
export const REVENUE_RECORD_ROLLUPS: readonly Rollup[] = [
  {
    table: `${SCHEMA}.revenue_day`,
    source: `${SCHEMA}.revenue_record`,
    dayColumn: 'ngay_thanh_cong',
    dims: ['track0', 'success'],
    sums: { doanh_thu: 'doanh_thu' },
  },
  {
    table: `${SCHEMA}.revenue_day_staff`,
    source: `${SCHEMA}.revenue_record`,
    dayColumn: 'ngay_thanh_cong',
    dims: ['username_nv', 'track0', 'success'],
    sums: { doanh_thu: 'doanh_thu' },
  },
];
