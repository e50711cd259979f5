import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppError, addToOutbox, USER_CHANGED_TOPIC, vnDateTime } from '@cskh/kit';
import { auth_v1_auth, common_v1_common, events_v1_events } from '@cskh/proto';
import {
  PermissionEntity,
  PermissionRow,
  RoleEntity,
  RoleRow,
  UserEntity,
  UserRow,
} from './entities';
import { effectivePermissions } from './domain/staff';
import { isUuid, outId } from './domain/guid';
import { MSG } from './domain/messages';

/** Data access shared by the handlers (plain functions over an EntityManager). */

export const SCHEMA = 'auth';
export { USER_CHANGED_TOPIC };


export const roleRef = (r: Pick<RoleRow, 'id' | 'name' | 'priority'>): common_v1_common.RoleRef => ({
  id: r.id,
  name: r.name,
  priority: r.priority,
});

export const permissionRef = (p: PermissionRow): auth_v1_auth.PermissionRef => ({
  id: p.id,
  code: p.code,
  name: p.name,
  category: p.category,
});

export async function findUser(em: EntityManager, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  return em.getRepository(UserEntity).findOneBy({ id: id.toLowerCase() });
}

export async function getUser(em: EntityManager, id: string): Promise<UserRow> {
  const u = await findUser(em, id);
  if (!u) throw new AppError('NOT_FOUND', MSG.userNotFound);
  return u;
}

export async function findUserByUsername(em: EntityManager, username: string): Promise<UserRow | null> {
  const name = username.trim();
  if (!name) return null;
  return em.getRepository(UserEntity).createQueryBuilder('u').where('lower(u.username) = lower(:name)', { name }).getOne();
}

export async function findRole(em: EntityManager, id: string): Promise<RoleRow | null> {
  if (!isUuid(id)) return null;
  return em.getRepository(RoleEntity).findOneBy({ id: id.toLowerCase() });
}

export async function getRoleOf(em: EntityManager, u: UserRow): Promise<RoleRow> {
  const r = await em.getRepository(RoleEntity).findOneBy({ id: u.role_id });
  if (!r) throw new AppError('INTERNAL');
  return r;
}

/** Permissions granted through a link table (role_permissions or user_permissions), by owner id, in catalogue order. */
async function linkedPermissions(
  em: EntityManager,
  link: { table: 'role_permissions' | 'user_permissions'; owner: 'role_id' | 'user_id' },
  ids: string[],
): Promise<Map<string, PermissionRow[]>> {
  const out = new Map<string, PermissionRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows: Array<PermissionRow & { owner: string }> = await em.query(
    `SELECT l.${link.owner} AS owner, p.id, p.code, p.name, p.category, p.sort_order
       FROM ${SCHEMA}.${link.table} l JOIN ${SCHEMA}.permissions p ON p.id = l.permission_id
      WHERE l.${link.owner} = ANY($1) ORDER BY p.sort_order, p.code`,
    [ids],
  );
  for (const r of rows) out.get(r.owner)?.push(r);
  return out;
}

/** Permissions of roles, by role id. */
export const rolePermissions = (em: EntityManager, roleIds: string[]) =>
  linkedPermissions(em, { table: 'role_permissions', owner: 'role_id' }, roleIds);

/** Own (per-user) permissions, by user id. */
export const userPermissions = (em: EntityManager, userIds: string[]) =>
  linkedPermissions(em, { table: 'user_permissions', owner: 'user_id' }, userIds);

export interface UserView {
  user: auth_v1_auth.User;
  role: RoleRow;
  codes: string[];
}

/** Users as the API shows them: role, branch/leader (all-zero GUID when empty), effective permissions. */
export async function userViews(em: EntityManager, users: UserRow[]): Promise<UserView[]> {
  const roleIds = [...new Set(users.map((u) => u.role_id))];
  const roles = new Map(
    (roleIds.length ? await em.getRepository(RoleEntity).createQueryBuilder('r').whereInIds(roleIds).getMany() : []).map((r) => [r.id, r]),
  );
  const byRole = await rolePermissions(em, roleIds);
  const own = await userPermissions(em, users.filter((u) => u.custom_permissions).map((u) => u.id));
  return users.map((u) => {
    const role = roles.get(u.role_id);
    if (!role) throw new AppError('INTERNAL');
    const perms = effectivePermissions(u.custom_permissions, own.get(u.id) ?? [], byRole.get(role.id) ?? []);
    return {
      role,
      codes: perms.map((p) => p.code),
      user: {
        id: u.id,
        username: u.username,
        fullname: u.fullname,
        full_name: u.fullname,
        email: u.email,
        phone: u.phone,
        avatar: u.avatar,
        role: roleRef(role),
        role_id: role.id,
        role_name: role.name,
        role_priority: role.priority,
        brand_id: outId(u.brand_id),
        group_id: outId(u.group_id),
        is_deleted: u.is_deleted,
        permissions: perms.map(permissionRef),
        has_custom_permissions: u.custom_permissions,
        created_at: vnDateTime(u.created_at),
      },
    };
  });
}

export async function userView(em: EntityManager, u: UserRow): Promise<UserView> {
  return (await userViews(em, [u]))[0];
}

/** Writes cskh.auth.user-changed to the outbox, in the caller's transaction. */
export async function publishUserChanged(em: EntityManager, u: UserRow, role: Pick<RoleRow, 'id' | 'name' | 'priority'>) {
  const payload = events_v1_events.UserChanged.encode({
    event_id: randomUUID(),
    user_id: u.id,
    username: u.username,
    fullname: u.fullname,
    role_id: role.id,
    role_name: role.name,
    role_priority: role.priority,
    brand_id: outId(u.brand_id),
    group_id: outId(u.group_id),
    is_deleted: u.is_deleted,
    // Locking is how staff are deleted here (spec 1 §2.6: the delete action toggles the lock).
    is_locked: u.is_deleted,
    changed_at: new Date().toISOString(),
  }).finish();
  await addToOutbox(em, SCHEMA, USER_CHANGED_TOPIC, u.id, payload);
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
  const rows = await em
    .getRepository(PermissionEntity)
    .createQueryBuilder('p')
    .where('p.id = ANY(:ids) OR p.code = ANY(:codes)', { ids: [...ids], codes: [...codes] })
    .orderBy('p.sort_order')
    .getMany();
  const foundIds = new Set(rows.map((r) => r.id));
  const foundCodes = new Set(rows.map((r) => r.code));
  if ([...ids].some((i) => !foundIds.has(i)) || [...codes].some((c) => !foundCodes.has(c)))
    throw new AppError('VALIDATION', MSG.permissionUnknown);
  return rows;
}
