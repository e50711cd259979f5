import { AppError } from './errors';

/**
 * Time as the product shows and filters it: Asia/Ho_Chi_Minh (UTC+7 all year, no daylight
 * saving). Filters arrive as calendar days (DD/MM/YYYY); the API answers instants in one format,
 * ISO-8601 with the +07:00 offset, which the browser formats as DD-MM-YYYY HH:mm:ss.
 */
export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const VN_OFFSET_MS = 7 * 3600 * 1000;
/** The same offset as ISO-8601 writes it. */
export const VN_OFFSET_ISO = '+07:00';
export const DAY_MS = 86400 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The one display-time format of the API: `2026-11-23T09:05:00+07:00` ('' for none). */
export function vnDateTime(at: Date | number | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : new Date(at).getTime();
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms + VN_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${VN_OFFSET_ISO}`;
}

/** YYYY-MM-DD (Vietnam calendar day) of an instant. */
export function vnIsoDay(at: Date | number): string {
  return vnDateTime(at).slice(0, 10);
}

/** DD/MM/YYYY (Vietnam calendar day) of an instant. */
export function vnDisplayDay(at: Date | number): string {
  const [y, m, d] = vnIsoDay(at).split('-');
  return `${d}/${m}/${y}`;
}

/** Epoch ms of 00:00 Vietnam time of the day that contains the instant. */
export function vnStartOfDay(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return Math.floor((ms + VN_OFFSET_MS) / DAY_MS) * DAY_MS - VN_OFFSET_MS;
}

const invalidDay = (what: string) => new AppError('VALIDATION', `${what} không hợp lệ (định dạng DD/MM/YYYY)`);

/**
 * A filter day as the spec sends it (DD/MM/YYYY; DD-MM-YYYY, YYYY-MM-DD and ISO date-times
 * accepted) → epoch ms of 00:00 that day in Vietnam. Undefined for blank; VALIDATION for garbage.
 */
export function parseDay(s: unknown, what = 'Ngày'): number | undefined {
  const v = String(s ?? '').trim();
  if (!v) return undefined;
  let y: number, mo: number, d: number;
  let m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(v);
  if (m) [d, mo, y] = [+m[1], +m[2], +m[3]];
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v))) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else throw invalidDay(what);
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  if (y < 1900 || y > 9999 || check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    throw invalidDay(what);
  return ms - VN_OFFSET_MS;
}

export interface InstantRange {
  /** Inclusive start, or undefined for open. */
  from?: Date;
  /** Exclusive end, or undefined for open. */
  to?: Date;
}

/** The instants of a [startDate, endDate] filter of whole Vietnam days; end before start is refused. */
export function dayRange(startDate: unknown, endDate: unknown): InstantRange {
  const s = parseDay(startDate, 'Ngày bắt đầu');
  const e = parseDay(endDate, 'Ngày kết thúc');
  if (s !== undefined && e !== undefined && e < s) throw new AppError('VALIDATION', 'Ngày kết thúc phải sau ngày bắt đầu');
  return { from: s === undefined ? undefined : new Date(s), to: e === undefined ? undefined : new Date(e + DAY_MS) };
}

/** The default report period: the first of this month to today (Vietnam days), as DD/MM/YYYY. */
export function monthToDate(now: Date | number = Date.now()): { startDate: string; endDate: string } {
  const today = vnIsoDay(now);
  const [y, m] = today.split('-');
  return { startDate: `01/${m}/${y}`, endDate: vnDisplayDay(now) };
}

/**
 * A date-time as imports send it ("DD/MM/YYYY HH:mm:ss", "DD/MM/YYYY", "YYYY-MM-DD HH:mm", or
 * ISO-8601 with an offset) → the instant; Vietnam time when no offset is given.
 */
export function parseDateTime(s: unknown): Date | undefined {
  const v = String(s ?? '').trim();
  if (!v) return undefined;
  const local = (y: number, mo: number, d: number, h = 0, mi = 0, se = 0) => {
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 || y < 1900 || y > 9999) return undefined;
    const ms = Date.UTC(y, mo - 1, d, h, mi, se);
    if (new Date(ms).getUTCDate() !== d) return undefined;
    return new Date(ms - VN_OFFSET_MS);
  };
  let m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (m) return local(+m[3], +m[2], +m[1], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (m) return local(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
