import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/**
 * Per-day counters of the lookup log ("counts are kept per ten_tra_cuu", spec 3 §2.12): by lookup
 * name for the unfiltered list and date ranges, and by staff member and name for the staff filter.
 */
export const LOOKUP_LOG_ROLLUPS: readonly Rollup[] = [
  { table: `${SCHEMA}.lookup_log_day_name`, source: `${SCHEMA}.lookup_log`, dayColumn: 'created_at', dims: ['ten_tra_cuu'] },
  { table: `${SCHEMA}.lookup_log_day_user`, source: `${SCHEMA}.lookup_log`, dayColumn: 'created_at', dims: ['username', 'ten_tra_cuu'] },
];
