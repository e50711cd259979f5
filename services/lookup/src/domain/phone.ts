import { AppError, digitsOf, last9 } from '@cskh/kit';

export const PHONE_REQUIRED = 'Bạn phải nhập số điện thoại';
export const PHONE_INVALID = 'Số điện thoại không hợp lệ';

// The shared phone rules live in the kit (services/kit/src/core/phone.ts); lookup uses them as they
// are. Masking is the kit's reply step (every string of every reply), not lookup's.
export { digitsOf, last9 };

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
