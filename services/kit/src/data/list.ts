import type { Paging } from '../core/paging';
import { pageSql, Where } from './sql';
import type { InstantRange } from '../core/time';

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

/** A TypeORM DataSource / EntityManager / QueryRunner (rows) or a pg Client (a result with rows). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

async function rowsOf<T = Record<string, any>>(db: Queryable, sql: string, params?: unknown[]): Promise<T[]> {
  const res = await db.query(sql, params);
  return Array.isArray(res) ? res : (res?.rows ?? []);
}

/** Up to this many matching rows a count is exact; above it, the planner's estimate (≥ this + 1). */
export const EXACT_COUNT_UP_TO = 10_000;
/** From this offset on, pages are found by key first (deferred join). */
export const DEFERRED_FROM = 1_000;
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
/** A common filter's page walks (skip + take) / density × this many rows of the order's index… */
export const WALK_MARGIN = 4;
/** …and at most this many (deeper pages of a common filter run the plain query). */
export const WALK_AT_MOST = 50_000;

const VN_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;
const VN_DAY = (col: string) => `(${col} AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`;

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

const ident = (table: string) => table.replace(/[^a-z0-9_]/gi, '_');

/**
 * DDL of a rollup: the counter table filled from what the source holds now, a unique key per day
 * and dims, and one trigger function applied after every INSERT, UPDATE, DELETE (transition
 * tables: one aggregate per statement, not per row) and TRUNCATE. An UPDATE that leaves dims,
 * day and sums alone nets to zero and writes nothing. Counter rows are upserted in key order so
 * concurrent writers queue instead of deadlocking.
 */
