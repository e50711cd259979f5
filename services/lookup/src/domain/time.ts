import { VN_OFFSET_MS } from '@cskh/kit';

// Day parsing, ranges and the display format are the kit's (one for every service).
export { DAY_MS, VN_OFFSET_MS, dayRange, parseDay, vnDateTime, vnDisplayDay, vnIsoDay } from '@cskh/kit';

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
