import { dayRange, digitsOf, InstantRange, monthToDate } from '@cskh/kit';

/** The reports' period: Vietnam days, both blank = the first of this month to today (spec 2 §1). */
export function reportPeriod(startDate: unknown, endDate: unknown, now: Date | number = Date.now()): InstantRange {
  const blank = (v: unknown) => String(v ?? '').trim() === '';
  if (blank(startDate) && blank(endDate)) {
    const d = monthToDate(now);
    return dayRange(d.startDate, d.endDate);
  }
  return dayRange(startDate, endDate);
}

/** The phone search (spec's `message`): by digits inside the last 9, or as typed (the caller masks both, kit masked-search). */
export function phoneSearch(message: unknown): { digits?: string; text?: string } {
  const v = String(message ?? '').trim();
  if (!v) return {};
  const d = digitsOf(v);
  const digits = d.length > 9 ? d.slice(-9) : d.replace(/^0/, '');
  return digits ? { digits } : { text: v };
}
