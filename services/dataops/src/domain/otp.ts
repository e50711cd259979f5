import { MSG } from './messages';

/**
 * OTP 1414 (spec 3 §2.18): the code is read from the message when not given — the first run of
 * 4 to 8 digits that is not part of a longer number (so a phone in the text is never taken).
 */
export function extractOtp(message: string): string | undefined {
  const m = /(?<!\d)(\d{4,8})(?!\d)/.exec(message);
  return m?.[1];
}

export function checkOtp(otp: string): string | undefined {
  return /^\d{4,8}$/.test(otp) ? undefined : MSG.otpInvalid;
}
