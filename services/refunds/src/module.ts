import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { refunds_v1_refunds } from '@cskh/proto';
import { refundsConfig } from './config';
import { RefundsContext, refundsContext } from './context';
import { priceHandlers } from './handlers/prices';
import { reportHandlers } from './handlers/report';
import { requestAssignHandlers } from './handlers/request-assign';
import { requestEditHandlers } from './handlers/request-edits';
import { requestImportHandlers } from './handlers/request-import';
import { requestHandlers } from './handlers/requests';
import { settingHandlers } from './handlers/settings';
import { refundsMigrations } from './migrations';
import { SCHEMA } from './store/schema';
import { consumeBankTransfers } from './workers/bank-transfers';

/** The refunds service: settings, refund price list, refund and discount top-up requests, the refund report. */
export const refundsModule: ServiceModule<typeof refundsConfig.shape, RefundsContext> = {
  name: 'refunds',
  schema: SCHEMA,
  config: refundsConfig,
  migrations: refundsMigrations,
  // Settings and prices are audited; requests leave events through the outbox; staff names and
  // subtrees come from the staff read model; approved bank transfers settle discount top-ups.
  features: { outbox: true, staff: true, audit: true },
  context: refundsContext,
  services: (_deps, c) => [
    bind(refunds_v1_refunds.RefundsServiceService, {
      ...settingHandlers(c),
      ...priceHandlers(c),
      ...requestHandlers(c),
      ...requestEditHandlers(c),
      ...requestAssignHandlers(c),
      ...requestImportHandlers(c),
      ...reportHandlers(c),
    }),
  ],
  start: (_deps, c) => consumeBankTransfers(c),
};
