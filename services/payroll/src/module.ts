import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { payroll_v1_payroll } from '@cskh/proto';
import { payrollConfig } from './config';
import { startRevenueConsumer } from './workers/revenue-consumer';
import { PayrollContext, payrollContext } from './context';
import { payrollHandlers } from './handlers/payroll';
import { reportHandlers } from './handlers/reports';
import { revenueHandlers } from './handlers/revenue';
import { payrollMigrations } from './migrations';
import { SCHEMA } from './store/schema';

/**
 * The payroll service: the revenue records (from care, orders and refunds events, plus historical
 * imports), the five revenue reports, and the monthly payroll the server computes.
 */
export const payrollModule: ServiceModule<typeof payrollConfig.shape, PayrollContext> = {
  name: 'payroll',
  schema: SCHEMA,
  config: payrollConfig,
  migrations: payrollMigrations,
  // Staff read model for names, pickers and the subtree rule; audit for reassignments and sheet edits.
  features: { staff: true, audit: true },
  context: payrollContext,

  services: (_deps, c) => [
    bind(payroll_v1_payroll.PayrollServiceService, { ...reportHandlers(c), ...revenueHandlers(c), ...payrollHandlers(c) }),
  ],

  async start(deps, c) {
    const sub = await startRevenueConsumer(deps, c.recalc, deps.config.REVENUE_CONSUMER_GROUP);
    c.recalc.start();
    return async () => {
      await sub.stop();
      await c.recalc.stop();
    };
  },
};
