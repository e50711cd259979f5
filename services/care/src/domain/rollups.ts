import type { Rollup } from '@cskh/kit';

/**
 * Per-day counters of the care history (spec 1 §2.9): the count for a period, a result and a
 * staff member or the viewer's subtree (the scope reads username only), without reading the rows.
 */
export const CARE_RECORD_ROLLUPS: readonly Rollup[] = [
  { table: 'care.care_record_day', source: 'care.care_record', dayColumn: 'created_at', dims: ['status'] },
  { table: 'care.care_record_day_user', source: 'care.care_record', dayColumn: 'created_at', dims: ['username', 'status'] },
];
