import { likeContains } from './sql';
import type { Queryable } from './list';
import { rowsOf } from './queryable';

/**
 * Search as staff type: without diacritics and in any case. 'nguyen van an' finds 'Nguyễn Văn An',
 * 'hoa' finds both spellings 'Hoà' and 'Hòa', 'dang' finds 'Đặng'. Both sides of the comparison go
 * through one SQL function, `public.cskh_unaccent_lower(text)`: PostgreSQL's `unaccent` (contrib;
 * its rules map every Vietnamese letter, 'đ' → 'd', and drop combining marks, so text stored
 * decomposed folds alike) then `lower`. unaccent is STABLE (its dictionary could change), so
 * the function is declared IMMUTABLE with the dictionary named by schema: it can then key a
 * trigram index, and a search's pattern (a parameter) is folded once when the query is planned.
 * The same function serves every service; `installTypedSearch` creates it in each database once.
 *
 * Its body is PL/pgSQL, not SQL: an IMMUTABLE SQL function calling the STABLE unaccent is never
 * inlined, and PostgreSQL then runs it through the SQL-function executor for every row, about
 * 3.5 µs of overhead per call (5.7 µs a row in all on the lookup log's content, against 1.7 µs
 * for a plain ILIKE). PL/pgSQL evaluates the same expression as a simple expression: 2.9 µs a
 * row. Rows are folded wherever a search rechecks its trigram candidates, samples the table or
 * walks a page (kit list.ts), so this halves those steps.
 */
export const TYPED_FN = 'public.cskh_unaccent_lower';

/** The SQL expression of a column (or of `?`, a parameter) as staff type it. */
export const typedForm = (sql: string) => `${TYPED_FN}(${sql})`;

/**
 * "One of these columns contains what staff typed", and its values (one per column):
 * `where.add(...typedContains(['username', 'fullname'], q))`.
 */
export function typedContains(columns: string | readonly string[], text: string): [string, ...unknown[]] {
  const cols = typeof columns === 'string' ? [columns] : [...columns];
  const clause = cols.map((c) => `${typedForm(c)} LIKE ${typedForm('?')}`).join(' OR ');
  return [cols.length > 1 ? `(${clause})` : clause, ...cols.map(() => likeContains(text))];
}

/** The lock every service's migrations take before creating the shared extensions and function. */
const EXTENSIONS_LOCK = `SELECT pg_advisory_xact_lock(hashtext('cskh-pg-trgm'))`;

async function extensionSchema(q: Queryable, name: string): Promise<string> {
  await q.query(`CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA public`);
  const [row] = await rowsOf<{ schema: string }>(
    q,
    `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = $1`,
    [name],
  );
  return row.schema;
}

/**
 * pg_trgm, unaccent and the typed-form function in the database, once, whichever service migrates
 * first (the advisory lock keeps two services migrating at once from racing). The function is
 * created when missing and otherwise never given other results: indexes hold them, and a body
 * that folds differently would leave them answering by the old one. The one replacement made is
 * of the first, SQL-language body by the PL/pgSQL one (the same expression, so the same results;
 * see TYPED_FN). Returns the schema of pg_trgm (its operator class).
 */
export async function installTypedSearch(q: Queryable): Promise<string> {
  await q.query(EXTENSIONS_LOCK);
  const trgm = await extensionSchema(q, 'pg_trgm');
  const unaccent = await extensionSchema(q, 'unaccent');
  const [fn] = await rowsOf<{ language: string }>(
    q,
    `SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = to_regprocedure('${TYPED_FN}(text)')`,
  );
  const language: string | undefined = fn?.language;
  if (language === undefined || language === 'sql')
    await q.query(
      `CREATE OR REPLACE FUNCTION ${TYPED_FN}(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
       AS $fn$ BEGIN RETURN lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, $1)); END $fn$`,
    );
  return trgm;
}

/**
 * A GIN trigram index per column on its typed form, so `typedContains` finds middle-of-string
 * matches by index; `where` makes them partial (see createTrigramIndexes).
 */
export async function createTypedTrigramIndexes(q: Queryable, table: string, columns: readonly string[], where?: string): Promise<void> {
  const trgm = await installTypedSearch(q);
  const [s, t] = table.split('.');
  for (const c of columns)
    await q.query(
      `CREATE INDEX IF NOT EXISTS ${t}_${c}_typed_trgm ON "${s}".${t} USING gin (${typedForm(c)} ${trgm}.gin_trgm_ops)${where ? ` WHERE ${where}` : ''}`,
    );
}

export async function dropTypedTrigramIndexes(q: Queryable, table: string, columns: readonly string[]): Promise<void> {
  const [s, t] = table.split('.');
  for (const c of columns) await q.query(`DROP INDEX IF EXISTS "${s}".${t}_${c}_typed_trgm`);
}
