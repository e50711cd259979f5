import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/**
 * Counters of the care history (spec 1 §2.9): the count for a period, a result and a staff member
 * or the viewer's subtree (the scope reads username only), without reading the rows. Per staff
 * member there are whole-table counters too: without a period (the screen's default) a branch's
 * count sums a few hundred of them instead of ~100,000 per-day ones at a million records.
 */
export const CARE_RECORD_USER_TOTALS: Rollup = {
  table: `${SCHEMA}.care_record_all_user`,
  source: `${SCHEMA}.care_record`,
  dayColumn: 'created_at',
  dims: ['username', 'status'],
  grain: 'all',
};

/** The per-day counters (migration 1733600000000 made them). */
export const CARE_RECORD_DAY_ROLLUPS: readonly Rollup[] = [
  { table: `${SCHEMA}.care_record_day`, source: `${SCHEMA}.care_record`, dayColumn: 'created_at', dims: ['status'] },
  { table: `${SCHEMA}.care_record_day_user`, source: `${SCHEMA}.care_record`, dayColumn: 'created_at', dims: ['username', 'status'] },
];

/** What the list counts from, smallest first (kit listPage uses the first that covers the filter). */
export const CARE_RECORD_ROLLUPS: readonly Rollup[] = [CARE_RECORD_DAY_ROLLUPS[0], CARE_RECORD_USER_TOTALS, CARE_RECORD_DAY_ROLLUPS[1]];
