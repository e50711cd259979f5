import type { ServiceDeps } from '@cskh/kit';
import type { EligibilityLookup, InviteChannel } from './carrier';
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
