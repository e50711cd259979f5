import type { EntityManager } from 'typeorm';
import { AppError, vnDateTime } from '@cskh/kit';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import { outId } from '../domain/guid';
import { effectivePermissions } from '../domain/staff';
import { PermissionRow, rolePermissions, userPermissions } from './permissions';
import { RoleRow, rolesByIds } from './roles';
import type { UserRow } from './users';

/** Stored users, roles and permissions in the shapes the API answers (with what they read to get there). */

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

export interface UserView {
  user: auth_v1_auth.User;
  role: RoleRow;
  codes: string[];
}

/** Users as the API shows them: role, branch/leader (all-zero GUID when empty), effective permissions. */
export async function userViews(em: EntityManager, users: UserRow[]): Promise<UserView[]> {
  const roleIds = [...new Set(users.map((u) => u.role_id))];
  const roles = new Map((await rolesByIds(em, roleIds)).map((r) => [r.id, r]));
  const byRole = await rolePermissions(em, roleIds);
  const own = await userPermissions(
    em,
    users.filter((u) => u.custom_permissions).map((u) => u.id),
  );
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
