import { last9 } from '@cskh/kit';
import type { DataSource } from 'typeorm';
import type { Blacklist, BlacklistEntry } from '../domain/blacklist';
import { SCHEMA } from './schema';

/** Care's read model of dataops' blacklist: one row per number, the newest version wins. */
const BLACKLIST = `"${SCHEMA}".blacklist`;

/** The read model as the Blacklist care's handlers ask. */
export function sqlBlacklist(ds: DataSource): Blacklist {
  return {
    async blocked(phones) {
      const keys = [...new Set(phones.map(last9).filter((k) => k.length === 9))];
      if (keys.length === 0) return new Set();
      const rows: Array<{ phone9: string }> = await ds.query(`SELECT phone9 FROM ${BLACKLIST} WHERE phone9 = ANY($1) AND blacklisted`, [
        keys,
      ]);
      return new Set(rows.map((r) => r.phone9));
    },
  };
}

/** Writes an entry when it is newer than the row of its number; false when it changed nothing (same or older version). */
export async function upsertBlacklistEntry(ds: DataSource, entry: BlacklistEntry): Promise<boolean> {
  const changed: unknown[] = await ds.query(
    `INSERT INTO ${BLACKLIST} (phone9, phone, blacklisted, version, reason, changed_by, event_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (phone9) DO UPDATE SET phone = EXCLUDED.phone, blacklisted = EXCLUDED.blacklisted, version = EXCLUDED.version,
       reason = EXCLUDED.reason, changed_by = EXCLUDED.changed_by, event_id = EXCLUDED.event_id, updated_at = now()
     WHERE ${BLACKLIST}.version < EXCLUDED.version
     RETURNING phone9`,
    [entry.phone9, entry.phone, entry.blacklisted, entry.version, entry.reason, entry.changedBy, entry.eventId],
  );
  return changed.length > 0;
}
