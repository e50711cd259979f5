import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { auth_v1_auth } from '@cskh/proto';
import { authConfig } from './config';
import { AuthContext, authContext } from './context';
import { authMigrations } from './migrations';
import { channelHandlers } from './handlers/channels';
import { roleHandlers } from './handlers/roles';
import { sessionHandlers } from './handlers/session';
import { systemAccountHandlers } from './handlers/system-accounts';
import { userHandlers } from './handlers/users';
import { SCHEMA } from './store/schema';
import { seed } from './workers/seed';

const S = auth_v1_auth;

/** The auth service: sessions, staff accounts, roles and permissions, invite channels, system accounts. */
export const authModule: ServiceModule<typeof authConfig.shape, AuthContext> = {
  name: 'auth',
  schema: SCHEMA,
  config: authConfig,
  migrations: authMigrations,
  // user-changed events leave through the outbox; user and role changes are audited.
  features: { outbox: true, audit: true },
  context: authContext,

  services: (_deps, c) => [
    bind(S.SessionServiceService, sessionHandlers(c)),
    bind(S.UserServiceService, userHandlers(c)),
    bind(S.RoleServiceService, roleHandlers(c)),
    bind(S.InviteChannelServiceService, channelHandlers(c)),
    bind(S.SystemAccountServiceService, systemAccountHandlers(c)),
  ],

  async start(deps) {
    await seed(deps.ds, { adminPassword: deps.config.CSKH_ADMIN_PASSWORD, log: deps.log });
    return async () => {};
  },
};
