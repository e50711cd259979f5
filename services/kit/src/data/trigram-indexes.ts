import { rowsOf, type Queryable } from './queryable';

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
