/**
 * The money fields of an order (spec 3 §3 gives the fields, not the formulas). Chosen the way a
 * reseller's accountant reads them, written down in the README, all in integer đồng:
 *
 *  - doanh_thu (revenue): the price list's price of the package at the order's sale tier
 *    (T1–T3), looked up when the order is created or its package/tier changes; a manager may
 *    correct it (updateDoanhThu).
 *  - chenh_lech (difference): a signed adjustment a manager enters — what was collected above (+)
 *    or below (−) the list price.
 *  - ti_le_doanh_thu (revenue ratio, %): the share of the list's T1 price the sale achieved,
 *    round(doanh_thu × 100 / gia_t1, 2); 100 for a T1 sale, 0 without a T1 price.
 *  - ti_le_doanh_thu_tinh_luong (salary-revenue ratio, %): −1 = unset → ti_le_doanh_thu applies.
 *  - doanh_thu_tinh_luong (salary revenue): round((doanh_thu + chenh_lech) × ratio / 100), never
 *    below 0 — what payroll credits the salesperson.
 *  - truy_thu (clawback): when a successful order is revoked (thu_hoi), the salary revenue it had
 *    credited plus the package's recovery fee (phi_thu_hoi); 'Xóa truy thu' sets it to 0.
 */
import { MAX_AMOUNT } from './money';
export const UNSET_RATIO = -1;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function revenueRatio(revenue: number, listT1: number): number {
  return listT1 > 0 ? round2((revenue * 100) / listT1) : 0;
}

export function effectiveSalaryRatio(salaryRatio: number, revenueRatio: number): number {
  return salaryRatio === UNSET_RATIO || salaryRatio < 0 ? revenueRatio : salaryRatio;
}

export function salaryRevenue(revenue: number, difference: number, ratio: number): number {
  return Math.max(0, Math.round(((revenue + difference) * ratio) / 100));
}

export function clawback(creditedSalaryRevenue: number, recoveryFee: number): number {
  return Math.max(0, creditedSalaryRevenue) + Math.max(0, recoveryFee);
}

export interface MoneyInputs {
  doanh_thu: number;
  chenh_lech: number;
  ti_le_doanh_thu_tinh_luong: number;
  /** The package's T1 list price (0 when it is not on the list). */
  gia_t1: number;
}

/** The derived fields from the entered ones. */
export function deriveMoney(m: MoneyInputs): { ti_le_doanh_thu: number; doanh_thu_tinh_luong: number } {
  const ti_le_doanh_thu = revenueRatio(m.doanh_thu, m.gia_t1);
  const ratio = effectiveSalaryRatio(m.ti_le_doanh_thu_tinh_luong, ti_le_doanh_thu);
  return { ti_le_doanh_thu, doanh_thu_tinh_luong: salaryRevenue(m.doanh_thu, m.chenh_lech, ratio) };
}

/** A ratio as a manager types it ('80', '80,5', '-1'); a message when it is not one. */
export function parseRatio(raw: unknown): number | string {
  const s = String(raw ?? '')
    .trim()
    .replace(',', '.');
  if (s === '') return 'Tỉ lệ không hợp lệ';
  const n = Number(s);
  if (!Number.isFinite(n) || (n < 0 && n !== UNSET_RATIO) || n > 1000) return 'Tỉ lệ phải từ 0 đến 1000, hoặc -1 (dùng tỉ lệ doanh thu)';
  return round2(n);
}

/** A signed amount (the difference may be negative), at most MAX_AMOUNT either way. */
export function parseSignedAmount(raw: unknown): number | string {
  const s = String(raw ?? '').trim();
  const neg = s.startsWith('-');
  const compact = (neg ? s.slice(1) : s).replace(/[\s.,]/g, '');
  if (!/^\d+$/.test(compact)) return 'Số tiền không hợp lệ';
  const n = Number(compact);
  if (!Number.isSafeInteger(n) || n > MAX_AMOUNT) return 'Số tiền không hợp lệ';
  return neg ? -n : n;
}
