import type { ServiceDeps } from '@cskh/kit/service';
import { careInviteChannel, InviteChannel } from './clients/care-invites';
import { carrierEligibility, EligibilityLookup } from './clients/carrier';
import type { OrdersConfig } from './config';

/** The service's notion of "now": the system clock, or a test's (so tests never sleep 10 minutes). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the orders handlers and workers share, built once per running service (module.context). */
export interface OrdersContext {
  deps: ServiceDeps<OrdersConfig>;
  clock: Clock;
  eligibility: EligibilityLookup;
  invites: InviteChannel;
}

/** Builds the context once from the kit's deps; `clock` is the test's when a test moves time. */
export function ordersContext(deps: ServiceDeps<OrdersConfig>, clock: Clock = systemClock): OrdersContext {
  return { deps, clock, eligibility: carrierEligibility(deps.config), invites: careInviteChannel(deps.config.CARE_GRPC_URL) };
}
