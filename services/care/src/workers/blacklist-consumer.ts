import type { ServiceDeps, Subscription } from '@cskh/kit/service';
import { events_v1_dataops } from '@cskh/proto';
import type { DataSource } from 'typeorm';
import { blacklistEntry } from '../domain/blacklist';
import { upsertBlacklistEntry } from '../store/blacklist';

/** Dataops publishes every add, edit and removal of a blacklist entry here (contract with care). */
export const BLACKLIST_CHANGED_TOPIC = 'cskh.dataops.blacklist-changed';

/**
 * Applies one BlacklistChanged: the row of its number takes the event's state when the event is
 * newer than what the row holds. A redelivered or replayed event (same version) and an older one
 * arriving late change nothing, so the topic can be read from the beginning any number of times.
 */
export async function applyBlacklistChanged(ds: DataSource, value: Uint8Array): Promise<boolean> {
  const entry = blacklistEntry(events_v1_dataops.BlacklistChanged.decode(value));
  if (!entry) return false;
  return upsertBlacklistEntry(ds, entry);
}

/** The consumer that keeps the read model, from the beginning of the topic. */
export function startBlacklistConsumer(deps: ServiceDeps<unknown>, groupId = 'cskh-care-blacklist'): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId,
    topics: [BLACKLIST_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (msg) => {
      await applyBlacklistChanged(deps.ds, msg.value);
    },
  });
}
