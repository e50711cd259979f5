import type { EntityManager } from 'typeorm';

/**
 * Rows of an UPDATE or DELETE … RETURNING: TypeORM's PostgreSQL driver answers those with
 * [rows, affected] (a SELECT or INSERT with its rows).
 */
export async function modified<T = Record<string, unknown>>(
  em: Pick<EntityManager, 'query'>,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const r = await em.query(sql, params);
  return Array.isArray(r) && r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? (r[0] as T[]) : (r as T[]);
}
