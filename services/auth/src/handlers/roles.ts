import { EntityManager } from 'typeorm';
import { AppError, changedFields, Handlers, isUniqueViolation, likeContains, requireId, toPaging } from '@cskh/kit';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { PermissionEntity, RoleEntity, RolePermissionEntity, RoleRow, UserEntity } from '../entities';
import { MSG } from '../domain/messages';
import { assertPriorityChangeable, assertRoleDeletable, assertRoleEditable, validateRole } from '../domain/roles';
import { assertGrantable } from '../domain/staff';
import {
  SCHEMA,
  findRole,
  permissionRef,
  publishUserChanged,
  resolvePermissions,
  rolePermissions,
} from '../store';

async function roleViews(em: EntityManager, roles: RoleRow[]): Promise<auth_v1_auth.Role[]> {
  const ids = roles.map((r) => r.id);
  const perms = await rolePermissions(em, ids);
  const counts = new Map<string, number>();
  if (ids.length) {
    const rows: Array<{ role_id: string; n: number }> = await em.query(
      `SELECT role_id, count(*)::int AS n FROM ${SCHEMA}.users WHERE role_id = ANY($1) GROUP BY role_id`,
      [ids],
    );
    for (const r of rows) counts.set(r.role_id, r.n);
  }
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

async function nameTaken(em: EntityManager, name: string, exceptId?: string): Promise<boolean> {
  const qb = em.getRepository(RoleEntity).createQueryBuilder('r').where('lower(r.name) = lower(:name)', { name });
  if (exceptId) qb.andWhere('r.id <> :id', { id: exceptId });
  return (await qb.getCount()) > 0;
}

/** RoleService: roles with their permission sets and the permission catalogue (spec 1 §2.7, §7). */
const ROLE = 'role';

export function roleHandlers(c: AuthContext): Handlers<typeof auth_v1_auth.RoleServiceService> {
  const { ds, config, revocations } = c.deps;

  async function writePermissions(em: EntityManager, roleId: string, permissionIds: string[]) {
    const rp = em.getRepository(RolePermissionEntity);
    await rp.delete({ role_id: roleId });
    if (permissionIds.length) await rp.insert(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })));
  }

  return {
    async listRoles(req) {
      const paging = toPaging(req.page, req.count, 10);
      const qb = ds.getRepository(RoleEntity).createQueryBuilder('r').orderBy('r.priority', 'ASC').addOrderBy('r.name', 'ASC');
      const name = req.name.trim();
      if (name) qb.where('r.name ILIKE :q', { q: likeContains(name) });
      qb.offset(paging.skip);
      if (paging.take !== undefined) qb.limit(paging.take);
      const [rows, count] = await qb.getManyAndCount();
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
          const perms = await resolvePermissions(em, req.permissions.map((id) => ({ id })));
          assertGrantable(me.priority, me.permissions, [], perms.map((p) => p.code));
          if (await nameTaken(em, v.name)) throw new AppError('CONFLICT', MSG.roleNameTaken);
          const repo = em.getRepository(RoleEntity);
          const role = await repo.save(repo.create({ name: v.name, priority: v.priority }));
          await writePermissions(em, role.id, perms.map((p) => p.id));
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
          const perms = await resolvePermissions(em, req.permissions.map((id) => ({ id })));
          const before = ((await rolePermissions(em, [role.id])).get(role.id) ?? []).map((p) => p.code);
          const after = perms.map((p) => p.code);
          assertGrantable(me.priority, me.permissions, before, after);
          if (await nameTaken(em, v.name, role.id)) throw new AppError('CONFLICT', MSG.roleNameTaken);
          const holders = await em.getRepository(UserEntity).findBy({ role_id: role.id });
          assertPriorityChangeable(role.priority, v.priority, holders.length);
          const permsChanged = before.length !== after.length || after.some((code) => !before.includes(code));
          await em.getRepository(RoleEntity).update({ id: role.id }, { name: v.name, priority: v.priority });
          await c.deps.audit.record(em, {
            resource: ROLE,
            id: role.id,
            who: me,
            changes: changedFields(
              { name: role.name, priority: role.priority, permissions: [...before].sort() },
              { name: v.name, priority: v.priority, permissions: [...after].sort() },
              ['name', 'priority', 'permissions'],
            ),
          });
          await writePermissions(em, role.id, perms.map((p) => p.id));
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
      c.afterCommit();
      return view;
    },

    async roleHistory(req) {
      const role = await getRole(ds.manager, requireId(req.id, MSG.roleNotFound));
      return c.deps.audit.history(ds.manager, ROLE, role.id, req.page, req.count);
    },

    async deleteRole(req, ctx) {
      const me = ctx.user;
      try {
        await ds.transaction(async (em) => {
          const role = await getRole(em, req.id);
          assertRoleEditable(me.priority, role.priority);
          assertRoleDeletable(await em.getRepository(UserEntity).countBy({ role_id: role.id }));
          await em.getRepository(RoleEntity).delete({ id: role.id });
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
      const qb = ds.getRepository(PermissionEntity).createQueryBuilder('p').orderBy('p.sort_order', 'ASC').addOrderBy('p.code', 'ASC');
      const name = req.name.trim();
      if (name) qb.where('(p.name ILIKE :q OR p.code ILIKE :q OR p.category ILIKE :q)', { q: likeContains(name) });
      qb.offset(paging.skip);
      if (paging.take !== undefined) qb.limit(paging.take);
      const [rows, count] = await qb.getManyAndCount();
      return { values: rows.map(permissionRef), count };
    },
  };
}
