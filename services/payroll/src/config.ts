import { defineConfig, env, serviceShape } from '@cskh/kit';
import { z } from 'zod';

/**
 * Payroll service configuration: what every service reads, plus the recalculation worker's pace.
 * The payroll formulas' parameters are settings in the database (PUT /api/v1/tinhluong/caiDat), not
 * configuration: accountants change them, not operators.
 */
export const payrollConfig = defineConfig('payroll', {
  ...serviceShape,
  /** How often the recalculation worker looks for rows marked 'Đang tính toán...' (it is also nudged). */
  PAYROLL_WORKER_INTERVAL_MS: env.int(1000),
  /**
   * How long after a change its rows fall due for recalculation (default 0): a larger value lets a
   * multi-chunk import or a burst of events recalculate each row once.
   */
  PAYROLL_RECALC_DELAY_MS: env.int(0),
  /**
   * Consumer group of the revenue read model. Rebuilding it = empty tables + a new group: the
   * consumer reads the three topics from the beginning (a replay gives the same reports).
   */
  REVENUE_CONSUMER_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('cskh-payroll-revenue'),
});

export type PayrollConfig = ReturnType<typeof payrollConfig.load>;
