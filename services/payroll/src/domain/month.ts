import { AppError, VN_OFFSET_ISO, vnIsoDay } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Payroll months: the screen sends MM/YYYY; the database keys them YYYY-MM (sortable); the
 * month's instants are Vietnam time.
 */
/** MM/YYYY (or blank = this month in Vietnam) → YYYY-MM; VALIDATION for anything else. */
export function parseMonth(s: unknown, now: Date | number = Date.now()): string {
  const v = String(s ?? '').trim();
  if (!v) return vnIsoDay(now).slice(0, 7);
  const m = /^(\d{1,2})[/-](\d{4})$/.exec(v) ?? (/^(\d{4})-(\d{2})$/.exec(v) ? ['', v.slice(5), v.slice(0, 4)] : null);
  if (!m) throw new AppError('VALIDATION', MSG.monthInvalid);
  const mo = Number(m[1]);
  const y = Number(m[2]);
  if (mo < 1 || mo > 12 || y < 2000 || y > 9999) throw new AppError('VALIDATION', MSG.monthInvalid);
  return `${y}-${String(mo).padStart(2, '0')}`;
}

/** YYYY-MM → MM/YYYY. */
export const displayMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The month's instants [from, to) in Vietnam time. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00${VN_OFFSET_ISO}`), to: new Date(`${next}-01T00:00:00${VN_OFFSET_ISO}`) };
}

/** YYYY-MM (Vietnam) of an instant. */
export const monthOf = (at: Date | number) => vnIsoDay(at).slice(0, 7);
