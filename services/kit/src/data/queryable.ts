/** A TypeORM DataSource / EntityManager / QueryRunner (rows) or a pg Client (a result with rows). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

/** The rows of a query, whichever kind of connection ran it. */
export async function rowsOf<T = Record<string, any>>(db: Queryable, sql: string, params?: unknown[]): Promise<T[]> {
  const res = await db.query(sql, params);
  return Array.isArray(res) ? res : (res?.rows ?? []);
}
