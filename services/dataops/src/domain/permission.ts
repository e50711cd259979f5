import { DAY_MS, parseDay, vnIsoDay } from '@cskh/kit';
import { isBranchOrAbove, isDataCoordinator, isManager, leadsPeople, PRIORITY } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Data permission (spec 3 §2.6, §6). Priority 7 ('Điều phối dữ liệu') is treated like priority
 * below 3 on the data-permission and data-split screens (spec 3 §1): dataPriority maps it to 2.
 */
export const dataPriority = (priority: number) => (isDataCoordinator(priority) ? PRIORITY.senior : priority);
export const isDataSenior = (priority: number) => isManager(dataPriority(priority));

export type Section = 'branch' | 'leader' | 'sale';
export const SECTION_LABEL: Record<Section, string> = { branch: 'chi nhánh', leader: 'trưởng nhóm', sale: 'nhân viên' };
/** The accounts each section grants to: branch = priority 3, leader = 4, staff = 5. */
export const SECTION_TARGET_PRIORITY: Record<Section, number> = { branch: PRIORITY.branch, leader: PRIORITY.leader, sale: PRIORITY.sales };

/** Spec 3 §6: branch section for priority below 3 or 7; leader section below 4; staff section everyone. */
export function maySeeSection(priority: number, section: Section): boolean {
  const p = dataPriority(priority);
  return section === 'branch' ? isManager(p) : section === 'leader' ? isBranchOrAbove(p) : true;
}

/** Spec 3 §6: remaining-count labels on files — staff and branch sections below 3 or 7; leader section below 5. */
export function showsRemaining(priority: number, section: Section): boolean {
  const p = dataPriority(priority);
  return section === 'leader' ? leadsPeople(p) : isManager(p);
}

/** Spec 3 §2.6 / §9: the dropdown's placeholder and its 'all' value. */
export const PLACEHOLDER = '-99';
export const ALL = '__ALL';

/** The permission dates window: today and the next 30 days (offsets 0 to 30), Vietnam days. */
export const DATE_WINDOW_DAYS = 31;

export function dateWindow(now: number): string[] {
  return Array.from({ length: DATE_WINDOW_DAYS }, (_, i) => vnIsoDay(now + i * DAY_MS));
}

/** YYYY-MM-DD or DD/MM/YYYY (the kit's day parser) → YYYY-MM-DD, or undefined. */
export function parseIsoDay(raw: string): string | undefined {
  try {
    const ms = parseDay(raw);
    return ms === undefined ? undefined : vnIsoDay(ms);
  } catch {
    return undefined;
  }
}

/**
 * The dates a grant may carry: today or later (spec 3 §5); for seniors within the 31-day window,
 * for everyone else only among their own permitted dates (spec 3 §6). Returns the ISO days or a refusal.
 */
export function checkGrantDates(raw: readonly string[], now: number, priority: number, ownDays: ReadonlySet<string>): string[] | string {
  const today = vnIsoDay(now);
  const window = new Set(dateWindow(now));
  const out = new Set<string>();
  for (const r of raw) {
    const d = parseIsoDay(r);
    if (!d) return MSG.dateInvalid(r.slice(0, 20));
    if (d < today) return MSG.datePast(d);
    if (isDataSenior(priority)) {
      if (!window.has(d)) return MSG.dateTooFar(d);
    } else if (!ownDays.has(d)) return MSG.dateNotGrantable(d);
    out.add(d);
  }
  return [...out].sort();
}

/** Files a grant may carry: any for seniors, otherwise only the caller's own permitted files. */
export function checkGrantFiles(files: readonly string[], priority: number, ownFiles: ReadonlySet<string>): string[] | string {
  const out = new Set<string>();
  for (const f of files) {
    const name = f.trim();
    if (!name) continue;
    if (!isDataSenior(priority) && !ownFiles.has(name)) return MSG.fileNotGrantable(name);
    out.add(name);
  }
  return [...out];
}
