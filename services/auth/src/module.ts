import { adapt, OutboxRelay, ServiceModule } from '@cskh/kit';
import { auth_v1_auth } from '@cskh/proto';
import { authConfig } from './config';
import { authContext } from './context';
import { authEntities } from './entities';
import { authMigrations } from './migrations';
import { seed } from './seed';
import { channelHandlers } from './handlers/channels';
import { roleHandlers } from './handlers/roles';
import { sessionHandlers } from './handlers/session';
import { systemAccountHandlers } from './handlers/system-accounts';
import { userHandlers } from './handlers/users';
import { SCHEMA } from './store';

/** The auth service: sessions, staff accounts, roles and permissions, invite channels, system accounts. */
export const authModule: ServiceModule<typeof authConfig.shape> = {
  name: 'auth',
  schema: SCHEMA,
  config: authConfig,
  entities: authEntities,
  migrations: authMigrations,

  services(deps) {
    const c = authContext(deps);
    const S = auth_v1_auth;
    return [
      [S.SessionServiceService, adapt(S.SessionServiceService, sessionHandlers(c), deps.log)],
      [S.UserServiceService, adapt(S.UserServiceService, userHandlers(c), deps.log)],
      [S.RoleServiceService, adapt(S.RoleServiceService, roleHandlers(c), deps.log)],
      [S.InviteChannelServiceService, adapt(S.InviteChannelServiceService, channelHandlers(c), deps.log)],
      [S.SystemAccountServiceService, adapt(S.SystemAccountServiceService, systemAccountHandlers(c), deps.log)],
    ];
  },

  async start(deps) {
    const c = authContext(deps);
    await seed(deps.ds, { adminPassword: deps.config.CSKH_ADMIN_PASSWORD, log: deps.log });
    const relay = new OutboxRelay(deps.ds, SCHEMA, deps.bus, deps.log);
    c.relay = relay;
    relay.start();
    return async () => {
      c.relay = undefined;
      await relay.stop();
    };
  },
};
