import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { typedContains, Where } from '@cskh/kit/data';
import { isUuid } from '../domain/guid';
import { limitOffset, ROLES, setClause, USERS } from './schema';

export interface RoleRow {
  id: string;
  name: string;
  /** Lower number = more power (1 administrator … 5 salesperson; 7 data coordinator). */
  priority: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'r.id, r.name, r.priority, r.created_at, r.updated_at';

export async function findRole(em: EntityManager, id: string): Promise<RoleRow | null> {
  if (!isUuid(id)) return null;
  const rows: RoleRow[] = await em.query(`SELECT ${COLUMNS} FROM ${ROLES} r WHERE r.id = $1`, [id.toLowerCase()]);
  return rows[0] ?? null;
}

/** The role a stored user holds (the foreign key guarantees one). */
export async function getRoleOf(em: EntityManager, u: { role_id: string }): Promise<RoleRow> {
  const rows: RoleRow[] = await em.query(`SELECT ${COLUMNS} FROM ${ROLES} r WHERE r.id = $1`, [u.role_id]);
  if (!rows[0]) throw new AppError('INTERNAL');
  return rows[0];
}

export async function rolesByIds(em: EntityManager, ids: string[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return em.query(`SELECT ${COLUMNS} FROM ${ROLES} r WHERE r.id = ANY($1::uuid[])`, [ids]);
}

/** Whether another role (not `exceptId`) has this name, case-insensitively. */
export async function roleNameTaken(em: EntityManager, name: string, exceptId?: string): Promise<boolean> {
  const rows = await em.query(`SELECT 1 FROM ${ROLES} r WHERE lower(r.name) = lower($1) AND ($2::uuid IS NULL OR r.id <> $2) LIMIT 1`, [
    name,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

export async function insertRole(em: EntityManager, role: { name: string; priority: number }): Promise<RoleRow> {
  const [row]: RoleRow[] = await em.query(`INSERT INTO ${ROLES} AS r (name, priority) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
    role.name,
    role.priority,
  ]);
  return row;
}

export async function updateRole(em: EntityManager, id: string, set: Partial<Pick<RoleRow, 'name' | 'priority'>>): Promise<void> {
  const s = setClause(set);
  await em.query(`UPDATE ${ROLES} SET ${s.sql}, updated_at = now() WHERE id = $1`, [id, ...s.values]);
}

export async function deleteRole(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${ROLES} WHERE id = $1`, [id]);
}

/** How many users hold each of these roles (roles nobody holds are absent). */
export async function userCountsByRole(em: EntityManager, roleIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (roleIds.length === 0) return counts;
  const rows: Array<{ role_id: string; n: number }> = await em.query(
    `SELECT role_id, count(*)::int AS n FROM ${USERS} WHERE role_id = ANY($1) GROUP BY role_id`,
    [roleIds],
  );
  for (const r of rows) counts.set(r.role_id, r.n);
  return counts;
}

/** A page of roles by priority then name, searched by name as staff type it, with the count of the search. */
export async function pageRoles(
  em: EntityManager,
  search: string,
  paging: Pick<Paging, 'skip' | 'take'>,
): Promise<{ rows: RoleRow[]; count: number }> {
  const { sql: where, params } = search ? new Where().add(...typedContains('r.name', search)) : new Where();
  const rows: RoleRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${ROLES} r ${where} ORDER BY r.priority ASC, r.name ASC ${limitOffset(paging)}`,
    params,
  );
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${ROLES} r ${where}`, params);
  return { rows, count: n };
}
