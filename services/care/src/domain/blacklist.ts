import { last9 } from '@cskh/kit';

/**
 * The numbers care refuses (customer uploads, invitations, numbers taken from data-split files).
 * Dataops owns the blacklist and publishes `cskh.dataops.blacklist-changed`; care keeps its own
 * read model of it (store/blacklist.ts, kept by workers/blacklist-consumer.ts) behind this interface.
 */
export interface Blacklist {
  /** The last-9-digit keys of the given phones that are blacklisted. */
  blocked(phones: readonly string[]): Promise<Set<string>>;
}

export const noBlacklist: Blacklist = {
  blocked: async () => new Set<string>(),
};

/** A blacklist of fixed numbers (unit tests). */
export const fixedBlacklist = (phones: readonly string[]): Blacklist => {
  const keys = new Set(phones.map(last9));
  return { blocked: async (ps) => new Set(ps.map(last9).filter((k) => keys.has(k))) };
};

/** One row of the read model: the newest known state of one number (key = last 9 digits). */
export interface BlacklistEntry {
  phone9: string;
  phone: string;
  blacklisted: boolean;
  version: number;
  reason: string;
  changedBy: string;
  eventId: string;
}

/**
 * A `BlacklistChanged` event as a read-model row, or null when it cannot key one (a phone with
 * fewer than 9 digits, a missing version): such an event would otherwise block or free a wrong
 * number. The version orders the changes of one number; the newest wins (the upsert's rule).
 */
export function blacklistEntry(e: {
  event_id?: string;
  phone?: string;
  blacklisted?: boolean;
  version?: number | string;
  reason?: string;
  changed_by?: string;
}): BlacklistEntry | null {
  const phone9 = last9(e.phone ?? '');
  const version = Number(e.version ?? 0);
  if (phone9.length !== 9 || !Number.isSafeInteger(version) || version <= 0) return null;
  return {
    phone9,
    phone: String(e.phone ?? '').trim(),
    blacklisted: !!e.blacklisted,
    version,
    reason: e.reason ?? '',
    changedBy: e.changed_by ?? '',
    eventId: e.event_id ?? '',
  };
}
