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
 * Phone as a viewer may see it: the last 9 digits for priority below 3, otherwise four stars
 * plus the last 5 digits (spec 1 §9, spec 3 §6).
 */
export function maskPhone(phone: unknown, viewerPriority: number): string {
  const l = last9(phone);
  if (!l) return '';
  return viewerPriority < 3 ? l : `****${l.slice(-5)}`;
}
