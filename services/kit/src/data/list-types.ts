import type { Paging } from '../core/paging';
import type { Where } from './sql';

/**
 * Per-day counters of a table. `dims` are columns of the source kept under the same names, so a
 * filter's equality clauses and the staff scope apply to the rollup unchanged; `sums` are kept
 * beside the row count (`n`). Created, filled and kept by `rollupSql`.
 */
export interface Rollup {
  /** Schema-qualified counter table, e.g. `lookup.lookup_log_day_name`. */
  table: string;
  /** Schema-qualified source table. */
  source: string;
  /** The source's timestamp column whose Vietnam day keys a counter row (the column a period filters). */
  dayColumn: string;
  dims: readonly string[];
  /**
   * `'day'` (default): a counter row per Vietnam day and dims. `'all'`: a counter row per dims, no
   * day — it answers filters without a period only. Per-day counters by staff member are almost as
   * many as the rows once a table holds a million (a year × 300 people × a few statuses ≈ half a
   * million counter rows), so a subtree scope over the whole table summed ~100,000 of them; the
   * same count from whole-table counters sums a few hundred.
   */
  grain?: 'day' | 'all';
  /** Sum name → expression over a source row (bigint), e.g. `{ money: 'money' }`. */
  sums?: Readonly<Record<string, string>>;
}

export interface ListSpec {
  /** Table or view, with an alias when columns use one. */
  from: string;
  columns: string;
  /** Must end in a unique key so pages never overlap, e.g. `created_at DESC, id`. */
  orderBy: string;
  filter: Where;
  paging: Pick<Paging, 'skip' | 'take' | 'window'>;
  /** The row key for deep pages (`id`, `v.id`); without it deep pages use a plain OFFSET. */
  key?: string;
  /** Counters that may answer the count, smallest first (the first that covers the filter is used; whole-table counters before per-day ones of the same dims). */
  rollups?: readonly Rollup[];
  /** Totals of the whole filter: name → aggregate over the source (e.g. `coalesce(sum(money), 0)`); a covering rollup must keep a sum of the same name. */
  totals?: Readonly<Record<string, string>>;
  /** Per-group counts (e.g. `ten_tra_cuu` for countByName); a covering rollup must keep the column. */
  groupBy?: string;
  exactUpTo?: number;
}

export interface ListPage<R> {
  rows: R[];
  /** Rows of the whole filter (exact up to exactUpTo or from a rollup; else an estimate ≥ exactUpTo + 1). */
  count: number;
  /** Whether count (and groups) are the planner's estimate. */
  estimated: boolean;
  totals: Record<string, number>;
  groups: Array<{ key: string; count: number }>;
}
