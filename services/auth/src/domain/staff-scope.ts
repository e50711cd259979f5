import { AppError, Identity } from '@cskh/kit';
import { inScope, staffScopeOf } from '@cskh/kit/data';
import { MSG } from './messages';

/**
 * Whose accounts a caller sees and manages: the kit's subtree rule (staffScopeOf/inScope, the one
 * every service scopes its records by), applied to auth's own accounts. Seniors (priority 1–2) all;
 * a branch (3) the accounts placed in it and itself; a leader (4) its group and itself; anyone else
 * only themself.
 */
export type Viewer = Pick<Identity, 'priority' | 'userId' | 'username'>;

/** Where an account sits: its branch and leader (null = none), as auth stores them. */
export interface Place {
  brand_id: string | null;
  group_id: string | null;
}

/** A username no account has (usernames hold no whitespace or control characters). */
const NOBODY = '\u0000';

const member = (username: string, p: Place) => ({ username, brand_id: p.brand_id ?? '', group_id: p.group_id ?? '' });

/** Whether the caller sees and manages this account (itself included). */
export function managesAccount(viewer: Viewer, account: Place & { username: string }): boolean {
  return inScope(staffScopeOf(viewer), member(account.username, account), account.username);
}

/** Reading one account outside the subtree: it does not exist for the caller (404, as services answer a record out of scope). */
export function assertSeesAccount(viewer: Viewer, account: Place & { username: string }): void {
  if (!managesAccount(viewer, account)) throw new AppError('NOT_FOUND', MSG.userNotFound);
}

/** Editing, locking, resetting or granting on an account outside the subtree: 403. */
export function assertManagesAccount(viewer: Viewer, account: Place & { username: string }): void {
  if (!managesAccount(viewer, account)) throw new AppError('FORBIDDEN', MSG.targetOutOfScope);
}

const samePlace = (a: Place, b: Place) => (a.brand_id ?? null) === (b.brand_id ?? null) && (a.group_id ?? null) === (b.group_id ?? null);

/**
 * Where a create or an edit puts an account (its new branch and leader) must lie inside the
 * caller's subtree: a branch places people in its own branch, a leader in its own group, seniors
 * anywhere. The self exception of reading does not stretch to placing: a caller editing their own
 * account keeps their place (no moving oneself into another branch or group), and an account with
 * no branch (a new branch, a senior) is outside every branch's subtree.
 *
 * `before` is the account's place before an edit (null on a create); `self` whether it is the caller.
 */
export function assertPlacementInScope(viewer: Viewer, after: Place, before: Place | null = null, self = false): void {
  const scope = staffScopeOf(viewer);
  if (scope.kind === 'all') return;
  if (self && before && samePlace(before, after)) return;
  // Judged by the place alone: an account never sits inside a subtree only because it is the caller's own.
  if (!inScope(scope, member(NOBODY, after), NOBODY)) throw new AppError('FORBIDDEN', MSG.placeOutOfScope);
}
