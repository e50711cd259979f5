import { AppError, Identity } from '@cskh/kit';
import { inScope, StaffMember, staffScopeOf } from '@cskh/kit/data';
import { isBranch, isDataCoordinator, isLeader, isManager, isSales } from '@cskh/kit';
import { MSG } from './messages';

/** At most this many customers in one division (a large upload). */
export const MAX_DIVIDE = 1_000_000;

/**
 * Who may divide (spec 3 §6 "Data division": quantity inputs for priority 3 or below, or 7) and
 * from which pool: seniors and priority 7 divide what nobody holds yet; a branch divides what was
 * handed to it.
 */
export type DivisionPool = { kind: 'unassigned' } | { kind: 'held'; username: string };

export function divisionPool(me: Pick<Identity, 'priority' | 'username'>): DivisionPool {
  if (isManager(me.priority) || isDataCoordinator(me.priority)) return { kind: 'unassigned' };
  if (isBranch(me.priority)) return { kind: 'held', username: me.username };
  throw new AppError('FORBIDDEN', MSG.divideForbidden);
}

/**
 * The division as staff → quantity: blank rows and zeros are inputs left empty, the same person
 * twice adds up; a negative or fractional quantity is an error; nothing asked is 'Chưa chọn data chia'.
 */
export function divisionPlan(items: ReadonlyArray<{ username?: string; count?: number }>): Map<string, number> {
  const plan = new Map<string, number>();
  for (const it of items) {
    const username = (it.username ?? '').trim();
    const count = Number(it.count ?? 0);
    if (!Number.isInteger(count) || count < 0) throw new AppError('VALIDATION', MSG.divideCountInvalid);
    if (!username || count === 0) continue;
    plan.set(username, (plan.get(username) ?? 0) + count);
  }
  if (plan.size === 0) throw new AppError('VALIDATION', MSG.divideNothing);
  if ([...plan.values()].reduce((a, b) => a + b, 0) > MAX_DIVIDE) throw new AppError('VALIDATION', MSG.divideCountInvalid);
  return plan;
}

/**
 * A target is an active branch, leader or salesperson (spec 3 §6: targets are priorities 3, 4, 5)
 * inside the caller's subtree; a branch gives to its leaders and salespeople, not to itself.
 */
export function checkDivisionTarget(
  me: Pick<Identity, 'priority' | 'userId' | 'username'>,
  member: StaffMember | undefined,
  username: string,
): void {
  if (!member || member.deleted) throw new AppError('VALIDATION', MSG.divideUnknownStaff(username));
  if (member.locked) throw new AppError('VALIDATION', MSG.divideInactiveStaff(username));
  if (!(isBranch(member.priority) || isLeader(member.priority) || isSales(member.priority)) || username === me.username)
    throw new AppError('VALIDATION', MSG.divideNotStaff(username));
  const scope = isDataCoordinator(me.priority) ? ({ kind: 'all' } as const) : staffScopeOf(me);
  if (!inScope(scope, member, username)) throw new AppError('FORBIDDEN', MSG.divideOutOfScope(username));
}
