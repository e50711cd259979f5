import { isBelowManager, isManager, last9, Paging } from '@cskh/kit';
import { inScope, StaffMember, StaffScope } from '@cskh/kit/data';

/**
 * Registration-result rules of spec 1 §2.14, applied on the server.
 */

export const CHANNELS_9084 = ['d1', 'd9', 'ga24', 'tr8', 'ga22', 'ga23', 'vg8', 'dag9'] as const;
export type Channel9084 = (typeof CHANNELS_9084)[number];

export interface Viewer {
  username: string;
  priority: number;
}

/**
 * Channels a viewer may see. `prefixes` are the two branch username prefixes (first, second):
 * d1: priority below 3, or a username starting with neither prefix;
 * d9, ga24, tr8: priority below 3 only;
 * ga22: priority below 3 or the first prefix; ga23: priority below 3 or the second prefix;
 * vg8, dag9: everyone.
 */
export function visibleChannels(v: Viewer, prefixes: readonly [string, string]): Channel9084[] {
  const senior = isManager(v.priority);
  const name = v.username.toUpperCase();
  const [p1, p2] = prefixes.map((p) => p.toUpperCase());
  const isP1 = !!p1 && name.startsWith(p1);
  const isP2 = !!p2 && name.startsWith(p2);
  return CHANNELS_9084.filter((c) => {
    switch (c) {
      case 'd1':
        return senior || (!isP1 && !isP2);
      case 'd9':
      case 'ga24':
      case 'tr8':
        return senior;
      case 'ga22':
        return senior || isP1;
      case 'ga23':
        return senior || isP2;
      default:
        return true;
    }
  });
}

export const CHANNEL_LABELS: Record<Channel9084, string> = {
  d1: 'D1',
  d9: 'D9',
  ga24: 'GA24',
  tr8: 'TR8',
  ga22: 'GA22',
  ga23: 'GA23',
  vg8: 'VG8',
  dag9: 'DAG9',
};

/**
 * Special-account attribution: for viewers of priority 3 or more, rows belonging to a special
 * administrative account are not attributed (staff username and name blanked).
 */
export function attribute<T extends { username_nv: string; ten_nv: string }>(
  row: T,
  viewerPriority: number,
  specialAccounts: ReadonlySet<string>,
): T {
  if (isBelowManager(viewerPriority) && specialAccounts.has(row.username_nv.toLowerCase())) return { ...row, username_nv: '', ten_nv: '' };
  return row;
}

/** A staff filter naming a special account yields nothing for viewers of priority 3 or more. */
export function staffFilterAllowed(username: string, viewerPriority: number, specialAccounts: ReadonlySet<string>): boolean {
  return !(isBelowManager(viewerPriority) && username && specialAccounts.has(username.toLowerCase()));
}

/** A 9084 row as this service reads it from the carrier (the fields the rules below use). */
interface RegistrationRow {
  NumberPhone: string;
  Result: string;
  username_nv: string;
  ten_nv: string;
}

/**
 * Whose 9084 rows a viewer sees: every row for priority below 3; otherwise the rows of their own
 * subtree (the kit's staff scope: a branch its branch, a leader their group, anyone else
 * themself), plus the rows credited to nobody of ours: those of a special administrative account,
 * which spec 1 §2.14 shows to priority 3 and above unattributed, and those with no seller at all.
 */
export function registrationVisible(
  row: Pick<RegistrationRow, 'username_nv'>,
  scope: StaffScope,
  members: ReadonlyMap<string, Pick<StaffMember, 'username' | 'brand_id' | 'group_id'>>,
  specialAccounts: ReadonlySet<string>,
): boolean {
  if (scope.kind === 'all') return true;
  const seller = row.username_nv.trim();
  if (!seller || specialAccounts.has(seller.toLowerCase())) return true;
  return inScope(scope, members.get(seller), seller);
}

/**
 * A 9084 row as the viewer may see it: the special account unattributed (attribute), the phone's
 * last 9 digits (the kit's reply step masks it, and any phone in the carrier's result text, for
 * priority 3 and above).
 */
export function presentRegistration<T extends RegistrationRow>(row: T, viewerPriority: number, specialAccounts: ReadonlySet<string>): T {
  const r = attribute(row, viewerPriority, specialAccounts);
  return {
    ...r,
    NumberPhone: last9(r.NumberPhone),
  };
}

/** One page of rows filtered here (not by the carrier): the page, all rows, or an export's window. */
export function pageOf<T>(rows: readonly T[], paging: Pick<Paging, 'skip' | 'take' | 'window'>): T[] {
  const w = paging.take === undefined ? paging.window : paging;
  return w?.take === undefined ? [...rows] : rows.slice(w.skip, w.skip + w.take);
}
