/**
 * Phones as every service treats them: stored as given, matched by their last 9 digits, and shown
 * to a viewer according to their priority (spec 1 §9: the last 9 digits for priority below 3,
 * otherwise four stars plus the last 5 digits). Masking happens on the server.
 */

/** Digits only. */
export const digitsOf = (phone: unknown): string => String(phone ?? '').replace(/\D/g, '');

/** The last 9 digits of a phone (matching key everywhere), or '' when there are none. */
export function last9(phone: unknown): string {
  return digitsOf(phone).slice(-9);
}

/**
 * A Vietnamese mobile number as typed in a sheet or a form: 9 digits (the leading 0 lost by Excel),
 * 0 + 9 digits, or 84 + 9 digits; spaces, dots and dashes allowed. Stored as given, matched by the
 * last 9 digits.
 */
export function isPhone(raw: string): boolean {
  if (!/^[+\d][\d .-]*$/.test(raw)) return false;
  const d = digitsOf(raw);
  return d.length === 9 ? d[0] !== '0' : d.length === 10 ? d[0] === '0' && d[1] !== '0' : d.length === 11 ? d.startsWith('84') && d[2] !== '0' : false;
}

/**
 * Phone as a viewer may see it: the last 9 digits for priority below 3, otherwise four stars
 * plus the last 5 digits (spec 1 §9, spec 3 §6).
 */
export function maskPhone(phone: unknown, viewerPriority: number): string {
  const l = last9(phone);
  if (!l) return '';
  return viewerPriority < 3 ? l : `****${l.slice(-5)}`;
}
