import { pageSql } from './sql';
import { rowsOf, type Queryable } from './queryable';
import { ListFilter } from './list-filter';
import type { ListPage, ListSpec } from './list-types';
import { countAndTotals, mayBeSampled, plan, planSorts, sampledCount } from './list-count';

/**
 * List pages that stay fast as tables grow to millions of rows. What every service's
 * list handler gets from here:
 *
 * - **Counts that do not scan the table on every page.** A filter made of a Vietnam-day period
 *   and equality on a few columns (the staff filter, a status, the staff scope) is counted from a
 *   *rollup*: per-day counters (and sums) of the table kept by statement-level triggers, so the
 *   count, the per-group counts (`countBy…`) and the header totals are exact and cost a few
 *   hundred counter rows. Any other filter (a contains-search, an appointment range) is counted
 *   exactly up to `exactUpTo` rows (10,000 by default: 500 grid pages of 20) and estimated by the
 *   planner (or, when it expects few, a page sample of the table) above that — never below what
 *   was seen, so the grid's paging always reaches the rows
 *   that exist within the exact range.
 * - **Deep pages without fetching the skipped rows**: from `DEFERRED_FROM` rows on, the offset
 *   runs over the row key only (an index-only scan when an index covers filter, order and key)
 *   and only the page's rows are read.
 * - **Exports** (take = all rows) run one query and no count; streamed by the gateway window by
 *   window (`Paging.window`), deep windows find their keys first like deep pages, and only the
 *   first window carries totals and groups.
 * Contains-searches are made fast by trigram indexes (`trigramIndexSql`), not here.
 */

export type { Queryable } from './queryable';

/** From this offset on, pages are found by key first (deferred join). */
export const DEFERRED_FROM = 1_000;
/** A common filter's page walks (skip + take) / density × this many rows of the order's index… */
export const WALK_MARGIN = 4;
/** …and at most this many (deeper pages of a common filter run the plain query). */
export const WALK_AT_MOST = 50_000;

/** One page of a list with its count, totals and group counts, each by the cheapest exact means. */
export async function listPage<R = Record<string, unknown>>(db: Queryable, spec: ListSpec): Promise<ListPage<R>> {
  const all = spec.paging.take === undefined;
  if (!all && mayBeSampled(spec)) {
    // A capped count: first whether a table sample finds the filter common. When the sample gives
    // the filter's density, the page walks the order's index (the planner, misjudging the filter
    // as rare, would read every match and sort them), whether the count is the sample's estimate
    // or, below three caps, counted beside it.
    const pre = await sampledCount(db, spec);
    const { walk } = pre;
    const page = async () => (walk && (await walkedPage<R>(db, spec, walk.table, walk.density))) ?? (await pageRows<R>(db, spec));
    if (pre.counted) return { rows: await page(), ...pre.counted };
    const [rows, c] = await Promise.all([page(), countAndTotals(db, spec, undefined, pre.planned)]);
    return { rows, ...c };
  }
  const rowsP = pageRows<R>(db, spec);
  if (all) {
    // An export counts what it returns; totals and groups still cover the filter (once: a streamed
    // export's later windows leave them out, the gateway answers the first window's).
    const rows = await rowsP;
    const needsMore = (spec.totals || spec.groupBy) && !spec.paging.window?.skip;
    const extra = needsMore ? await countAndTotals(db, spec, rows.length) : undefined;
    return { rows, count: rows.length, estimated: false, totals: extra?.totals ?? {}, groups: extra?.groups ?? [] };
  }
  const [rows, c] = await Promise.all([rowsP, countAndTotals(db, spec)]);
  return { rows, ...c };
}

/**
 * A page of a filter a table sample found common (matches in `density` of the rows): the first
 * rows in the list's order walked by the order's index, the filter applied to those only. The
 * planner would do this itself had it not misjudged the filter as rare (it then reads every match
 * through a bitmap and sorts them: 2.4 s for a phrase in 1% of 10M rows). Exact: the page is the
 * same as the plain query's whenever the walked prefix holds skip + take matches, which a full
 * page shows; otherwise undefined (the caller runs the plain query).
 */
async function walkedPage<R>(
  db: Queryable,
  spec: ListSpec,
  table: { name: string; alias: string },
  density: number,
): Promise<R[] | undefined> {
  const { columns, orderBy, filter, paging } = spec;
  if (paging.take === undefined || !(filter instanceof ListFilter)) return undefined;
  const parts = filter.split();
  if (!parts) return undefined;
  const need = paging.skip + paging.take;
  // `density` is the share of the whole table: the rows the named-column clauses keep hold at least as many.
  const walk = Math.ceil((need / density) * WALK_MARGIN) + 100;
  if (walk > WALK_AT_MOST) return undefined;
  // The walk keeps the clauses over named columns (kind, staff, period, scope) and must come in
  // the order's index order: a plan that sorts would read every row those clauses keep.
  const window = `SELECT * FROM ${table.name} ${table.alias} ${parts.known.sql} ORDER BY ${orderBy} LIMIT ${walk}`;
  if (planSorts(await plan(db, window, parts.known.params))) return undefined;
  // The walk comes in the page's order, so the LIMIT stops it at the page's last match: the filter
  // (a typed search folds every row it reads) runs on about a WALK_MARGIN-th of the window.
  const rows = await rowsOf<R>(
    db,
    `SELECT ${columns} FROM (${window}) ${table.alias} ${parts.rest.sql} ORDER BY ${orderBy} ${pageSql(paging)}`,
    parts.rest.params,
  );
  // A short page: the window held fewer than skip + take matches (or the filter has no more).
  return rows.length < paging.take ? undefined : rows;
}

async function pageRows<R>(db: Queryable, spec: ListSpec): Promise<R[]> {
  const { from, columns, orderBy, filter, paging, key } = spec;
  // A page, or one window of a streamed export (deep windows too find their keys first).
  const slice = paging.take !== undefined ? paging : paging.window;
  if (key && slice && slice.skip >= DEFERRED_FROM)
    return rowsOf<R>(
      db,
      `SELECT ${columns} FROM ${from} WHERE ${key} IN (SELECT ${key} FROM ${from} ${filter.sql} ORDER BY ${orderBy} ${pageSql(paging)}) ORDER BY ${orderBy}`,
      filter.params,
    );
  return rowsOf<R>(db, `SELECT ${columns} FROM ${from} ${filter.sql} ORDER BY ${orderBy} ${pageSql(paging)}`, filter.params);
}
