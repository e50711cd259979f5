import { AppError } from '@cskh/kit';
import { Handlers, signAccessToken, verifyAccessToken } from '@cskh/kit/server';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { MSG } from '../domain/messages';
import { assertPasswordPolicy } from '../domain/password-policy';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { validateProfile } from '../domain/profile';
import { sessionsEndedByPasswordChange } from '../domain/sessions';
import { ownBrandId } from '../domain/staff';
import { getRoleOf } from '../store/roles';
import { roleRef, userView } from '../store/user-views';
import { forgetSessions, recordSession, sessionsOf } from '../store/sessions';
import { findUser, findUserByUsername, publishUserChanged, updateUser } from '../store/users';

/** SessionService: login, logout, the current session and the personal profile (spec 1 §2.5, §7 Auth). */
export function sessionHandlers(service: AuthContext): Handlers<typeof auth_v1_auth.SessionServiceService> {
  const { ds, config, revocations } = service.deps;

  return {
    async login(req) {
      const username = req.username.trim();
      if (!username || !req.password) throw new AppError('VALIDATION', MSG.loginRequired);
      const user = await findUserByUsername(ds.manager, username);
      const ok = await verifyPassword(req.password, user?.password_hash);
      if (!user || !ok) throw new AppError('UNAUTHORIZED', MSG.wrongCredentials);
      if (user.is_deleted) throw new AppError('UNAUTHORIZED', MSG.locked);
      const view = await userView(ds.manager, user);
      const { token, jti, exp } = signAccessToken(config.JWT_SECRET, config.JWT_TTL_SECONDS, {
        userId: user.id,
        username: user.username,
        fullname: user.fullname,
        roleName: view.role.name,
        priority: view.role.priority,
        brandId: ownBrandId(user, view.role.priority) ?? '',
        permissions: view.codes,
      });
      // On record, so that a password change made in another session can end this one.
      await recordSession(ds.manager, { jti, userId: user.id, exp });
      return {
        access_token: token,
        expires_in: Math.max(0, exp - Math.floor(Date.now() / 1000)),
        user: view.user,
        role: roleRef(view.role),
        permissions: view.codes,
      };
    },

    async logout(req, ctx) {
      const me = ctx.user;
      const ended: string[] = [];
      if (me.jti) {
        await revocations.revokeToken(me.jti, me.exp);
        ended.push(me.jti);
      }
      if (req.accessToken) {
        // Also the token named in the body, when it is a valid token of the same user.
        try {
          const other = verifyAccessToken(config.JWT_SECRET, req.accessToken).identity;
          if (other.userId === me.userId && other.jti) {
            await revocations.revokeToken(other.jti, other.exp);
            ended.push(other.jti);
          }
        } catch {
          /* an expired or foreign token needs no revocation */
        }
      }
      await forgetSessions(ds.manager, ended);
      return { ok: true, msg: MSG.loggedOut };
    },

    async me(_req, ctx) {
      const me = ctx.user;
      const user = await findUser(ds.manager, me.userId);
      if (!user) throw new AppError('UNAUTHORIZED', MSG.sessionGone);
      if (user.is_deleted) throw new AppError('UNAUTHORIZED', MSG.locked);
      const view = await userView(ds.manager, user);
      return {
        access_token: '',
        expires_in: Math.max(0, me.exp - Math.floor(Date.now() / 1000)),
        user: view.user,
        role: roleRef(view.role),
        permissions: view.codes,
      };
    },

    async saveProfile(req, ctx) {
      const me = ctx.user;
      const change = validateProfile(req);
      const user = await findUser(ds.manager, me.userId);
      if (!user) throw new AppError('UNAUTHORIZED', MSG.sessionGone);
      if (user.is_deleted) throw new AppError('UNAUTHORIZED', MSG.locked);
      let password_hash = user.password_hash;
      if (change.newPassword !== null) {
        if (!(await verifyPassword(req.password, user.password_hash))) throw new AppError('VALIDATION', MSG.oldPasswordWrong);
        assertPasswordPolicy(change.newPassword, user.username);
        password_hash = await hashPassword(change.newPassword);
      }
      const saved = await ds.transaction(async (em) => {
        const fresh = await updateUser(em, user.id, {
          fullname: change.fullname,
          email: change.email,
          phone: change.phone,
          password_hash,
          ...(change.avatar !== null ? { avatar: change.avatar } : {}),
        });
        await publishUserChanged(em, fresh, await getRoleOf(em, fresh));
        return userView(em, fresh);
      });
      service.afterCommit();
      // A new password ends every other session of the user (a stolen token dies with the old
      // password); this one goes on. Revoked one by one, so the realtime tier closes their sockets.
      if (change.newPassword !== null) {
        const ended = sessionsEndedByPasswordChange(await sessionsOf(ds.manager, user.id), me.jti, Math.floor(Date.now() / 1000));
        await Promise.all(ended.map((s) => revocations.revokeToken(s.jti, s.exp)));
        await forgetSessions(
          ds.manager,
          ended.map((s) => s.jti),
        );
      }
      return { user: saved.user, msg: MSG.profileSaved };
    },
  };
}
