import { AppError } from '@cskh/kit';
import { isAdmin, isBranch, isManager } from '@cskh/kit';
import { MSG } from './messages';

/** Confirmation-code invite channels (spec 1 §2.6, spec 2 §2.1). */
export const CHANNELS: Readonly<Record<string, string>> = {
  ma_xac_nhan_1: 'Mã xác nhận 1',
  ma_xac_nhan_2: 'Mã xác nhận 2',
  ma_xac_nhan_3: 'Mã xác nhận 3',
  ma_xac_nhan_4: 'Mã xác nhận 4',
};

/** The channel's code and its label; unknown codes are refused. */
export function parseChannel(name: string): { kenh: string; label: string } {
  const kenh = name.trim();
  const label = Object.prototype.hasOwnProperty.call(CHANNELS, kenh) ? CHANNELS[kenh] : undefined;
  if (!label) throw new AppError('VALIDATION', MSG.channelInvalid);
  return { kenh, label };
}

/** Choose/cancel: callers of priority below 2, for branch accounts (priority 3) only. */
export function assertCanToggleChannel(callerPriority: number, targetPriority: number): void {
  if (!isAdmin(callerPriority)) throw new AppError('FORBIDDEN', MSG.channelForbiddenCaller);
  if (!isBranch(targetPriority)) throw new AppError('FORBIDDEN', MSG.channelForbiddenTarget);
}

/**
 * findChannel: seniors (below 3) may ask about anyone; other staff only about their own
 * username or their branch's username.
 */
export function canFindChannel(
  caller: { priority: number; username: string; brandUsername: string | null },
  accountUsername: string,
): boolean {
  if (isManager(caller.priority)) return true;
  const want = accountUsername.trim().toLowerCase();
  return want === caller.username.toLowerCase() || (!!caller.brandUsername && want === caller.brandUsername.toLowerCase());
}
