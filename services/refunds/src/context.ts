import type { ServiceDeps } from '@cskh/kit';
import type { RefundsConfig } from './config';
import { GATEWAY, GATEWAY_1 } from './domain/settings';

/** What the refunds handlers share, built once per running service (module.context). */
export interface RefundsContext {
  deps: ServiceDeps<RefundsConfig>;
  /** Base URL of each card gateway that has one (the channels that may be chosen). */
  gateways: ReadonlyMap<string, string>;
}

export function refundsContext(deps: ServiceDeps<RefundsConfig>): RefundsContext {
  const gateways = new Map<string, string>();
  if (deps.config.PARTNER_CONG_NAP_THE_URL) gateways.set(GATEWAY, deps.config.PARTNER_CONG_NAP_THE_URL);
  if (deps.config.PARTNER_CONG_NAP_THE_1_URL) gateways.set(GATEWAY_1, deps.config.PARTNER_CONG_NAP_THE_1_URL);
  return { deps, gateways };
}
