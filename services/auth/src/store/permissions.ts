import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { typedContains, Where } from '@cskh/kit/data';
import { isUuid } from '../domain/guid';
import { MSG } from '../domain/messages';
import { limitOffset, PERMISSIONS, ROLE_PERMISSIONS, USER_PERMISSIONS } from './schema';

/** One permission code of the catalogue (seeded; not editable through the API). */
export interface PermissionRow {
  id: string;
  code: string;
  name: string;
  category: string;
  sort_order: number;
}

const COLUMNS = 'p.id, p.code, p.name, p.category, p.sort_order';

/** Permissions granted through a link table (role_permissions or user_permissions), by owner id, in catalogue order. */
async function linkedPermissions(
  em: EntityManager,
  link: { table: string; owner: 'role_id' | 'user_id' },
  ids: string[],
): Promise<Map<string, PermissionRow[]>> {
  const out = new Map<string, PermissionRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows: Array<PermissionRow & { owner: string }> = await em.query(
    `SELECT l.${link.owner} AS owner, ${COLUMNS}
       FROM ${link.table} l JOIN ${PERMISSIONS} p ON p.id = l.permission_id
      WHERE l.${link.owner} = ANY($1) ORDER BY p.sort_order, p.code`,
    [ids],
  );
  for (const r of rows) out.get(r.owner)?.push(r);
  return out;
}

/** Permissions of roles, by role id. */
export const rolePermissions = (em: EntityManager, roleIds: string[]) =>
  linkedPermissions(em, { table: ROLE_PERMISSIONS, owner: 'role_id' }, roleIds);

/** Own (per-user) permissions, by user id. */
export const userPermissions = (em: EntityManager, userIds: string[]) =>
  linkedPermissions(em, { table: USER_PERMISSIONS, owner: 'user_id' }, userIds);

/** Replaces a role's permission set. */
export async function setRolePermissions(em: EntityManager, roleId: string, permissionIds: string[]): Promise<void> {
  await em.query(`DELETE FROM ${ROLE_PERMISSIONS} WHERE role_id = $1`, [roleId]);
  if (permissionIds.length)
    await em.query(`INSERT INTO ${ROLE_PERMISSIONS} (role_id, permission_id) SELECT $1, unnest($2::uuid[])`, [roleId, permissionIds]);
}

/** Replaces a user's own permission set (the per-user editor). */
export async function setUserPermissions(em: EntityManager, userId: string, permissionIds: string[]): Promise<void> {
  await em.query(`DELETE FROM ${USER_PERMISSIONS} WHERE user_id = $1`, [userId]);
  if (permissionIds.length)
    await em.query(`INSERT INTO ${USER_PERMISSIONS} (user_id, permission_id) SELECT $1, unnest($2::uuid[])`, [userId, permissionIds]);
}

/** Catalogue rows for the given ids or codes; unknown ones are refused. */
export async function resolvePermissions(em: EntityManager, refs: Array<{ id?: string; code?: string }>): Promise<PermissionRow[]> {
  const ids = new Set<string>();
  const codes = new Set<string>();
  for (const r of refs) {
    const id = (r.id ?? '').trim();
    const code = (r.code ?? '').trim();
    if (id) {
      if (!isUuid(id)) throw new AppError('VALIDATION', MSG.permissionUnknown);
      ids.add(id.toLowerCase());
    } else if (code) codes.add(code);
    else throw new AppError('VALIDATION', MSG.permissionUnknown);
  }
  if (ids.size === 0 && codes.size === 0) return [];
  const rows: PermissionRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${PERMISSIONS} p WHERE p.id = ANY($1::uuid[]) OR p.code = ANY($2::text[]) ORDER BY p.sort_order`,
    [[...ids], [...codes]],
  );
  const foundIds = new Set(rows.map((r) => r.id));
  const foundCodes = new Set(rows.map((r) => r.code));
  if ([...ids].some((i) => !foundIds.has(i)) || [...codes].some((c) => !foundCodes.has(c)))
    throw new AppError('VALIDATION', MSG.permissionUnknown);
  return rows;
}

/** A page of the catalogue in its order, searched by name, code or category as staff type them, with the count of the search. */
export async function pagePermissions(
  em: EntityManager,
  search: string,
  paging: Pick<Paging, 'skip' | 'take'>,
): Promise<{ rows: PermissionRow[]; count: number }> {
  const { sql: where, params } = search ? new Where().add(...typedContains(['p.name', 'p.code', 'p.category'], search)) : new Where();
  const rows: PermissionRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${PERMISSIONS} p ${where} ORDER BY p.sort_order ASC, p.code ASC ${limitOffset(paging)}`,
    params,
  );
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${PERMISSIONS} p ${where}`, params);
  return { rows, count: n };
}
