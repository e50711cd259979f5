/** A TypeORM DataSource / EntityManager / QueryRunner (rows) or a pg Client (a result with rows). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The rows of a query, whichever kind of connection ran it; the caller names the row's shape. */
export async function rowsOf<T = Record<string, unknown>>(db: Queryable, sql: string, params?: unknown[]): Promise<T[]> {
  const res = await db.query(sql, params);
  return Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] } | undefined)?.rows ?? []);
}
