import { last9 } from '@cskh/kit';

/**
 * The numbers care refuses (imports). Dataops owns the blacklist and will publish
 * `cskh.dataops.blacklist-changed`; until it does, nothing is blacklisted. When it does, a read
 * model fed by that topic replaces `noBlacklist` in the context — callers do not change.
 */
export interface Blacklist {
  /** The last-9-digit keys of the given phones that are blacklisted. */
  blocked(phones: readonly string[]): Promise<Set<string>>;
}

export const noBlacklist: Blacklist = {
  blocked: async () => new Set<string>(),
};

/** A blacklist of fixed numbers (tests, and the shape the read model will have). */
export const fixedBlacklist = (phones: readonly string[]): Blacklist => {
  const keys = new Set(phones.map(last9));
  return { blocked: async (ps) => new Set(ps.map(last9).filter((k) => keys.has(k))) };
};
