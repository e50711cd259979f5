/**
 * The staff pickers' order (spec 2 §1): seniors and others first, then each branch
 * followed by its leaders, each leader followed by their salespeople, then the branch's
 * salespeople without a leader; people whose branch or leader is not in the list come last, each
 * under their own level. Leaders are '--', salespeople '----' (the level gives the picker both).
 */
import { isBranch, isLeader, isSales, PRIORITY } from '@cskh/kit';

export interface TreeMember {
  username: string;
  user_id: string;
  priority: number;
  brand_id: string;
  group_id: string;
}

const byName = <T extends TreeMember>(a: T, b: T) => a.username.toLowerCase().localeCompare(b.username.toLowerCase());

export function staffTree<T extends TreeMember>(people: readonly T[]): T[] {
  const out: T[] = [];
  const used = new Set<T>();
  const push = (p: T) => {
    if (used.has(p)) return;
    used.add(p);
    out.push(p);
  };
  const level = (n: number) => people.filter((p) => p.priority === n).sort(byName);
  const branches = level(PRIORITY.branch);
  const leaders = level(PRIORITY.leader);
  const sales = level(PRIORITY.sales);
  const pushLeader = (l: T) => {
    push(l);
    sales.filter((s) => s.group_id && s.group_id === l.user_id).forEach(push);
  };
  people.filter((p) => !(isBranch(p.priority) || isLeader(p.priority) || isSales(p.priority))).forEach(push);
  for (const b of branches) {
    push(b);
    leaders.filter((l) => l.brand_id && l.brand_id === b.user_id).forEach(pushLeader);
    sales.filter((s) => s.brand_id && s.brand_id === b.user_id).forEach(push);
  }
  leaders.forEach(pushLeader);
  sales.forEach(push);
  return out;
}
