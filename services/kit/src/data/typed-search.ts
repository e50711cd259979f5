import { likeContains } from './sql';
import type { Queryable } from './list';

/**
 * Search as staff type: without diacritics and in any case. 'nguyen van an' finds 'Nguyễn Văn An',
 * 'hoa' finds both spellings 'Hoà' and 'Hòa', 'dang' finds 'Đặng'. Both sides of the comparison go
 * through one SQL function, `public.cskh_unaccent_lower(text)`: PostgreSQL's `unaccent` (contrib;
 * its rules map every Vietnamese letter, 'đ' → 'd', and drop combining marks, so text stored
 * decomposed folds alike) then `lower`. unaccent is STABLE (its dictionary could change), so
 * the function is declared IMMUTABLE with the dictionary named by schema: it can then key a
 * trigram index, and a search's pattern (a parameter) is folded once when the query is planned.
 * The same function serves every service; `installTypedSearch` creates it in each database once.
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
  const res = await q.query(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = $1`, [name]);
  return (Array.isArray(res) ? res : res.rows)[0].schema;
}

/**
 * pg_trgm, unaccent and the typed-form function in the database, once, whichever service migrates
 * first (the advisory lock keeps two services migrating at once from racing). The function is
 * created only when missing, never replaced: indexes hold its results, and a changed body would
 * leave them answering by the old one. Returns the schema of pg_trgm (its operator class).
 */
export async function installTypedSearch(q: Queryable): Promise<string> {
  await q.query(EXTENSIONS_LOCK);
  const trgm = await extensionSchema(q, 'pg_trgm');
  const unaccent = await extensionSchema(q, 'unaccent');
  const res = await q.query(`SELECT to_regprocedure('${TYPED_FN}(text)') IS NOT NULL AS present`);
  if (!(Array.isArray(res) ? res : res.rows)[0].present)
    await q.query(
      `CREATE FUNCTION ${TYPED_FN}(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       RETURN lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, $1))`,
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
