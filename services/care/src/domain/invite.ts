import { AppError, last9, maskPhonesInText } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Package invitations (spec 2 §2.1, §3, §4 "OTP flow"): which step a request is, which permission
 * code a channel needs, and the realtime notice of a registration. Plain functions.
 */

/** The invitation channels and the permission code each needs (spec 2 §2.1). */
export const INVITE_CHANNELS: Record<string, { code: string; otp: boolean }> = {
  ma_xac_nhan_1: { code: 'care.otp', otp: true },
  ma_xac_nhan_2: { code: 'care.otpnew', otp: true },
  ma_xac_nhan_3: { code: 'care.otpnew1', otp: true },
  ma_xac_nhan_4: { code: 'care.otpnew2', otp: true },
  '9332': { code: 'care.9332', otp: false },
  dk: { code: 'care.dk', otp: false },
};

/**
 * An invitation's transaction status (spec 2 §3 "status"; the spec does not list the values): the
 * code sent and waiting for its confirmation, the code confirmed (the carrier's result beside it),
 * or a direct command (9332, dk) answered. The screens name them (web invite-rules.ts).
 */
export const TRANSACTION_STATUS = { otpSent: 'OTP_SENT', confirmed: 'CONFIRMED', commanded: 'COMMANDED' } as const;
/** The result of a row still waiting for its confirmation (no answer from the carrier yet). */
export const RESULT_PENDING = 'PENDING';

/** The fields the carrier names an OTP request's transaction by, one per channel. */
export const TRANS_ID_FIELDS = ['transIdGetOtp', 'transactionNo', 'orderCode'] as const;

export interface InviteInput {
  type?: string;
  phone?: string;
  package?: string;
  otp?: string;
  transIdGetOtp?: string;
  transactionNo?: string;
  orderCode?: string;
  command?: string;
}

export type InviteStep =
  | { step: 'otp'; type: string; phone: string; package: string }
  | {
      step: 'confirm';
      type: string;
      phone: string;
      package: string;
      otp: string;
      transId: { field: (typeof TRANS_ID_FIELDS)[number]; value: string };
    }
  | { step: 'register'; type: string; phone: string; package: string; command: 'DK' | 'GIAHAN' };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The step a payload asks for (spec 2 §3): `command` → register/renew at once (9332, dk), `otp`
 * → confirm (codes 1–4, with the OTP request's transaction id), else → request an OTP (codes 1–4).
 * Package and phone are required on every step (spec 2 §5); the package goes upper case.
 */
export function inviteStep(req: InviteInput): InviteStep {
  const type = text(req.type);
  const channel = INVITE_CHANNELS[type];
  if (!channel) throw new AppError('VALIDATION', MSG.inviteTypeInvalid);
  const rawPhone = text(req.phone);
  if (!rawPhone) throw new AppError('VALIDATION', MSG.invitePhoneRequired);
  if (!/^(0|84|\+84)?\d{9}$/.test(rawPhone.replace(/[\s.-]/g, ''))) throw new AppError('VALIDATION', MSG.invitePhoneInvalid);
  const phone = `0${last9(rawPhone)}`;
  const pkg = text(req.package).toUpperCase();
  if (!pkg) throw new AppError('VALIDATION', MSG.invitePackageRequired);
  const command = text(req.command).toUpperCase();
  if (command || !channel.otp) {
    if (channel.otp) throw new AppError('VALIDATION', MSG.inviteCommandNotForOtp);
    if (command !== 'DK' && command !== 'GIAHAN') throw new AppError('VALIDATION', MSG.inviteCommandInvalid);
    return { step: 'register', type, phone, package: pkg, command };
  }
  const otp = text(req.otp);
  if (!otp) return { step: 'otp', type, phone, package: pkg };
  const field = TRANS_ID_FIELDS.find((f) => text(req[f]));
  if (!field) throw new AppError('VALIDATION', MSG.inviteTransRequired);
  return { step: 'confirm', type, phone, package: pkg, otp, transId: { field, value: text(req[field]) } };
}

/**
 * Why a confirmation may not go on with this OTP transaction, or undefined when it may: the code
 * is confirmed by the staff member who asked for it, on the channel and number it was asked for
 * (another salesperson confirmed a colleague's transaction and was credited with the sale).
 */
export function otpConfirmRefusal(
  started: { username: string; type: string; phone9: string } | undefined,
  me: { username: string },
  step: { type: string; phone: string },
): string | undefined {
  if (!started) return MSG.otpTransactionUnknown;
  if (started.username !== me.username) return MSG.otpTransactionNotYours;
  if (started.type !== step.type || started.phone9 !== last9(step.phone)) return MSG.otpTransactionMismatch;
  return undefined;
}

/** The invitation page's tabs in their order (spec 2 §2.1); 'selling' is the sell-package form. */
export const INVITE_TABS = ['ma_xac_nhan_1', 'ma_xac_nhan_2', 'ma_xac_nhan_3', 'ma_xac_nhan_4', '9332', 'selling', 'dk'] as const;

/** The tabs the caller's codes allow, before the active-channel rule of codes 1–4. */
export const inviteTabCandidates = (permissions: readonly string[]): string[] =>
  INVITE_TABS.filter((t) => (t === 'selling' ? permissions.includes('care.selling') : mayUseChannel(t, permissions)));

/** Whether the caller holds the channel's own code (the route let in any invitation code). */
export const mayUseChannel = (type: string, permissions: readonly string[]) => permissions.includes(INVITE_CHANNELS[type]?.code ?? '\0');

/**
 * A staff name as the realtime notice shows it to everyone: each word's first letter, the rest
 * starred ('Phạm Bán Hàng' → 'P*** B** H***'); a blank name shows as the username, masked likewise.
 */
export function maskStaffName(fullname: string): string {
  return fullname
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => {
      const chars = [...w];
      return chars[0] + '*'.repeat(chars.length - 1);
    })
    .join(' ');
}

/** The notice pushed to everyone when a registration is confirmed (spec 2 §4). */
export function registrationNotice(staff: { fullname: string; username: string }, pkg: string, phone: string): string {
  // Pushed to everyone: a phone typed into the package is masked as for the lowest viewer.
  return `${maskStaffName(staff.fullname || staff.username)} vừa mời thành công gói ${maskPhonesInText(pkg, 5, phone).toUpperCase()} cho thuê bao ***${last9(phone).slice(-3)}`;
}

export const REGISTER_SUCCESS = 'REGISTER_SUCCESS';
