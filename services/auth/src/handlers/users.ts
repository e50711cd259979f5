import { EntityManager } from 'typeorm';
import { AppError, Identity, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { changedFields, isUniqueViolation, requireId, staffScopeOf } from '@cskh/kit/data';
import { isBranch, isLeader, isManager, PRIORITY } from '@cskh/kit';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import type { AuthContext } from '../context';
import { isUuid, optionalId, outId } from '../domain/guid';
import { MSG } from '../domain/messages';
import { assertPasswordPolicy } from '../domain/password-policy';
import { hashPassword } from '../domain/passwords';
import {
  assertCanActOn,
  assertCanAssignRole,
  assertGrantable,
  assertLockable,
  assertPermissionEditor,
  ownBrandId,
  placeStaff,
  validateNewUser,
  validateResetPassword,
  validateUserEdit,
} from '../domain/staff';
import { assertManagesAccount, assertPlacementInScope, assertSeesAccount } from '../domain/staff-scope';
import { resolvePermissions, setUserPermissions } from '../store/permissions';
import { findRole, getRoleOf, RoleRow } from '../store/roles';
import { userView, userViews } from '../store/user-views';
import {
  activeLeaderIdsOf,
  activeStaff,
  countDependants,
  findUser,
  findUserByUsername,
  getUser,
  insertUser,
  pageUsers,
  publishUserChanged,
  StaffPick,
  StaffRow,
  updateUser,
} from '../store/users';

const staffOption = (r: StaffRow): common_v1_common.StaffOption => ({
  id: r.id,
  username: r.username,
  fullname: r.fullname,
  full_name: r.fullname,
  role: { id: r.role_id, name: r.role_name, priority: r.role_priority },
  brand_id: outId(r.brand_id),
  group_id: outId(r.group_id),
});

/** Active staff of the pick (auth's own accounts, not a read model), ordered by priority then username. */
async function staffOptions(em: EntityManager, pick: StaffPick): Promise<common_v1_common.StaffOptionList> {
  const rows = await activeStaff(em, pick);
  return { values: rows.map(staffOption), count: rows.length };
}

/** Branch and leader of a user with the given role, checked against the database (spec 1 §5). */
async function placement(em: EntityManager, rolePriority: number, brand: string, group: string, self?: string) {
  const brandId = optionalId(brand);
  const groupId = optionalId(group);
  let brandRow: { id: string; priority: number; is_deleted: boolean } | null = null;
  let leaders: string[] = [];
  if (brandId && isUuid(brandId) && brandId !== self) {
    const b = await findUser(em, brandId);
    if (b) {
      brandRow = { id: b.id, priority: (await getRoleOf(em, b)).priority, is_deleted: b.is_deleted };
      leaders = await activeLeaderIdsOf(em, b.id, self);
    }
  }
  return placeStaff({ rolePriority, brandId, groupId, brand: brandRow, leaderIdsOfBrand: leaders });
}

/** The role a create or an edit names. Never defaulted: a blank role is the caller's error. */
async function resolveRole(em: EntityManager, roleId: string): Promise<RoleRow> {
  if (!roleId.trim()) throw new AppError('VALIDATION', MSG.roleRequired);
  const r = await findRole(em, roleId.trim());
  if (!r) throw new AppError('VALIDATION', MSG.roleNotFound);
  return r;
}

/** The caller's own branch id as the database says (a branch is its own brand). */
async function callerBrand(em: EntityManager, me: Identity): Promise<string | null> {
  const u = await findUser(em, me.userId);
  if (!u) return null;
  return ownBrandId(u, (await getRoleOf(em, u)).priority);
}

/** The username of an account id ('' for none). */
async function usernameOf(em: EntityManager, id: string | null): Promise<string> {
  return id ? ((await findUser(em, id))?.username ?? '') : '';
}

/** UserService: staff accounts (spec 1 §2.6, §5, §6, §7 Users and Reference lists). */
export function userHandlers(service: AuthContext): Handlers<typeof auth_v1_auth.UserServiceService> {
  const { ds, config, revocations, audit } = service.deps;
  const USER = 'user';
  const revokeUser = (id: string) => revocations.revokeUser(id, config.JWT_TTL_SECONDS);

  async function setLocked(id: string, me: Identity, locked: boolean | 'toggle'): Promise<auth_v1_auth.User> {
    const { view, nowLocked, changed } = await ds.transaction(async (em) => {
      const target = await getUser(em, id);
      assertManagesAccount(me, target);
      const role = await getRoleOf(em, target);
      assertLockable(me, { id: target.id, priority: role.priority });
      const next = locked === 'toggle' ? !target.is_deleted : locked;
      const changed = next !== target.is_deleted;
      if (changed) {
        await updateUser(em, target.id, { is_deleted: next });
        await audit.record(em, {
          resource: USER,
          id: target.id,
          who: me,
          changes: [{ field: 'locked', from: target.is_deleted, to: next }],
        });
        target.is_deleted = next;
        await publishUserChanged(em, target, role);
      }
      return { view: await userView(em, target), nowLocked: next, changed };
    });
    if (nowLocked) await revokeUser(view.user.id);
    if (changed) service.afterCommit();
    return view.user;
  }

  return {
    async listUsers(req, ctx) {
      const paging = toPaging(req.page, req.count, 20);
      const { rows, count } = await pageUsers(ds.manager, req.username.trim(), paging, staffScopeOf(ctx.user));
      const views = await userViews(ds.manager, rows);
      return { values: views.map((v) => v.user), count };
    },

    async createUser(req, ctx) {
      const me = ctx.user;
      const v = validateNewUser(req);
      assertPasswordPolicy(v.password, v.username);
      const passwordHash = await hashPassword(v.password);
      let created: auth_v1_auth.User;
      try {
        created = await ds.transaction(async (em) => {
          const role = await resolveRole(em, req.role);
          assertCanAssignRole(me.priority, role.priority);
          const place = await placement(em, role.priority, req.brand, req.group);
          assertPlacementInScope(me, place);
          if (await findUserByUsername(em, v.username)) throw new AppError('CONFLICT', MSG.usernameTaken);
          const fresh = await insertUser(em, {
            username: v.username,
            password_hash: passwordHash,
            fullname: v.fullname,
            email: v.email,
            phone: v.phone,
            avatar: '',
            role_id: role.id,
            brand_id: place.brand_id,
            group_id: place.group_id,
            is_deleted: false,
            custom_permissions: false,
          });
          await publishUserChanged(em, fresh, role);
          return (await userView(em, fresh)).user;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('CONFLICT', MSG.usernameTaken);
        throw e;
      }
      service.afterCommit();
      return created;
    },

    async getUser(req, ctx) {
      const u = await getUser(ds.manager, req.id);
      assertSeesAccount(ctx.user, u);
      return (await userView(ds.manager, u)).user;
    },

    async findByUsername(req, ctx) {
      const u = await findUserByUsername(ds.manager, req.username);
      if (!u) throw new AppError('NOT_FOUND', MSG.userNotFound);
      assertSeesAccount(ctx.user, u);
      return (await userView(ds.manager, u)).user;
    },

    async updateUser(req, ctx) {
      const me = ctx.user;
      const v = validateUserEdit(req);
      const { view, revoke } = await ds.transaction(async (em) => {
        const target = await getUser(em, req.id);
        assertManagesAccount(me, target);
        const oldRole = await getRoleOf(em, target);
        assertCanActOn(me.priority, oldRole.priority);
        let role = oldRole;
        if (req.role.trim() && req.role.trim().toLowerCase() !== oldRole.id) {
          role = await resolveRole(em, req.role);
          assertCanAssignRole(me.priority, role.priority);
        }
        const place = await placement(em, role.priority, req.brand, req.group, target.id);
        assertPlacementInScope(me, place, target, target.id === me.userId);
        const moved = role.priority !== oldRole.priority || place.brand_id !== target.brand_id;
        // A branch or leader with staff under it keeps its level and branch, or those staff would dangle.
        if (moved && (isBranch(oldRole.priority) || isLeader(oldRole.priority)) && (await countDependants(em, target.id)) > 0)
          throw new AppError('PRECONDITION', MSG.managesOthers);
        const roleChanged = role.id !== oldRole.id;
        const audited = ['fullname', 'email', 'phone', 'role', 'brand_id', 'group_id'] as const;
        // Branch and leader by username: the trail is read by people, not by the database.
        const before = {
          ...target,
          role: oldRole.name,
          brand_id: await usernameOf(em, target.brand_id),
          group_id: await usernameOf(em, target.group_id),
        };
        const after = {
          fullname: v.fullname,
          email: v.email,
          phone: v.phone,
          role: role.name,
          brand_id: await usernameOf(em, place.brand_id),
          group_id: await usernameOf(em, place.group_id),
        };
        await audit.record(em, { resource: USER, id: target.id, who: me, changes: changedFields(before, after, audited) });
        const fresh = await updateUser(em, target.id, {
          fullname: v.fullname,
          email: v.email,
          phone: v.phone,
          role_id: role.id,
          brand_id: place.brand_id,
          group_id: place.group_id,
        });
        await publishUserChanged(em, fresh, role);
        // The token carries role, priority, branch and permissions: a change there ends the user's sessions.
        return { view: await userView(em, fresh), revoke: roleChanged || place.brand_id !== target.brand_id };
      });
      if (revoke) await revokeUser(view.user.id);
      service.afterCommit();
      return view.user;
    },

    async setUserPermissions(req, ctx) {
      const me = ctx.user;
      const view = await ds.transaction(async (em) => {
        const target = await getUser(em, req.id);
        const role = await getRoleOf(em, target);
        assertPermissionEditor(me.priority, role.priority);
        assertManagesAccount(me, target);
        const perms = await resolvePermissions(em, req.permissions);
        const before = (await userView(em, target)).codes;
        assertGrantable(
          me.priority,
          me.permissions,
          before,
          perms.map((p) => p.code),
        );
        await setUserPermissions(
          em,
          target.id,
          perms.map((p) => p.id),
        );
        await updateUser(em, target.id, { custom_permissions: true });
        const after = perms.map((p) => p.code);
        await audit.record(em, {
          resource: USER,
          id: target.id,
          who: me,
          changes: changedFields({ permissions: [...before].sort() }, { permissions: [...after].sort() }, ['permissions']),
        });
        target.custom_permissions = true;
        return userView(em, target);
      });
      await revokeUser(view.user.id);
      return view.user;
    },

    async toggleLock(req, ctx) {
      return setLocked(req.id, ctx.user, 'toggle');
    },
    async lock(req, ctx) {
      return setLocked(req.id, ctx.user, true);
    },
    async unlock(req, ctx) {
      return setLocked(req.id, ctx.user, false);
    },

    async resetPassword(req, ctx) {
      const me = ctx.user;
      const password = validateResetPassword(req.password, req.rePassword);
      const hash = await hashPassword(password);
      const target = await ds.transaction(async (em) => {
        const t = await getUser(em, req.id);
        assertManagesAccount(me, t);
        assertCanActOn(me.priority, (await getRoleOf(em, t)).priority);
        assertPasswordPolicy(password, t.username);
        await updateUser(em, t.id, { password_hash: hash });
        // Never the password itself: only that it was reset, by whom and when.
        await audit.record(em, {
          resource: USER,
          id: t.id,
          who: me,
          changes: [{ field: 'password', from: '', to: MSG.passwordResetAudit }],
        });
        return t;
      });
      await revokeUser(target.id);
      return { ok: true, msg: MSG.passwordReset };
    },

    async userHistory(req, ctx) {
      const user = await getUser(ds.manager, requireId(req.id, MSG.userNotFound));
      assertSeesAccount(ctx.user, user);
      return audit.history(ds.manager, USER, user.id, req.page, req.count);
    },

    async myBrands(_req, ctx) {
      const me = ctx.user;
      if (isManager(me.priority)) return staffOptions(ds.manager, { priority: PRIORITY.branch });
      const own = await callerBrand(ds.manager, me);
      if (!own) return { values: [], count: 0 };
      return staffOptions(ds.manager, { priority: PRIORITY.branch, id: own });
    },

    async leaders(req, ctx) {
      const brand = optionalId(req.id);
      if (!brand || !isUuid(brand)) return { values: [], count: 0 };
      // A leader places people in their own group only (staff scope): the others' would be refused.
      if (isLeader(ctx.user.priority)) return staffOptions(ds.manager, { priority: PRIORITY.leader, brandId: brand, id: ctx.user.userId });
      return staffOptions(ds.manager, { priority: PRIORITY.leader, brandId: brand });
    },

    async salemen(req) {
      const brand = optionalId(req.brand_id);
      const group = optionalId(req.group_id);
      if ((brand && !isUuid(brand)) || (group && !isUuid(group))) return { values: [], count: 0 };
      return staffOptions(ds.manager, { priority: PRIORITY.sales, brandId: brand, groupId: group });
    },

    async findAllNoLimit() {
      return staffOptions(ds.manager, {});
    },
    async findAllBranchNoLimit() {
      return staffOptions(ds.manager, { priority: PRIORITY.branch });
    },
    async findAllLeaderNoLimit() {
      return staffOptions(ds.manager, { priority: PRIORITY.leader });
    },
    async findAllSaleNoLimit() {
      return staffOptions(ds.manager, { priority: PRIORITY.sales });
    },
  };
}
