import { AppError } from '@cskh/kit';

export const PHONE_REQUIRED = 'Bạn phải nhập số điện thoại';
export const PHONE_INVALID = 'Số điện thoại không hợp lệ';

/** Digits only. */
export const digitsOf = (phone: unknown): string => String(phone ?? '').replace(/\D/g, '');

/** The last 9 digits of a phone (matching key everywhere), or '' when there are none. */
export function last9(phone: unknown): string {
  return digitsOf(phone).slice(-9);
}

/**
 * A lookup's phone: required ('Bạn phải nhập số điện thoại'), only the last 9 digits are used,
 * and there must be 9 of them.
 */
export function requireLookupPhone(phone: unknown): string {
  const d = digitsOf(phone);
  if (!d) throw new AppError('VALIDATION', PHONE_REQUIRED);
  if (d.length < 9) throw new AppError('VALIDATION', PHONE_INVALID);
  return d.slice(-9);
}

/** The 9279 lookup sends the phone to the carrier as 84 + last 9 digits. */
export const with84 = (phone: unknown): string => `84${last9(phone)}`;

/** Nine-digit phones are shown with a leading 0. */
export const display0 = (phone: unknown): string => {
  const l = last9(phone);
  return l ? `0${l}` : '';
};

/**
 * Phone as a viewer may see it: the last 9 digits for priority below 3, otherwise four stars
 * plus the last 5 digits (spec 1 §9, spec 3 §6).
 */
export function maskPhone(phone: unknown, viewerPriority: number): string {
  const l = last9(phone);
  if (!l) return '';
  return viewerPriority < 3 ? l : `****${l.slice(-5)}`;
}

/**
 * Phone numbers inside free text (a log row's noi_dung) masked the same way, so that the content
 * column does not reveal what the phone column hides. Runs of 9 to 12 digits count as phones.
 */
export function maskPhonesInText(text: string, viewerPriority: number): string {
  if (viewerPriority < 3) return text;
  return text.replace(/(?<!\d)\d{9,12}(?!\d)/g, (m) => maskPhone(m, viewerPriority));
}
