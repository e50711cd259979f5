import type { ServiceDeps } from '@cskh/kit/service';
import type { RefundsConfig } from './config';
import { CHANNELS, NO_API } from './domain/settings';
import { gatewayEndpoint, PartnerEndpoint } from './clients/partner';

/** What the refunds handlers share, built once per running service (module.context). */
export interface RefundsContext {
  deps: ServiceDeps<RefundsConfig>;
  /** The card gateways that can be reached (the channels that may be chosen besides khong_qua_api). */
  gateways: ReadonlyMap<string, PartnerEndpoint>;
}

export function refundsContext(deps: ServiceDeps<RefundsConfig>): RefundsContext {
  const { CARRIER_URL, CARRIER_USERNAME, CARRIER_PASSWORD } = deps.config;
  const gateways = new Map<string, PartnerEndpoint>();
  if (CARRIER_URL)
    for (const channel of CHANNELS)
      if (channel !== NO_API) gateways.set(channel, gatewayEndpoint(CARRIER_URL, channel, CARRIER_USERNAME, CARRIER_PASSWORD));
  return { deps, gateways };
}
