import type { Where } from './sql';
import { rowsOf, type Queryable } from './queryable';
import { ListFilter } from './list-filter';
import type { ListPage, Rollup } from './list-types';

const VN_DAY = (col: string) => `(${col} AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`;

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
