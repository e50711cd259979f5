import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../core/errors';
import type { Identity } from '../core/identity';
import { inScope, StaffMember, StaffScope, staffScopeOf } from './staff';

/**
 * "Hand out N from a pool": a manager names staff and how many each, and each gets that many of
 * the oldest rows no one holds yet (bank messages, uploaded orders, private customers, red
 * reports, refund requests). One plan and one hand-out for every list; what differs is each
 * list's rules and words.
 */
export interface HandOutRules {
  /** A line without a username or with 0: the dialog's empty line, left out ('skip'), or refused ('refuse'). */
  emptyLine: 'skip' | 'refuse';
  /** The same person on two lines (names compared case-insensitively): counts added up ('add') or refused ('refuse'). */
  repeated: 'add' | 'refuse';
  /** Most one person may get in one hand-out. */
  maxPerPerson?: number;
  /** Most one hand-out may hand out in all. */
  maxTotal?: number;
  msg: HandOutMessages;
}

/** What the manager reads when a hand-out is refused, in the list's own words. */
export interface HandOutMessages {
  /** No line names anyone with a count. */
  nothing: string;
  /** A count that is not a whole number in bounds. */
  countInvalid: string;
  /** A line without a username (needed when emptyLine is 'refuse'; else `nothing`). */
  noStaff?: string;
  /** A person on two lines (needed when repeated is 'refuse'; else `nothing`). */
  twice?(username: string): string;
  unknown(username: string): string;
  locked(username: string): string;
  outOfScope(username: string): string;
}

export interface HandOutLine {
  username?: string;
  count?: number | string;
}

/** The hand-out as sent → username → count, in the order asked; VALIDATION with the list's words otherwise. */
export function planHandOut(items: ReadonlyArray<HandOutLine> | undefined, rules: HandOutRules): Map<string, number> {
  const { msg } = rules;
  const plan = new Map<string, number>();
  const seen = new Map<string, string>();
  for (const it of items ?? []) {
    const username = String(it.username ?? '').trim();
    const count = Number(it.count ?? 0);
    if (rules.emptyLine === 'skip' && (!username || count === 0)) {
      if (!Number.isInteger(count) || count < 0) throw new AppError('VALIDATION', msg.countInvalid);
      continue;
    }
    if (!username) throw new AppError('VALIDATION', msg.noStaff ?? msg.nothing);
    if (!Number.isInteger(count) || count < 1 || (rules.maxPerPerson !== undefined && count > rules.maxPerPerson))
      throw new AppError('VALIDATION', msg.countInvalid);
    const same = seen.get(username.toLowerCase());
    if (same !== undefined && rules.repeated === 'refuse') throw new AppError('VALIDATION', msg.twice?.(username) ?? msg.nothing);
    const name = same ?? username;
    seen.set(username.toLowerCase(), name);
    plan.set(name, (plan.get(name) ?? 0) + count);
  }
  if (plan.size === 0) throw new AppError('VALIDATION', msg.nothing);
  const total = [...plan.values()].reduce((a, b) => a + b, 0);
  if (rules.maxTotal !== undefined && total > rules.maxTotal) throw new AppError('VALIDATION', msg.countInvalid);
  if (rules.maxPerPerson !== undefined && [...plan.values()].some((n) => n > rules.maxPerPerson!))
    throw new AppError('VALIDATION', msg.countInvalid);
  return plan;
}

/** Work goes only to active staff inside the manager's subtree (the staff read model). */
export function checkRecipient(scope: StaffScope, member: StaffMember | undefined, username: string, msg: HandOutMessages): StaffMember {
  if (!member || member.deleted) throw new AppError('VALIDATION', msg.unknown(username));
  if (member.locked) throw new AppError('VALIDATION', msg.locked(username));
  if (!inScope(scope, member, username)) throw new AppError('FORBIDDEN', msg.outOfScope(username));
  return member;
}

export interface HandOutDeps {
  ds: DataSource;
  staff: { byUsernames(usernames: readonly string[]): Promise<Map<string, StaffMember>> };
  /** Wakes the outbox relay after the commit, when the hand-out leaves notices in the outbox. */
  outbox?: { afterCommit(): void };
}

export interface HandedOut {
  /** What each person was asked for. */
  plan: Map<string, number>;
  /** What each got (fewer than asked when the pool ran out), in the order asked. */
  items: Array<{ username: string; count: number }>;
  assigned: number;
}

/**
 * Plans the hand-out, checks every recipient, then takes each one's share in one transaction (the
 * whole plan or nothing): `take` moves up to `count` pooled rows to `to` and answers how many it
 * moved (its audit and the person's notice go in the same transaction); `after` runs once in it
 * with what each got (a list's refresh push).
 */
export async function handOut(
  deps: HandOutDeps,
  me: Identity,
  lines: ReadonlyArray<HandOutLine> | undefined,
  rules: HandOutRules,
  take: (em: EntityManager, to: StaffMember, count: number) => Promise<number>,
  after?: (em: EntityManager, items: HandedOut['items']) => Promise<void>,
): Promise<HandedOut> {
  const plan = planHandOut(lines, rules);
  const members = await deps.staff.byUsernames([...plan.keys()]);
  const scope = staffScopeOf(me);
  const to = [...plan].map(([username, count]) => ({ member: checkRecipient(scope, members.get(username), username, rules.msg), count }));
  const items = await deps.ds.transaction(async (em) => {
    const out: HandedOut['items'] = [];
    for (const { member, count } of to) out.push({ username: member.username, count: await take(em, member, count) });
    await after?.(em, out);
    return out;
  });
  deps.outbox?.afterCommit();
  return { plan, items, assigned: items.reduce((n, i) => n + i.count, 0) };
}
