import { rowsOf, type Queryable } from './queryable';
import { ListFilter } from './list-filter';
import { rollupCount } from './rollups';
import type { ListPage, ListSpec } from './list-types';

/**
 * How a list page's count, totals and per-group counts are found, cheapest exact means first:
 * a rollup's counters, one exact aggregate when totals are asked for, else a count capped at
 * `exactUpTo` — or, when a page sample or the planner shows the filter matches far more, an
 * estimate (see list.ts).
 */

/** Up to this many matching rows a count is exact; above it, the planner's estimate (≥ this + 1). */
export const EXACT_COUNT_UP_TO = 10_000;
/**
 * A filter the planner expects to match more than this many times the cap is not counted match by
 * match up to the cap: it is estimated. The groups' shares then come from the table sample or,
 * where there is none (a view), from this many matches read.
 */
export const ESTIMATE_BEYOND_CAPS = 10;
export const GROUP_SAMPLE = 500;
/** Rows a page sample of the table reads (TABLESAMPLE SYSTEM) to check a filter the planner expects to match little. */
export const TABLE_SAMPLE_ROWS = 10_000;
/**
 * The sample answers the count (an estimate) when it finds more than this many caps' worth of
 * matches, spread over at least SAMPLE_MIN_PAGES pages; otherwise matches are counted up to the cap.
 */
export const SAMPLE_BEYOND_CAPS = 3;
export const SAMPLE_MIN_PAGES = 30;
/**
 * Before the sample, a peek at a few pages of it: as many rows as hold PEEK_EXPECTED matches of a
 * filter just common enough (SAMPLE_BEYOND_CAPS caps in the table). Fewer than PEEK_ENOUGH found
 * (a chance of about 0.3% at that share, less above it) and the filter is counted without the
 * rest of the sample: a phone's digits in the 10M-row log fold 3,300 rows instead of 10,000.
 */
