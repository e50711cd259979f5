import { leadsPeople } from '@cskh/kit';
import { AppError } from '@cskh/kit';
import { inScope, StaffMember, StaffScope } from '@cskh/kit/data';
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

/** Who hands messages out: priority below 5 (a salesperson's subtree is themself; the spec does not say). */
export function requireAssigner(me: { priority: number }): void {
  if (!leadsPeople(me.priority)) throw new AppError('FORBIDDEN', MSG.assignForbidden);
}

/** Work goes only to active staff inside the manager's subtree (the staff read model). */
export function checkAssignee(scope: StaffScope, member: StaffMember | undefined, username: string): void {
  if (!member || member.deleted) throw new AppError('VALIDATION', MSG.assignUnknownStaff(username));
  if (member.locked) throw new AppError('VALIDATION', MSG.assignInactiveStaff(username));
  if (!inScope(scope, member, username)) throw new AppError('FORBIDDEN', MSG.assignOutOfScope(username));
}

/** Numbers as the screens write them (spec 1 §1: 0,0). */
const n0 = (n: number) => Math.trunc(n).toLocaleString('en-US');

/** What the person handed `count` messages reads, pushed the moment it happens. */
export function assignedNotice(count: number, by: string): { count: number; by: string; message: string } {
  return { count, by, message: MSG.assignedToYou(n0(count)) };
}

/** The reply's text when the pool ran out before the plan did (who got fewer than asked); undefined when all got theirs. */
export function assignReplyMsg(
  plan: ReadonlyMap<string, number>,
  items: ReadonlyArray<{ username: string; count: number | string }>,
): string | undefined {
  const short = items.filter((i) => Number(i.count) < (plan.get(i.username) ?? 0));
  if (short.length === 0) return undefined;
  return MSG.assignedShort(short.map((i) => `${i.username} ${n0(Number(i.count))}/${n0(plan.get(i.username) ?? 0)}`).join(', '));
}
