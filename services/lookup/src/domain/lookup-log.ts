import type { Identity } from '@cskh/kit';
import { inScope, StaffMember, StaffScope } from '@cskh/kit/data';
import { MSG } from './messages';

/**
 * Who an imported lookup-log row is by (spec 3 §7.1 import; the log is the evidence behind the
 * detailed-info limit, so a row is never put on someone the importer does not manage): the
 * row's username, blank = the importer; it must be the importer or inside their subtree (the
 * kit's staff scope: a branch its branch, a leader their group; priority below 3 anyone). The
 * name is the staff read model's when it knows the person, else the row's, else ''.
 * Returns the refusal message for a row outside the subtree.
 */
export function importAttribution(
  raw: { username?: string; full_name?: string },
  importer: Pick<Identity, 'username' | 'fullname'>,
  scope: StaffScope,
  members: ReadonlyMap<string, Pick<StaffMember, 'username' | 'fullname' | 'brand_id' | 'group_id'>>,
): { username: string; fullName: string } | string {
  const username = (raw.username ?? '').trim() || importer.username;
  const member = members.get(username);
  if (!inScope(scope, member, username)) return MSG.staffOutOfScope(username);
  const fullName = username === importer.username ? importer.fullname : member?.fullname || (raw.full_name ?? '').trim();
  return { username, fullName };
}
