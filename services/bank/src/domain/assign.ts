import { AppError, inScope, StaffMember, StaffScope } from '@cskh/kit';
import { MSG } from './messages';

/** At most this many messages in one assign request (a whole month of transfers). */
export const MAX_ASSIGN = 100_000;

/**
 * The assign request as staff → count: blank usernames and zero counts are rows the manager left
 * empty; the same username twice adds up; a negative or fractional count is an error; nothing
 * left to hand out is an error ('Bạn chưa chọn nhân viên và số lượng cần phân chia').
 */
export function assignPlan(items: ReadonlyArray<{ username?: string; count?: number }>): Map<string, number> {
  const plan = new Map<string, number>();
  for (const it of items) {
    const username = (it.username ?? '').trim();
    const count = Number(it.count ?? 0);
    if (!Number.isInteger(count) || count < 0) throw new AppError('VALIDATION', MSG.assignCountInvalid);
    if (!username || count === 0) continue;
    plan.set(username, (plan.get(username) ?? 0) + count);
  }
  if (plan.size === 0) throw new AppError('VALIDATION', MSG.assignNothing);
  const total = [...plan.values()].reduce((a, b) => a + b, 0);
  if (total > MAX_ASSIGN) throw new AppError('VALIDATION', MSG.assignCountInvalid);
  return plan;
}

/** Work goes only to active staff inside the manager's subtree (the staff read model). */
export function checkAssignee(scope: StaffScope, member: StaffMember | undefined, username: string): void {
  if (!member || member.deleted) throw new AppError('VALIDATION', MSG.assignUnknownStaff(username));
  if (member.locked) throw new AppError('VALIDATION', MSG.assignInactiveStaff(username));
  if (!inScope(scope, member, username)) throw new AppError('FORBIDDEN', MSG.assignOutOfScope(username));
}
