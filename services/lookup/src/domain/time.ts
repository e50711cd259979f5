import { AppError } from '@cskh/kit';

/** Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving). */
export const VN_OFFSET_MS = 7 * 3600 * 1000;
export const DAY_MS = 86400 * 1000;

/** Minutes since 00:00 in Vietnam of an instant. */
export function vnMinuteOfDay(at: Date | number): number {
  const ms = (typeof at === 'number' ? at : at.getTime()) + VN_OFFSET_MS;
  const d = new Date(ms);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** "07:00-22:00" → [420, 1320]. */
export function parseWindow(spec: string): [number, number] {
  const m = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(spec);
  if (!m) throw new Error(`bad time window "${spec}" (expected HH:MM-HH:MM)`);
  return [+m[1] * 60 + +m[2], +m[3] * 60 + +m[4]];
}

/** True when the instant is inside [from, to) in Vietnam time. */
export function withinWindow(at: Date | number, window: string): boolean {
  const [from, to] = parseWindow(window);
  const m = vnMinuteOfDay(at);
  return m >= from && m < to;
}

export const infoWindowMessage = (window: string) => {
  const [from, to] = window.split('-').map((s) => s.trim());
  return `Chỉ được tra cứu thông tin chi tiết thuê bao từ ${from} đến ${to}`;
};

/**
 * A filter date as the spec sends it (DD/MM/YYYY; YYYY-MM-DD and ISO date-times accepted) →
 * epoch ms of 00:00 that day in Vietnam time. Undefined for blank; AppError for garbage.
 */
export function parseDay(s: unknown, what = 'Ngày'): number | undefined {
  const v = String(s ?? '').trim();
  if (!v) return undefined;
  let y: number, mo: number, d: number;
  let m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(v);
  if (m) [d, mo, y] = [+m[1], +m[2], +m[3]];
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v))) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else throw new AppError('VALIDATION', `${what} không hợp lệ (định dạng DD/MM/YYYY)`);
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    throw new AppError('VALIDATION', `${what} không hợp lệ (định dạng DD/MM/YYYY)`);
  return ms - VN_OFFSET_MS;
}

/** YYYY-MM-DD (Vietnam calendar day) of an epoch ms. */
export function vnIsoDay(ms: number): string {
  const d = new Date(ms + VN_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** DD/MM/YYYY of an epoch ms (Vietnam calendar day). */
export function vnDisplayDay(ms: number): string {
  const [y, m, d] = vnIsoDay(ms).split('-');
  return `${d}/${m}/${y}`;
}

/** Start (inclusive) and end (exclusive) instants of a [startDate, endDate] filter. */
export function dayRange(startDate: unknown, endDate: unknown): { from?: Date; to?: Date } {
  const s = parseDay(startDate, 'Ngày bắt đầu');
  const e = parseDay(endDate, 'Ngày kết thúc');
  return { from: s === undefined ? undefined : new Date(s), to: e === undefined ? undefined : new Date(e + DAY_MS) };
}

/** ISO-8601 with the +07:00 offset (what the API answers for times). */
export function vnDateTime(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const d = new Date(ms + VN_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}+07:00`;
}
