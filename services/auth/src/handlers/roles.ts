import { EntityManager } from 'typeorm';
import { AppError, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { changedFields, isUniqueViolation, requireId } from '@cskh/kit/data';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { MSG } from '../domain/messages';
import { assertPriorityChangeable, assertRoleDeletable, assertRoleEditable, validateRole } from '../domain/roles';
import { assertGrantable } from '../domain/staff';
import { pagePermissions, resolvePermissions, rolePermissions, setRolePermissions } from '../store/permissions';
import { deleteRole, findRole, insertRole, pageRoles, RoleRow, roleNameTaken, updateRole, userCountsByRole } from '../store/roles';
import { permissionRef } from '../store/user-views';
import { countUsersWithRole, publishUserChanged, usersWithRole } from '../store/users';

async function roleViews(em: EntityManager, roles: RoleRow[]): Promise<auth_v1_auth.Role[]> {
  const ids = roles.map((r) => r.id);
  const perms = await rolePermissions(em, ids);
  const counts = await userCountsByRole(em, ids);
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    priority: r.priority,
    permissions: (perms.get(r.id) ?? []).map((p) => p.id),
    user_count: counts.get(r.id) ?? 0,
  }));
}

async function getRole(em: EntityManager, id: string): Promise<RoleRow> {
  const r = await findRole(em, id);
  if (!r) throw new AppError('NOT_FOUND', MSG.roleNotFound);
  return r;
}

/** RoleService: roles with their permission sets and the permission catalogue (spec 1 §2.7, §7). */
const ROLE = 'role';

export function roleHandlers(service: AuthContext): Handlers<typeof auth_v1_auth.RoleServiceService> {
  const { ds, config, revocations } = service.deps;

  return {
    async listRoles(req) {
      const paging = toPaging(req.page, req.count, 10);
      const { rows, count } = await pageRoles(ds.manager, req.name.trim(), paging);
      return { values: await roleViews(ds.manager, rows), count };
    },

    async getRole(req) {
      return (await roleViews(ds.manager, [await getRole(ds.manager, req.id)]))[0];
    },

    async createRole(req, ctx) {
      const me = ctx.user;
      const v = validateRole(req);
      assertRoleEditable(me.priority, v.priority);
      try {
        return await ds.transaction(async (em) => {
          const perms = await resolvePermissions(
            em,
            req.permissions.map((id) => ({ id })),
          );
          assertGrantable(
            me.priority,
            me.permissions,
            [],
            perms.map((p) => p.code),
          );
          if (await roleNameTaken(em, v.name)) throw new AppError('CONFLICT', MSG.roleNameTaken);
          const role = await insertRole(em, { name: v.name, priority: v.priority });
          await setRolePermissions(
            em,
            role.id,
            perms.map((p) => p.id),
          );
          return (await roleViews(em, [role]))[0];
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('CONFLICT', MSG.roleNameTaken);
        throw e;
      }
    },

    async updateRole(req, ctx) {
      const me = ctx.user;
      const v = validateRole(req);
      let revokeIds: string[] = [];
      let view: auth_v1_auth.Role;
      try {
        view = await ds.transaction(async (em) => {
          const role = await getRole(em, req.id);
          assertRoleEditable(me.priority, role.priority);
          assertRoleEditable(me.priority, v.priority);
          const perms = await resolvePermissions(
            em,
            req.permissions.map((id) => ({ id })),
          );
          const before = ((await rolePermissions(em, [role.id])).get(role.id) ?? []).map((p) => p.code);
          const after = perms.map((p) => p.code);
          assertGrantable(me.priority, me.permissions, before, after);
          if (await roleNameTaken(em, v.name, role.id)) throw new AppError('CONFLICT', MSG.roleNameTaken);
          const holders = await usersWithRole(em, role.id);
          assertPriorityChangeable(role.priority, v.priority, holders.length);
          const permsChanged = before.length !== after.length || after.some((code) => !before.includes(code));
          await updateRole(em, role.id, { name: v.name, priority: v.priority });
          await service.deps.audit.record(em, {
            resource: ROLE,
            id: role.id,
            who: me,
            changes: changedFields(
              { name: role.name, priority: role.priority, permissions: [...before].sort() },
              { name: v.name, priority: v.priority, permissions: [...after].sort() },
              ['name', 'priority', 'permissions'],
            ),
          });
          await setRolePermissions(
            em,
            role.id,
            perms.map((p) => p.id),
          );
          const updated = { ...role, name: v.name, priority: v.priority };
          // Read models of other services follow the role's name.
          if (v.name !== role.name) for (const u of holders) await publishUserChanged(em, u, updated);
          // Tokens carry the permissions: holders without an own set sign in again to get the new ones.
          if (permsChanged) revokeIds = holders.filter((u) => !u.custom_permissions).map((u) => u.id);
          return (await roleViews(em, [updated]))[0];
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('CONFLICT', MSG.roleNameTaken);
        throw e;
      }
      for (const id of revokeIds) await revocations.revokeUser(id, config.JWT_TTL_SECONDS);
      service.afterCommit();
      return view;
    },

    async roleHistory(req) {
      const role = await getRole(ds.manager, requireId(req.id, MSG.roleNotFound));
      return service.deps.audit.history(ds.manager, ROLE, role.id, req.page, req.count);
    },

    async deleteRole(req, ctx) {
      const me = ctx.user;
      try {
        await ds.transaction(async (em) => {
          const role = await getRole(em, req.id);
          assertRoleEditable(me.priority, role.priority);
          assertRoleDeletable(await countUsersWithRole(em, role.id));
          await deleteRole(em, role.id);
        });
      } catch (e) {
        // A user given the role meanwhile: the foreign key refuses the delete.
        if ((e as { driverError?: { code?: string } }).driverError?.code === '23503') assertRoleDeletable(1);
        throw e;
      }
      return { ok: true, msg: MSG.roleDeleted };
    },

    async listPermissions(req) {
      const paging = toPaging(req.page, req.count, 20);
      const { rows, count } = await pagePermissions(ds.manager, req.name.trim(), paging);
      return { values: rows.map(permissionRef), count };
    },
  };
}