export const PEEK_EXPECTED = 10;
export const PEEK_ENOUGH = 3;
/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) tree, as far as the list reads it. */
export interface PlanNode {
  'Node Type': string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

export async function plan(db: Queryable, sql: string, params: unknown[]): Promise<PlanNode | undefined> {
  const [row] = await rowsOf<{ 'QUERY PLAN': string | Array<{ Plan: PlanNode }> }>(db, `EXPLAIN (FORMAT JSON) ${sql}`, params);
  const doc = row?.['QUERY PLAN'];
  const explained: Array<{ Plan: PlanNode }> | undefined = typeof doc === 'string' ? JSON.parse(doc) : doc;
  return explained?.[0]?.Plan;
}

/** Whether a plan (tree) has a full Sort node. */
export const planSorts = (node: PlanNode | undefined): boolean =>
  !!node && (node['Node Type'] === 'Sort' || (node.Plans ?? []).some(planSorts));

/** Whether a page's count is a capped count (no rollup covers the filter, no totals) that may sample the table. */
export function mayBeSampled(spec: ListSpec): boolean {
  if (spec.totals && Object.keys(spec.totals).length) return false;
  if (!plainTable(spec.from)) return false;
  const covered = (spec.rollups ?? []).some(
    (r) => (!spec.groupBy || r.dims.includes(spec.groupBy)) && spec.filter instanceof ListFilter && spec.filter.onRollup(r) !== undefined,
  );
  return !covered;
}

/** `schema.table [alias]` of a list's `from`, or undefined for anything else (a view is found out later). */
export function plainTable(from: string): { name: string; alias: string } | undefined {
  const m = /^((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)(?:\s+(?:AS\s+)?(\w+))?$/i.exec(from.trim());
  if (!m) return undefined;
  return { name: m[1], alias: m[2] ?? m[1].split('.').pop()!.replace(/"/g, '') };
}

export type Counted = Omit<ListPage<never>, 'rows'>;
/** A filter's share of the table's rows, from a page sample: how far its page walks (walkedPage). */
export type Walk = { table: { name: string; alias: string }; density: number };

/**
 * The planner's estimate of a capped count's filter and the count from a table sample if that
 * finds the filter common, whatever the planner expects: reading GROUP_SAMPLE matches for the
 * shares of a filter it rightly expects common goes through a trigram bitmap of every candidate
 * (a phrase in 1% of the 10M-row log: 214,552 candidates, 240–400 ms), the sample 20 ms.
 */
export async function sampledCount(db: Queryable, spec: ListSpec): Promise<{ planned: number; counted?: Counted; walk?: Walk }> {
  const { from, filter, groupBy } = spec;
  const cap = spec.exactUpTo ?? EXACT_COUNT_UP_TO;
  const planned = await plannerRows(db, `SELECT 1 FROM ${from} ${filter.sql}`, filter.params);
  const target = await sampleTarget(db, spec);
  if (!target) return { planned };
  // The peek reads whole pages: at least SAMPLE_MIN_PAGES of them, or matches crowded on a few pages would be missed.
  const peekRows = Math.max((PEEK_EXPECTED * target.tableRows) / (cap * SAMPLE_BEYOND_CAPS), SAMPLE_MIN_PAGES * target.rowsPerPage);
  if (peekRows * 2 < TABLE_SAMPLE_ROWS && (await tableSample(db, spec, target, peekRows)).seen < PEEK_ENOUGH) return { planned };
  const sampled = await tableSample(db, spec, target, TABLE_SAMPLE_ROWS);
  // Matches spread over enough pages give the filter's density.
  const walk = sampled.pages >= SAMPLE_MIN_PAGES ? { table: sampled.table, density: sampled.estimate / sampled.tableRows } : undefined;
  if (!walk || sampled.estimate <= cap * SAMPLE_BEYOND_CAPS) return { planned, walk };
  const estimate = Math.max(cap + 1, planned, sampled.estimate);
  const groups = groupBy ? groupCounts(sampled.rows, estimate / sampled.seen) : [];
  return { planned, walk, counted: { count: estimate, estimated: true, totals: {}, groups } };
}

const groupCounts = (rows: Array<{ g?: unknown; n: unknown }>, scale: number) =>
  rows
    .map((r) => ({ key: String(r.g ?? ''), count: Math.round((Number(r.n ?? 0) || 0) * scale) }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));

export async function countAndTotals(db: Queryable, spec: ListSpec, known?: number, planned?: number): Promise<Counted> {
  const { from, filter, totals = {}, groupBy } = spec;
  const totalNames = Object.keys(totals);
  const num = (v: unknown) => Number(v ?? 0) || 0;
  // 1. Counters, when one covers the filter (and keeps the group column and the sums asked for).
  const counted = await rollupCount(db, filter, spec.rollups ?? [], totalNames, groupBy);
  if (counted) return counted;
  // 2. Totals need every matching row: one exact aggregate (sums cannot be estimated).
  if (totalNames.length) {
    const [row] = await rowsOf(
      db,
      `SELECT count(*)::bigint AS n${totalNames.map((t) => `, ${totals[t]} AS ${t}`).join('')} FROM ${from} ${filter.sql}`,
      filter.params,
    );
    const groups = groupBy ? await exactGroups(db, spec) : [];
    return { count: num(row.n), estimated: false, totals: Object.fromEntries(totalNames.map((t) => [t, num(row[t])])), groups };
  }
  if (known !== undefined) return { count: known, estimated: false, totals: {}, groups: groupBy ? await exactGroups(db, spec) : [] };
  // 3. A capped count: exact up to the cap, an estimate above it. Reading `cap` matches of a
  //    common word in a 10M-row log means scanning about a million rows (1.3–2 s), so it is
  //    avoided when the filter surely matches far more. A page sample of the table (about
  //    TABLE_SAMPLE_ROWS rows) checks it first: the planner may be wrong — a contains-search is
  //    estimated from 100 histogram values, and a phrase in 1% of 10M rows that none of them holds
  //    is estimated at 1,000 rows. Without a sample (a view), the planner's estimate of more than
  //    ESTIMATE_BEYOND_CAPS caps is taken and GROUP_SAMPLE matches give the groups' shares.
  //    (`planned` given: sampledCount has already checked the sample.)
  const cap = spec.exactUpTo ?? EXACT_COUNT_UP_TO;
  if (planned === undefined) {
    const pre = await sampledCount(db, spec);
    if (pre.counted) return pre.counted;
    planned = pre.planned;
  }
  const groupsOf = (rows: Array<{ g?: unknown; n: unknown }>, scale: number) => (groupBy ? groupCounts(rows, scale) : []);
  const read = planned > cap * ESTIMATE_BEYOND_CAPS ? Math.min(cap, GROUP_SAMPLE) : cap;
  const sample = await rowsOf<{ g?: unknown; n: string }>(
    db,
    groupBy
      ? `SELECT g, count(*)::bigint AS n FROM (SELECT ${groupBy} AS g FROM ${from} ${filter.sql} LIMIT ${read + 1}) s GROUP BY g`
      : `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${from} ${filter.sql} LIMIT ${read + 1}) s`,
    filter.params,
  );
  const seen = sample.reduce((s, r) => s + num(r.n), 0);
  if (seen <= read) return { count: seen, estimated: false, totals: {}, groups: groupsOf(sample, 1) };
  const estimate = Math.max(cap + 1, planned);
  // Groups above the cap: the sample's shares of the estimate.
  return { count: estimate, estimated: true, totals: {}, groups: groupsOf(sample, estimate / seen) };
}

/** The list's table and its rows when a page sample can read it: a plain table, analyzed (else undefined). */
async function sampleTarget(
  db: Queryable,
  spec: ListSpec,
): Promise<{ table: { name: string; alias: string }; tableRows: number; rowsPerPage: number } | undefined> {
  const table = plainTable(spec.from);
  if (!table) return undefined;
  const [rel] = await rowsOf<{ n: number; pages: number; kind: string }>(
    db,
    `SELECT reltuples::float8 AS n, relpages::float8 AS pages, relkind::text AS kind FROM pg_class WHERE oid = to_regclass($1)`,
    [table.name],
  );
  if (!rel || !['r', 'p'].includes(rel.kind) || !(Number(rel.n) > 0)) return undefined;
  return { table, tableRows: Number(rel.n), rowsPerPage: Number(rel.n) / Math.max(1, Number(rel.pages)) };
}

/**
 * The filter's matches in a page sample of the list's table (TABLESAMPLE SYSTEM of about `rows`
 * rows, repeatable: a smaller sample reads a subset of a larger one's pages): per group, in all,
 * scaled to the table, and on how many distinct pages (matches crowded on a few pages say little
 * about the rest).
 */
async function tableSample(
  db: Queryable,
  spec: ListSpec,
  target: { table: { name: string; alias: string }; tableRows: number },
  sampleRows: number,
): Promise<{
  rows: Array<{ g: unknown; n: string }>;
  seen: number;
  estimate: number;
  pages: number;
  table: { name: string; alias: string };
  tableRows: number;
}> {
  const { table, tableRows } = target;
  const percent = Math.min(100, (100 * sampleRows) / tableRows);
  const rows = await rowsOf<{ g: unknown; n: string; pages: string }>(
    db,
    `WITH m AS (SELECT ${spec.groupBy ?? 'NULL::text'} AS g, (ctid::text::point)[0] AS page
                  FROM ${table.name} ${table.alias} TABLESAMPLE SYSTEM (${percent.toFixed(6)}) REPEATABLE (0) ${spec.filter.sql})
     SELECT g, count(*)::bigint AS n, (SELECT count(DISTINCT page) FROM m)::bigint AS pages FROM m GROUP BY g`,
    spec.filter.params,
  );
  const seen = rows.reduce((s, r) => s + Number(r.n), 0);
  return { rows, seen, estimate: Math.round((seen * 100) / percent), pages: Number(rows[0]?.pages ?? 0), table, tableRows };
}

async function exactGroups(db: Queryable, spec: ListSpec): Promise<Array<{ key: string; count: number }>> {
  const rows = await rowsOf<{ g: unknown; n: string }>(
    db,
    `SELECT ${spec.groupBy} AS g, count(*)::bigint AS n FROM ${spec.from} ${spec.filter.sql} GROUP BY 1`,
    spec.filter.params,
  );
  return rows.map((r) => ({ key: String(r.g ?? ''), count: Number(r.n) })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** The planner's row estimate of a query (EXPLAIN, nothing run). */
export async function plannerRows(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  return Math.round(Number((await plan(db, sql, params))?.['Plan Rows'] ?? 0));
}
