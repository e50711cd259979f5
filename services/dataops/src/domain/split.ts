import { MSG } from './messages';

/**
 * Data split (spec 3 §2.7): quantities per username of one data-split file. A quantity is how
 * many numbers that account may take from the file for care; the sum over everyone never exceeds
 * the file's total, and nobody's quantity drops below what they already took.
 */

/** Spec 3 §2.7, §9: the even-split button gives each target floor(total / number of targets). */
export function evenSplit(total: number, targets: number): number {
  if (targets <= 0 || total <= 0) return 0;
  return Math.floor(total / targets);
}

export interface QuotaRow {
  username: string;
  quantity: number;
  taken: number;
}

/**
 * The quantities after a save: the listed usernames get their new quantity, the others keep
 * theirs. Refused (a string) when a quantity is not a whole number ≥ 0, drops below what the
 * account took, or the sum passes the file's total.
 */
export function applyQuantities(
  total: number,
  current: readonly QuotaRow[],
  assigns: ReadonlyArray<{ username: string; quantity: number }>,
): QuotaRow[] | string {
  const next = new Map(current.map((r) => [r.username, { ...r }]));
  for (const a of assigns) {
    if (!Number.isSafeInteger(a.quantity) || a.quantity < 0) return MSG.quantityInvalid;
    const row = next.get(a.username) ?? { username: a.username, quantity: 0, taken: 0 };
    if (a.quantity < row.taken) return MSG.quantityBelowTaken(a.username, row.taken);
    row.quantity = a.quantity;
    next.set(a.username, row);
  }
  const rows = [...next.values()];
  const sum = rows.reduce((s, r) => s + r.quantity, 0);
  if (sum > total) {
    const others = rows.filter((r) => !assigns.some((a) => a.username === r.username)).reduce((s, r) => s + r.quantity, 0);
    return MSG.quantityOverTotal(Math.max(0, total - others));
  }
  return rows;
}

/** What the file still has to hand out: its total minus every quantity set. */
export const unallocated = (total: number, rows: readonly QuotaRow[]) => Math.max(0, total - rows.reduce((s, r) => s + r.quantity, 0));

/** Import row of a data-split file (spec 3 §3) after the server's checks. */
export interface SplitRowInput {
  phone: string;
  phone9: string;
  loai_thue_bao: string;
  goi_cuoc: string;
  ngay_dang_ky: string;
  ngay_het_han: string;
  chu_ky_hien_tai: string;
  trang_thai: string;
  goi_co_the_dang_ky: string;
  so_chu_ky_mien_phi_con_lai: string;
}

/** Spec 3 §5 "Uploads": duplicates of a data-split file are removed by phone plus package. */
export const splitRowKey = (fileName: string, r: Pick<SplitRowInput, 'phone9' | 'goi_cuoc'>) => [
  fileName,
  r.phone9,
  r.goi_cuoc.toUpperCase(),
];
