import type { ServiceDeps } from '@cskh/kit';
import type { CareConfig } from './config';
import { httpInviteCarrier, InviteCarrier } from './carrier';
import { authChannelLookup, ChannelLookup } from './channels';
import { Blacklist, noBlacklist } from './domain/blacklist';

/** What the care handlers share, built once per running service (module.context). */
export interface CareContext {
  deps: ServiceDeps<CareConfig>;
  /** Numbers refused for care (dataops' blacklist once it is published; none until then). */
  blacklist: Blacklist;
  /** The carrier's invitation calls (OTP, confirm, register). */
  carrier: InviteCarrier;
  /** Auth's invite channels (codes 1–4 need one active for the caller or their branch). */
  channels: ChannelLookup;
  /** The clock (tests move it; "today" for appointments and periods). */
  now: () => Date;
}

export const careContext = (deps: ServiceDeps<CareConfig>): CareContext => ({
  deps,
  blacklist: noBlacklist,
  carrier: httpInviteCarrier(deps.config),
  channels: authChannelLookup(deps.config.AUTH_GRPC_URL),
  now: () => new Date(),
});
