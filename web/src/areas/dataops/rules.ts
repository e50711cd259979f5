import { PACKAGE_STATUS } from '../../common/carrier';
import { isBranch, isBranchOrAbove, isDataCoordinator, isLeader, isManager, isSales, leadsPeople, PRIORITY } from '../../api/access';

/**
 * Screen rules of the data screens as plain functions (spec 3 §2.6, §2.7, §6, §9).
 */

/** Priority 7 ('Điều phối dữ liệu') counts as below 3 on the data-permission and data-split screens. */
export const dataPriority = (priority: number) => (isDataCoordinator(priority) ? PRIORITY.senior : priority);

/** Spec 3 §6: branch section below 3 or 7; leader section below 4; staff section everyone. */
export function sectionsFor(priority: number): Array<'branch' | 'leader' | 'sale'> {
  const p = dataPriority(priority);
  return [...(isManager(p) ? (['branch'] as const) : []), ...(isBranchOrAbove(p) ? (['leader'] as const) : []), 'sale'];
}

/** Spec 3 §6: remaining-count labels — staff and branch sections below 3 or 7; leader section below 5. */
export const showsRemaining = (priority: number, section: 'branch' | 'leader' | 'sale') =>
  section === 'leader' ? leadsPeople(dataPriority(priority)) : isManager(dataPriority(priority));

/** Spec 3 §6: the next 31 days (offsets 0 to 30) for seniors, as YYYY-MM-DD of the given day. */
export function nextDays(todayIso: string, n = 31): string[] {
  const [y, m, d] = todayIso.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

/** Dates offered (spec 3 §6): seniors the next 31 days; others their own permitted dates from today on. */
export function offeredDates(priority: number, todayIso: string, ownDates: readonly string[]): string[] {
  return isManager(dataPriority(priority)) ? nextDays(todayIso) : ownDates.filter((d) => d >= todayIso).sort();
}

/** Spec 3 §2.7, §9: even split gives each target floor(total / number of targets). */
export const evenSplit = (total: number, targets: number) => (targets > 0 && total > 0 ? Math.floor(total / targets) : 0);

/** The processed-scan export's file name (spec 3 §7.2): DA-XU-LY-{file}.xlsx. */
export function processedFileName(fileName: string): string {
  const base = fileName.replace(/\.(xlsx|xls|csv)$/i, '');
  return `DA-XU-LY-${base}.xlsx`;
}

/** Scan state labels shown in the table. */
export const SCAN_STATE_LABEL: Record<string, string> = {
  idle: 'Chưa quét',
  running: 'Đang quét',
  stopped: 'Đã dừng',
  done: 'Đã quét xong',
  failed: 'Lỗi',
};

/** A number's scan result (the DA-XU-LY export's 'Kết quả quét'): the server's codes in words. */
export const SCAN_RESULT_LABEL: Record<string, string> = { DA_QUET: 'Đã quét', LOI: 'Lỗi' };

/**
 * The subscriber's package status in a scan result: the carrier's words (ACTIVE, EXPIRED, CANCELLED)
 * and the scanner's (no package, eligible or not for a programme) in Vietnamese; a carrier's refusal
 * reason is already a sentence and stays as it is.
 */
export const NUMBER_STATUS_LABEL: Record<string, string> = {
  ...PACKAGE_STATUS,
  KHONG_CO_GOI: 'Không có gói',
  CO_DTCT: 'Có đối tượng chương trình',
  KHONG_DTCT: 'Không có đối tượng chương trình',
};

/** Value → label options of a code map, for a list column (display and export). */
export const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

type SectionBody = { username: string; files: string[]; dates: string[] };

/**
 * Data permission saved per section (spec 3 §2.6): the request carries only the
 * section whose 'Lưu' was pressed; the others are left out, and the server leaves them as they are.
 */
export function sectionOnly(
  k: 'branch' | 'leader' | 'sale',
  section: SectionBody,
): Partial<Record<'branch' | 'leader' | 'sale', SectionBody>> {
  return { [k]: section };
}

/** Why a section cannot be saved yet (the server refuses the same), or undefined when it can. */
export function sectionIncomplete(section: SectionBody): string | undefined {
  if (!section.username || section.username === '-99') return 'Chưa chọn tài khoản để phân quyền';
  if (section.files.length === 0) return 'Chưa chọn file nào để phân quyền';
  if (section.dates.length === 0) return 'Chưa chọn ngày nào để phân quyền';
  return undefined;
}

export interface TreeTarget {
  username: string;
  user_id: string;
  priority: number;
  brand_id: string;
  leader: string;
}

/**
 * Data split's rows (spec 3 §2.7): each branch, then — when 'Danh sách trưởng nhóm' is open — its
 * leaders, each followed — when 'Danh sách nhân viên' is open — by their salespeople, then the
 * branch's salespeople without a (shown) leader. Targets whose branch is not listed come after,
 * at their own level. depth: 0 branch, 1 leader, 2 salesperson (1 when leaders are closed).
 */
export function splitTree<T extends TreeTarget>(
  targets: readonly T[],
  show: { leader: boolean; sale: boolean },
): Array<{ target: T; depth: number }> {
  const out: Array<{ target: T; depth: number }> = [];
  const used = new Set<T>();
  const push = (t: T, depth: number) => {
    if (used.has(t)) return;
    used.add(t);
    out.push({ target: t, depth });
  };
  const branches = targets.filter((t) => isBranch(t.priority));
  const leaders = show.leader ? targets.filter((t) => isLeader(t.priority)) : [];
  const sales = show.sale ? targets.filter((t) => isSales(t.priority)) : [];
  const pushLeader = (l: T) => {
    push(l, 1);
    sales.filter((s) => s.leader && s.leader === l.username).forEach((s) => push(s, 2));
  };
  for (const b of branches) {
    push(b, 0);
    leaders.filter((l) => l.brand_id === b.user_id).forEach(pushLeader);
    sales.filter((s) => s.brand_id === b.user_id).forEach((s) => push(s, leaders.length ? 2 : 1));
  }
  leaders.forEach(pushLeader);
  sales.forEach((s) => push(s, 2));
  return out;
}