export function rollupSql(r: Rollup): string[] {
  const [schema] = r.table.split('.');
  const fn = `"${schema}".${ident(r.table.split('.')[1])}_apply`;
  const dims = [...r.dims];
  const sums = Object.entries(r.sums ?? {});
  const byDay = r.grain !== 'all';
  if (!byDay && !dims.length) throw new Error(`rollup ${r.table}: whole-table counters need at least one dim`);
  const keyCols = byDay ? ['day', ...dims] : dims;
  const keyOf = keyCols.map((c) => (c === 'day' ? `${VN_DAY(r.dayColumn)} AS day` : c)).join(', ');
  const select = (rows: string, sign: 1 | -1) =>
    `SELECT ${keyOf}, ${sign}::bigint AS n${sums
      .map(([name, expr]) => `, ${sign === 1 ? '' : '-'}(${expr})::bigint AS ${name}`)
      .join('')} FROM ${rows}`;
  const upsert = (source: string) => `
    INSERT INTO ${r.table} AS r (${keyCols.join(', ')}, n${sums.map(([s]) => `, ${s}`).join('')})
    SELECT ${keyCols.join(', ')}, sum(n)${sums.map(([s]) => `, sum(${s})`).join('')} FROM (${source}) d
     GROUP BY ${keyCols.join(', ')} HAVING sum(n) <> 0${sums.map(([s]) => ` OR sum(${s}) <> 0`).join('')}
     ORDER BY ${keyCols.join(', ')}
    ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET n = r.n + EXCLUDED.n${sums.map(([s]) => `, ${s} = r.${s} + EXCLUDED.${s}`).join('')};`;
  const name = ident(r.table.split('.')[1]);
  return [
    `CREATE TABLE ${r.table} AS
       SELECT ${keyOf}, count(*)::bigint AS n${sums.map(([s, expr]) => `, coalesce(sum(${expr}), 0)::bigint AS ${s}`).join('')}
         FROM ${r.source} GROUP BY ${keyCols.map((_, i) => i + 1).join(', ')}`,
    `ALTER TABLE ${r.table} ${byDay ? 'ALTER day SET NOT NULL, ' : ''}ALTER n SET NOT NULL${sums.map(([s]) => `, ALTER ${s} SET NOT NULL`).join('')}`,
    `CREATE UNIQUE INDEX ${name}_key ON ${r.table} (${keyCols.join(', ')}) NULLS NOT DISTINCT`,
    ...(byDay && dims.length ? [`CREATE INDEX ${name}_dim ON ${r.table} (${dims[0]}, day)`] : []),
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$
     BEGIN
       IF TG_OP = 'TRUNCATE' THEN
         DELETE FROM ${r.table};
       ELSIF TG_OP = 'INSERT' THEN ${upsert(select('new_rows', 1))}
       ELSIF TG_OP = 'DELETE' THEN ${upsert(select('old_rows', -1))}
       ELSE ${upsert(`${select('new_rows', 1)} UNION ALL ${select('old_rows', -1)}`)}
       END IF;
       RETURN NULL;
     END $fn$`,
    `CREATE TRIGGER ${name}_ins AFTER INSERT ON ${r.source} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${name}_upd AFTER UPDATE ON ${r.source} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${name}_del AFTER DELETE ON ${r.source} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${name}_trunc AFTER TRUNCATE ON ${r.source} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

/** Undoes rollupSql (a migration's down). */
export function dropRollupSql(r: Rollup): string[] {
  const [schema, table] = r.table.split('.');
  const name = ident(table);
  return [
    ...['ins', 'upd', 'del', 'trunc'].map((t) => `DROP TRIGGER IF EXISTS ${name}_${t} ON ${r.source}`),
    `DROP FUNCTION IF EXISTS "${schema}".${name}_apply()`,
    `DROP TABLE IF EXISTS ${r.table}`,
  ];
}

/**
 * pg_trgm in the database (once, whichever service migrates first; an advisory lock keeps two
 * services migrating at once from racing on CREATE EXTENSION), then a GIN trigram index per
 * column, so `col ILIKE '%text%'` / `col LIKE '%digits%'` find middle-of-string matches by index.
 * The operator class is qualified by the extension's schema: services' search paths differ.
 * `where` makes them partial (e.g. `kind = '9279'` when only those rows are ever searched): the
 * planner uses them for queries that carry the same condition, and a search's bitmap then holds
 * only candidates the list can show.
 */
export async function createTrigramIndexes(q: Queryable, table: string, columns: readonly string[], where?: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('cskh-pg-trgm'))`);
  await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
  const [{ schema }] = await rowsOf(q, `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`);
  const [s, t] = table.split('.');
  for (const c of columns)
    await q.query(
      `CREATE INDEX IF NOT EXISTS ${t}_${c}_trgm ON "${s}".${t} USING gin (${c} ${schema}.gin_trgm_ops)${where ? ` WHERE ${where}` : ''}`,
    );
}

export async function dropTrigramIndexes(q: Queryable, table: string, columns: readonly string[]): Promise<void> {
  const [s, t] = table.split('.');
  for (const c of columns) await q.query(`DROP INDEX IF EXISTS "${s}".${t}_${c}_trgm`);
}

interface Term {
  clause: string;
  values: unknown[];
  /** Source columns the clause reads; null = anything (a rollup cannot answer it). */
  columns: readonly string[] | null;
  period?: { column: string; range: InstantRange };
}

/**
 * A list's WHERE that also knows which of its clauses a rollup can answer. Used as a `Where`
 * (the staff scope and existing `add`/`addIf` calls work on it); `eq`, `period` and `over` mark
 * what stays answerable from counters.
 */
export class ListFilter extends Where {
  private readonly terms: Term[] = [];
  private recording: readonly string[] | null = null;

  override add(clause: string, ...values: unknown[]): this {
    this.terms.push({ clause, values, columns: this.recording });
    return super.add(clause, ...values);
  }

  /** `column = value`, skipped when the value is blank; answerable by a rollup keeping `column`. */
  eq(column: string, value: unknown): this {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return this;
    return this.over([column], () => this.add(`${column} = ?`, typeof value === 'string' ? value.trim() : value));
  }

  /** `column >= from AND column < to` (either side optional); a rollup keyed by `column`'s day answers it when both ends are Vietnam midnights. */
  period(column: string, range: InstantRange): this {
    const start = this.terms.length;
    this.addIf(range.from, `${column} >= ?`).addIf(range.to, `${column} < ?`);
    const period = { column, range };
    for (const t of this.terms.slice(start)) {
      t.columns = [];
      t.period = period;
    }
    return this;
  }

  /** Clauses added inside `fn` read only `columns` (e.g. the staff scope over a username column). */
  over(columns: readonly string[], fn: (w: this) => unknown): this {
    const before = this.recording;
    this.recording = columns;
    try {
      fn(this);
    } finally {
      this.recording = before;
    }
    return this;
  }

  /**
   * The filter as two WHEREs over one parameter list: `known` the clauses over named columns
   * (eq, period, `over`: the staff scope), `rest` the others (contains-searches), numbered after
   * them. Undefined when a clause carries a placeholder of its own (built with `param`).
   */
  split(): { known: Where; rest: Where } | undefined {
    if (this.terms.some((t) => /\$\d/.test(t.clause))) return undefined;
    const known = new Where();
    for (const t of this.terms) if (t.columns !== null) known.add(t.clause, ...t.values);
    const rest = new Where(known.params);
    for (const t of this.terms) if (t.columns === null) rest.add(t.clause, ...t.values);
    return { known, rest };
  }

  /** The same filter on a rollup's counters, or undefined when some clause needs the rows themselves. */
  onRollup(r: Rollup): Where | undefined {
    const w = new Where();
    const done = new Set<object>();
    for (const t of this.terms) {
      if (t.period) {
        if (t.period.column !== r.dayColumn || r.grain === 'all') return undefined;
        if (done.has(t.period)) continue; // its other end
        done.add(t.period);
        const { from, to } = t.period.range;
        if ((from && !isVnMidnight(from)) || (to && !isVnMidnight(to))) return undefined;
        if (from) w.add('day >= ?::date', vnIsoDate(from));
        if (to) w.add('day < ?::date', vnIsoDate(to));
        continue;
      }
      if (!t.columns || !t.columns.every((c) => r.dims.includes(c))) return undefined;
      w.add(t.clause, ...t.values);
    }
    return w;
  }
}

const isVnMidnight = (d: Date) => (d.getTime() + VN_OFFSET_MS) % DAY_MS === 0;
const vnIsoDate = (d: Date) => new Date(d.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

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

async function plan(db: Queryable, sql: string, params: unknown[]): Promise<any> {
  const [row] = await rowsOf(db, `EXPLAIN (FORMAT JSON) ${sql}`, params);
  const doc = row?.['QUERY PLAN'];
  return (typeof doc === 'string' ? JSON.parse(doc) : doc)?.[0]?.Plan;
}

/** Whether a plan (tree) has a full Sort node. */
const planSorts = (node: any): boolean => !!node && (node['Node Type'] === 'Sort' || (node.Plans ?? []).some(planSorts));

/** Whether a page's count is a capped count (no rollup covers the filter, no totals) that may sample the table. */
function mayBeSampled(spec: ListSpec): boolean {
  if (spec.totals && Object.keys(spec.totals).length) return false;
  if (!plainTable(spec.from)) return false;
  const covered = (spec.rollups ?? []).some(
    (r) => (!spec.groupBy || r.dims.includes(spec.groupBy)) && spec.filter instanceof ListFilter && spec.filter.onRollup(r) !== undefined,
  );
  return !covered;
}

/** `schema.table [alias]` of a list's `from`, or undefined for anything else (a view is found out later). */
function plainTable(from: string): { name: string; alias: string } | undefined {
  const m = /^((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)(?:\s+(?:AS\s+)?(\w+))?$/i.exec(from.trim());
  if (!m) return undefined;
  return { name: m[1], alias: m[2] ?? m[1].split('.').pop()!.replace(/"/g, '') };
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

type Counted = Omit<ListPage<never>, 'rows'>;
/** A filter's share of the table's rows, from a page sample: how far its page walks (walkedPage). */
type Walk = { table: { name: string; alias: string }; density: number };

/**
 * The planner's estimate of a capped count's filter and the count from a table sample if that
 * finds the filter common, whatever the planner expects: reading GROUP_SAMPLE matches for the
 * shares of a filter it rightly expects common goes through a trigram bitmap of every candidate
 * (a phrase in 1% of the 10M-row log: 214,552 candidates, 240–400 ms), the sample 20 ms.
 */
async function sampledCount(db: Queryable, spec: ListSpec): Promise<{ planned: number; counted?: Counted; walk?: Walk }> {
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

async function countAndTotals(db: Queryable, spec: ListSpec, known?: number, planned?: number): Promise<Counted> {
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

/**
 * Count, sums and per-group counts of a filter from the first rollup that covers it (its clauses,
 * the sums and the group column), or undefined when none does.
 */
export async function rollupCount(
  db: Queryable,
  filter: Where,
  rollups: readonly Rollup[],
  totalNames: readonly string[] = [],
  groupBy?: string,
): Promise<Omit<ListPage<never>, 'rows'> | undefined> {
  const num = (v: unknown) => Number(v ?? 0) || 0;
  for (const r of rollups) {
    if (groupBy && !r.dims.includes(groupBy)) continue;
    if (!totalNames.every((t) => r.sums && t in r.sums)) continue;
    const w = filter instanceof ListFilter ? filter.onRollup(r) : undefined;
    if (!w) continue;
    const sums = totalNames.map((t) => `, coalesce(sum(${t}), 0)::bigint AS ${t}`).join('');
    const res = await rowsOf(
      db,
      groupBy
        ? `SELECT ${groupBy} AS g, sum(n)::bigint AS n${sums} FROM ${r.table} ${w.sql} GROUP BY ${groupBy} HAVING sum(n) > 0`
        : `SELECT coalesce(sum(n), 0)::bigint AS n${sums} FROM ${r.table} ${w.sql}`,
      w.params,
    );
    const out = {
      count: 0,
      estimated: false,
      totals: Object.fromEntries(totalNames.map((t) => [t, 0])),
      groups: [] as Array<{ key: string; count: number }>,
    };
    for (const row of res) {
      out.count += num(row.n);
      for (const t of totalNames) out.totals[t] += num(row[t]);
      if (groupBy) out.groups.push({ key: String(row.g ?? ''), count: num(row.n) });
    }
    out.groups.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    return out;
  }
  return undefined;
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
