/**
 * The session's own calls and the types a session carries (user, role, permission codes), from the
 * auth service's proto contract (`@cskh/proto`). They sit here, below the store and common/, because
 * the store's login saga and common/session.ts need them; the rest of the auth service's calls
 * (users, roles, system accounts, invite channels) are the accounts area's (areas/accounts/api.ts).
 */
import type { auth_v1_auth, common_v1_common } from '@cskh/proto';
import type { CallOptions } from './route';
import { SessionService } from './gen/routes';

export type User = auth_v1_auth.User;
export type RoleRef = common_v1_common.RoleRef;
export type PermissionRef = auth_v1_auth.PermissionRef;
export type StaffOption = common_v1_common.StaffOption;
export type LoginReply = auth_v1_auth.LoginReply;
export type SaveProfileRequest = auth_v1_auth.SaveProfileRequest;
export type SaveProfileReply = auth_v1_auth.SaveProfileReply;

export const authApi = {
  login: (username: string, password: string) => SessionService.login({ username, password }, { skipUnauthorizedHandler: true }),
  me: () => SessionService.me(),
  // The call's own token is the session it ends: nothing in the body (a token carries every
  // permission code, far longer than a text field takes).
  logout: (opts?: CallOptions) => SessionService.logout({}, opts),
  saveProfile: (req: Partial<SaveProfileRequest>) => SessionService.saveProfile(req),
};
