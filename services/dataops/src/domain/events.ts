import { randomUUID } from 'node:crypto';
import { last9, vnDateTime } from '@cskh/kit';
import { events_v1_dataops } from '@cskh/proto';

/** Topic of the blacklist's changes (contract with care; proto/cskh/events/v1/dataops.proto). */
export const BLACKLIST_CHANGED_TOPIC = 'cskh.dataops.blacklist-changed';

let lastVersion = 0;
/** Milliseconds since epoch, strictly increasing within this process (two changes in one ms stay ordered). */
export function nextVersion(now = Date.now()): number {
  lastVersion = Math.max(now, lastVersion + 1);
  return lastVersion;
}

export function blacklistChanged(e: { phone: string; blacklisted: boolean; reason: string; by: string; at?: Date }) {
  const msg = events_v1_dataops.BlacklistChanged.fromPartial({
    event_id: randomUUID(),
    phone: e.phone,
    blacklisted: e.blacklisted,
    version: nextVersion(),
    reason: e.reason,
    changed_by: e.by,
    at: vnDateTime(e.at ?? new Date()),
  });
  return { topic: BLACKLIST_CHANGED_TOPIC, key: last9(e.phone), payload: events_v1_dataops.BlacklistChanged.encode(msg).finish() };
}
