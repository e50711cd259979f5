import type { ServiceDeps } from '@cskh/kit';
import type { CareConfig } from './config';
import { Blacklist, noBlacklist } from './domain/blacklist';

/** What the care handlers share, built once per running service (module.context). */
export interface CareContext {
  deps: ServiceDeps<CareConfig>;
  /** Numbers refused for care (dataops' blacklist once it is published; none until then). */
  blacklist: Blacklist;
  /** The clock (tests move it; "today" for appointments and periods). */
  now: () => Date;
}

export const careContext = (deps: ServiceDeps<CareConfig>): CareContext => ({ deps, blacklist: noBlacklist, now: () => new Date() });
