import { AppError, leadsPeople } from '@cskh/kit';
import type { HandOutRules } from '@cskh/kit/data';
import { MSG } from './messages';

/**
 * How the bank's pool is handed out (kit planHandOut): the dialog's empty rows (blank name or 0)
 * left out, the same person twice added up, at most 100.000 messages (a whole month of transfers)
 * in one request; nothing left to hand out is an error ('Bạn chưa chọn nhân viên và số lượng cần
 * phân chia'). Work goes only to active staff of the manager's subtree.
 */
export const BANK_HAND_OUT: HandOutRules = {
  emptyLine: 'skip',
  repeated: 'add',
  maxTotal: 100_000,
  msg: {
    nothing: MSG.assignNothing,
    countInvalid: MSG.assignCountInvalid,
    unknown: MSG.assignUnknownStaff,
    locked: MSG.assignInactiveStaff,
    outOfScope: MSG.assignOutOfScope,
  },
};

/** Who hands messages out: priority below 5 (a salesperson's subtree is themself; the spec does not say). */
export function requireAssigner(me: { priority: number }): void {
  if (!leadsPeople(me.priority)) throw new AppError('FORBIDDEN', MSG.assignForbidden);
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
