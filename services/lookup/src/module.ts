import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { lookup_v1_lookup } from '@cskh/proto';
import { lookupConfig } from './config';
import { lookupContext, LookupContext } from './context';
import { lookupMigrations } from './migrations';
import { SCHEMA } from './store/schema';
import { lookupHandlers } from './handlers/lookup';
import { lookupLogHandlers } from './handlers/lookup-log';
import { startSocketLookups } from './workers/socket-lookups';

export const lookupModule: ServiceModule<typeof lookupConfig.shape, LookupContext> = {
  name: 'lookup',
  schema: SCHEMA,
  config: lookupConfig,
  migrations: lookupMigrations,
  // Staff names on 9084 rows come from the kit's staff read model (cskh.auth.user-changed).
  features: { staff: true },
  context: lookupContext,

  services: (deps, { engine, regs }) => [
    bind(lookup_v1_lookup.LookupServiceService, lookupHandlers(engine, regs)),
    bind(lookup_v1_lookup.LookupLogServiceService, lookupLogHandlers(deps.ds, deps.staff)),
  ],

  async start(deps, { engine, logs, creds, carrier }) {
    // The carrier credentials before the first lookup (the gRPC server starts after this): a pod
    // that a rolling update starts, while auth's pods roll too, does not hold its first lookups
    // on auth's answer. Without them now, the first lookup asks again.
    await creds.get().catch(() => undefined);
    const requests = await startSocketLookups(deps, engine);
    return async () => {
      await requests.stop();
      await logs.close();
      creds.close();
      carrier.close();
    };
  },
};
