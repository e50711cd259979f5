import { seesOwnRowsOnly } from '@cskh/kit';
import { isPhone, last9 } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Invite-next-day (spec 3 §2.17, §3, §5): the record's input rules and the figures the list shows.
 * Plain functions.
 */

/**
 * A package's price in đồng. The carrier names its data packages by their monthly price in
 * thousands (MXH120 = 120,000 đ, V90B = 90,000 đ): the number in the code, times 1,000. A code
 * without a number has no known price (0), and its balance share shows 0; so does one whose number
 * is longer than 6 digits (a million thousand đồng is no package, and the reply's price is int64).
 */
export function packagePrice(pkg: string): number {
  const m = /(\d+)\D*$/.exec(pkg.trim());
  return m && m[1].length <= 6 ? Number(m[1]) * 1000 : 0;
}

/** The balance as a percent of the package price, 2 decimals (0 without a price). */
export function balanceShare(tkc: number, price: number): number {
  if (!(price > 0)) return 0;
  return Math.round((tkc / price) * 10000) / 100;
}

export interface NextDayValues {
  phone: string;
  phone9: string;
  package: string;
  username: string;
}

/**
 * The create/edit dialog's rules on the server (spec 3 §5): phone required and a phone; package
 * required (upper case); staff username required unless the caller is priority 5, who always
 * records for themself (the field is not theirs, §6).
 */
export function checkNextDayInput(
  input: { phone?: string; package?: string; username?: string },
  me: { username: string; priority: number },
): NextDayValues | string {
  const phone = (input.phone ?? '').trim();
  if (!phone) return MSG.invitePhoneRequired;
  if (!isPhone(phone)) return MSG.invitePhoneInvalid;
  const pkg = (input.package ?? '').trim().toUpperCase();
  if (!pkg) return MSG.invitePackageRequired;
  if (pkg.length > 50) return MSG.fieldTooLong('Gói cước');
  const username = seesOwnRowsOnly(me.priority) ? me.username : (input.username ?? '').trim();
  if (!username) return MSG.nextDayStaffRequired;
  return { phone, phone9: last9(phone), package: pkg, username };
}

/** 1 = invited, anything else = not yet (spec 3 §3). */
export function checkNextDayStatus(status: unknown): 0 | 1 | string {
  return status === 1 || status === 0 ? status : MSG.nextDayStatusInvalid;
}
