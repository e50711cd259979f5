import type { ServiceDeps } from '@cskh/kit/service';
import type { CareConfig } from './config';
import { httpInviteCarrier, InviteCarrier } from './clients/invite-carrier';
import { authChannelLookup, ChannelLookup } from './clients/auth-invite-channels';
import { sqlBlacklist } from './store/blacklist';
import type { Blacklist } from './domain/blacklist';
import { dataopsSplitNumbers, SplitNumbers } from './clients/dataops-split-numbers';

/** What the care handlers share, built once per running service (module.context). */
export interface CareContext {
  deps: ServiceDeps<CareConfig>;
  /** Numbers refused for care: the read model of dataops' blacklist. */
  blacklist: Blacklist;
  /** Numbers of data-split files, taken when nothing is handed to the caller any more. */
  split: SplitNumbers;
  /** The carrier's invitation calls (OTP, confirm, register). */
  carrier: InviteCarrier;
  /** Auth's invite channels (codes 1–4 need one active for the caller or their branch). */
  channels: ChannelLookup;
  /** The clock (tests move it; "today" for appointments and periods). */
  now: () => Date;
}

export const careContext = (deps: ServiceDeps<CareConfig>): CareContext => ({
  deps,
  blacklist: sqlBlacklist(deps.ds),
  split: dataopsSplitNumbers(deps.config.DATAOPS_GRPC_URL, deps.log),
  carrier: httpInviteCarrier(deps.config),
  channels: authChannelLookup(deps.config.AUTH_GRPC_URL),
  now: () => new Date(),
});
