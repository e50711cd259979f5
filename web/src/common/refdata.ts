import { useEffect, useState } from 'react';
import type { PermissionRef, StaffOption } from '../api/auth';
import { ZERO_GUID } from './format';
import { isBranch, isLeader, isSales, PRIORITY } from '../api/access';

/** A branch, a group leader or a salesperson: the people a branch's tree holds. */
const inBranchTree = (p: number) => isBranch(p) || isLeader(p) || isSales(p);

export type { StaffOption };

export function staffLabel(s: StaffOption): string {
  const name = s.fullname || s.full_name || '';
  return name ? `${s.username} - ${name}` : s.username;
}

export function isEmptyId(id: string | undefined | null): boolean {
  return !id || id === ZERO_GUID;
}

/** Load once on mount; `reload()` to refetch. Errors leave the previous value (and are logged). */
export function useLoad<T>(load: () => Promise<T>, initial: T, deps: unknown[] = []) {
  const [value, setValue] = useState<T>(initial);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    load()
      .then((v) => alive && setValue(v))
      .catch((e) => console.error('load failed', e))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps and reload() decide when to load; `load` is a new closure on every render
  }, [tick, ...deps]);
  return { value, setValue, loading, reload: () => setTick((t) => t + 1) };
}

/** Permissions grouped by category (order of first appearance), each group sorted as given. */
export function groupByCategory(perms: PermissionRef[]): [string, PermissionRef[]][] {
  const groups = new Map<string, PermissionRef[]>();
  for (const p of perms) {
    const key = p.category || 'Khác';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(p);
  }
  return [...groups.entries()];
}

const priorityOf = (s: StaffOption) => Number(s.role?.priority ?? 0) || 0;

/**
 * Staff picker options (spec 1 §2.14): the hierarchy in order — seniors, then each branch followed
 * by its leaders, each leader followed by their salespeople — with priority 4 indented one level
 * and priority 5 two levels. Value = username, label = 'username - full name'.
 */
export function staffPickerOptions(staff: StaffOption[]): Array<{ value: string; label: string; indent: number }> {
  const out: StaffOption[] = [];
  const used = new Set<StaffOption>();
  const push = (s: StaffOption) => {
    if (used.has(s)) return;
    used.add(s);
    out.push(s);
  };
  const byPriority = (p: number) => staff.filter((s) => priorityOf(s) === p);
  const leaders = byPriority(PRIORITY.leader);
  const sales = byPriority(PRIORITY.sales);
  const pushLeader = (l: StaffOption) => {
    push(l);
    sales.filter((s) => !isEmptyId(s.group_id) && s.group_id === l.id).forEach(push);
  };
  staff.filter((s) => !inBranchTree(priorityOf(s))).forEach(push);
  for (const b of byPriority(PRIORITY.branch)) {
    push(b);
    leaders.filter((l) => l.brand_id === b.id).forEach(pushLeader);
    sales.filter((s) => s.brand_id === b.id && !used.has(s)).forEach(push);
  }
  leaders.forEach(pushLeader);
  sales.forEach(push);
  return out.map((s) => {
    const p = priorityOf(s);
    return { value: s.username, label: staffLabel(s), indent: isLeader(p) ? 1 : isSales(p) ? 2 : 0 };
  });
}
