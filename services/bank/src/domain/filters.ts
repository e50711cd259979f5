import { AppError, dayRange, InstantRange, monthToDate } from '@cskh/kit';
import { MSG } from './messages';

/**
 * The list's period: Vietnam days from startDate to endDate inclusive; with neither given, the
 * screen's default, the first of this month to today (spec 1 §2.8).
 */
export function listPeriod(startDate: unknown, endDate: unknown, now: Date | number = Date.now()): InstantRange {
  const blank = (v: unknown) => String(v ?? '').trim() === '';
  if (blank(startDate) && blank(endDate)) {
    const d = monthToDate(now);
    return dayRange(d.startDate, d.endDate);
  }
  return dayRange(startDate, endDate);
}

/** The processing-status filter: '0', '1' or blank (both). */
export function isReadFilter(v: unknown): 0 | 1 | undefined {
  const s = String(v ?? '').trim();
  if (s === '') return undefined;
  if (s === '0' || s === '1') return Number(s) as 0 | 1;
  throw new AppError('VALIDATION', MSG.isReadInvalid);
}
