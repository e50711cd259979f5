import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { care_v1_care } from '@cskh/proto';
import { startBlacklistConsumer } from './workers/blacklist-consumer';
import { careConfig } from './config';
import { CareContext, careContext } from './context';
import { careMigrations } from './migrations';
import { careHandlers } from './handlers/care';
import { divisionHandlers } from './handlers/division';
import { historyHandlers } from './handlers/history';
import { inviteHandlers } from './handlers/invite';
import { nextDayHandlers } from './handlers/next-day';
import { rateHandlers } from './handlers/rate';
import { uploadHandlers } from './handlers/uploads';
import { SCHEMA } from './store/schema';

/** The care service: customer uploads and division, new-customer care, care history, busy-signal rate, package invitations. */
export const careModule: ServiceModule<typeof careConfig.shape, CareContext> = {
  name: 'care',
  schema: SCHEMA,
  config: careConfig,
  migrations: careMigrations,
  // Care results, registrations and their realtime notices leave through the outbox; history edits and deletions are audited; division and
  // the history's scope read the staff read model.
  features: { outbox: true, staff: true, audit: true },
  context: careContext,
  // Beside the server: the blacklist read model's consumer; the auth and dataops clients close with it.
  start: async (deps, c) => {
    const blacklist = await startBlacklistConsumer(deps);
    return async () => {
      await blacklist.stop();
      c.channels.close?.();
      c.split.close?.();
    };
  },

  services: (_deps, c) => [
    bind(care_v1_care.CareServiceService, {
      ...uploadHandlers(c),
      ...divisionHandlers(c),
      ...careHandlers(c),
      ...historyHandlers(c),
      ...rateHandlers(c),
      ...inviteHandlers(c),
      ...nextDayHandlers(c),
    }),
  ],
};
