import { last9, type ServiceDeps, type Subscription } from '@cskh/kit';
import { events_v1_dataops } from '@cskh/proto';
import type { DataSource } from 'typeorm';
import { Blacklist, blacklistEntry } from './domain/blacklist';

/** Dataops publishes every add, edit and removal of a blacklist entry here (contract with care). */
export const BLACKLIST_CHANGED_TOPIC = 'cskh.dataops.blacklist-changed';

/** The read model as the Blacklist care's handlers ask. */
export function sqlBlacklist(ds: DataSource, schema: string): Blacklist {
  return {
    async blocked(phones) {
      const keys = [...new Set(phones.map(last9).filter((k) => k.length === 9))];
      if (keys.length === 0) return new Set();
      const rows: Array<{ phone9: string }> = await ds.query(`SELECT phone9 FROM "${schema}".blacklist WHERE phone9 = ANY($1) AND blacklisted`, [keys]);
      return new Set(rows.map((r) => r.phone9));
    },
  };
}

/**
 * Applies one BlacklistChanged: the row of its number takes the event's state when the event is
 * newer than what the row holds. A redelivered or replayed event (same version) and an older one
 * arriving late change nothing, so the topic can be read from the beginning any number of times.
 */
export async function applyBlacklistChanged(ds: DataSource, schema: string, value: Uint8Array): Promise<boolean> {
  const entry = blacklistEntry(events_v1_dataops.BlacklistChanged.decode(value));
  if (!entry) return false;
  const changed: unknown[] = await ds.query(
    `INSERT INTO "${schema}".blacklist (phone9, phone, blacklisted, version, reason, changed_by, event_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (phone9) DO UPDATE SET phone = EXCLUDED.phone, blacklisted = EXCLUDED.blacklisted, version = EXCLUDED.version,
       reason = EXCLUDED.reason, changed_by = EXCLUDED.changed_by, event_id = EXCLUDED.event_id, updated_at = now()
     WHERE "${schema}".blacklist.version < EXCLUDED.version
     RETURNING phone9`,
    [entry.phone9, entry.phone, entry.blacklisted, entry.version, entry.reason, entry.changedBy, entry.eventId],
  );
  return changed.length > 0;
}

/** The consumer that keeps the read model, from the beginning of the topic. */
export function startBlacklistConsumer(deps: ServiceDeps<unknown>, groupId = 'cskh-care-blacklist'): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId,
    topics: [BLACKLIST_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (msg) => {
      await applyBlacklistChanged(deps.ds, deps.schema, msg.value);
    },
  });
}
