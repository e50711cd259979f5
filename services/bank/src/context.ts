import type { ServiceDeps } from '@cskh/kit/service';
import type { BankConfig } from './config';

/** What the bank handlers share, built once per running service (module.context). */
export interface BankContext {
  deps: ServiceDeps<BankConfig>;
}

export const bankContext = (deps: ServiceDeps<BankConfig>): BankContext => ({ deps });
