import type { ServiceDeps } from '@cskh/kit/service';
import type { PayrollConfig } from './config';
import { Recalculator } from './workers/recalculator';

/** What the payroll handlers share, built once per running service (module.context). */
export interface PayrollContext {
  deps: ServiceDeps<PayrollConfig>;
  recalc: Recalculator;
}

export const payrollContext = (deps: ServiceDeps<PayrollConfig>): PayrollContext => ({ deps, recalc: new Recalculator(deps) });
