import { AppError } from '@cskh/kit';
import { isAdmin, isBranch, isBranchOrAbove, isManager, isSales, mayActOn } from '@cskh/kit';
import { MSG } from './messages';

/**
 * Staff-account rules (spec 1 §2.6, §5, §6). Lower priority number = more power:
 * 1-2 senior, 3 branch, 4 leader, 5 salesperson; 7 a data coordinator.
 */

/** A caller may not hand out a role more powerful (lower number) than their own. */
export function assertCanAssignRole(callerPriority: number, rolePriority: number): void {
  if (rolePriority < callerPriority) throw new AppError('FORBIDDEN', MSG.roleAboveCaller);
}

/** A caller may not edit, lock or reset a user more powerful than themselves. */
export function assertCanActOn(callerPriority: number, targetPriority: number): void {
  if (!mayActOn(callerPriority, targetPriority)) throw new AppError('FORBIDDEN', MSG.targetAboveCaller);
}

/** Lock/unlock/toggle: only targets of priority above 1 (spec 1 §2.6, §6), never oneself. */
export function assertLockable(caller: { userId: string; priority: number }, target: { id: string; priority: number }): void {
  if (isAdmin(target.priority)) throw new AppError('FORBIDDEN', MSG.lockAdmin);
  if (target.id === caller.userId) throw new AppError('FORBIDDEN', MSG.lockSelf);
  assertCanActOn(caller.priority, target.priority);
}

/** Per-user permission editor: callers below 3, targets above 1 (spec 1 §6). */
export function assertPermissionEditor(callerPriority: number, targetPriority: number): void {
  if (!isManager(callerPriority)) throw new AppError('FORBIDDEN', MSG.permEditorCaller);
  if (isAdmin(targetPriority)) throw new AppError('FORBIDDEN', MSG.permEditorTarget);
  assertCanActOn(callerPriority, targetPriority);
}

/**
 * Nobody grants what they do not hold: codes added to a role or a user must be held by the
 * caller (codes already present may stay). Priority 1 is the top and may grant anything.
 */
export function assertGrantable(
  callerPriority: number,
  callerCodes: readonly string[],
  before: readonly string[],
  after: readonly string[],
): void {
  if (isAdmin(callerPriority)) return;
  const held = new Set(callerCodes);
  const had = new Set(before);
  const missing = [...new Set(after)].filter((c) => !had.has(c) && !held.has(c)).sort();
  if (missing.length) throw new AppError('FORBIDDEN', MSG.permissionNotHeld(missing));
}

export const brandRequired = (rolePriority: number) => !isBranchOrAbove(rolePriority);
export const groupRequired = (rolePriority: number, leaderIdsOfBrand: readonly string[]) =>
  isSales(rolePriority) && leaderIdsOfBrand.length > 0;

export interface PlacementInput {
  rolePriority: number;
  /** Requested branch id (already normalised: null = none). */
  brandId: string | null;
  /** Requested leader id (null = none). */
  groupId: string | null;
  /** The requested branch as found in the database (null when absent or not given). */
  brand: { id: string; priority: number; is_deleted: boolean } | null;
  /** Active leaders (priority 4) of the requested branch. */
  leaderIdsOfBrand: readonly string[];
}

/**
 * Where a user sits in the hierarchy: branch required from priority 4 and must be an existing
 * branch (priority-3) account; leader required for priority 5 when the branch has leaders and
 * must be one of them. Roles above 4 keep no branch; only priority 5 keeps a leader.
 */
export function placeStaff(p: PlacementInput): { brand_id: string | null; group_id: string | null } {
  if (!brandRequired(p.rolePriority)) return { brand_id: null, group_id: null };
  if (!p.brandId) throw new AppError('VALIDATION', MSG.brandRequired);
  if (!p.brand || p.brand.id !== p.brandId || !isBranch(p.brand.priority) || p.brand.is_deleted)
    throw new AppError('VALIDATION', MSG.brandInvalid);
  if (!isSales(p.rolePriority)) return { brand_id: p.brandId, group_id: null };
  if (groupRequired(p.rolePriority, p.leaderIdsOfBrand) && !p.groupId) throw new AppError('VALIDATION', MSG.groupRequired);
  if (p.groupId && !p.leaderIdsOfBrand.includes(p.groupId)) throw new AppError('VALIDATION', MSG.groupInvalid);
  return { brand_id: p.brandId, group_id: p.groupId };
}

export interface NewUserInput {
  fullname: string;
  username: string;
  password: string;
  email: string;
  phone: string;
}

/** Required fields of the create dialog (spec 1 §5); phone, when given, is digits only. */
export function validateNewUser(input: NewUserInput): NewUserInput {
  const v = {
    fullname: input.fullname.trim(),
    username: input.username.trim(),
    password: input.password,
    email: input.email.trim(),
    phone: input.phone.trim(),
  };
  const missing: string[] = [];
  if (!v.fullname) missing.push('họ tên');
  if (!v.username) missing.push('tên đăng nhập');
  if (!v.password) missing.push('mật khẩu');
  if (!v.email) missing.push('email');
  if (missing.length) throw new AppError('VALIDATION', MSG.missingFields(missing));
  if (/\s/.test(v.username) || v.username.length > 255) throw new AppError('VALIDATION', MSG.usernameInvalid);
  if (!isDigits(v.phone)) throw new AppError('VALIDATION', MSG.phoneDigits);
  return v;
}

/** Edit dialog: name and email stay required, phone digits only. */
export function validateUserEdit(input: { fullname: string; email: string; phone: string }) {
  const v = { fullname: input.fullname.trim(), email: input.email.trim(), phone: input.phone.trim() };
  const missing: string[] = [];
  if (!v.fullname) missing.push('họ tên');
  if (!v.email) missing.push('email');
  if (missing.length) throw new AppError('VALIDATION', MSG.missingFields(missing));
  if (!isDigits(v.phone)) throw new AppError('VALIDATION', MSG.phoneDigits);
  return v;
}

/** Empty is allowed; otherwise digits only. */
export const isDigits = (s: string) => /^[0-9]*$/.test(s);

/** Reset-password dialog: both fields required and equal. */
export function validateResetPassword(password: string, rePassword: string): string {
  if (!password || !rePassword) throw new AppError('VALIDATION', MSG.resetRequired);
  if (password !== rePassword) throw new AppError('VALIDATION', MSG.passwordMismatch);
  return password;
}

/** Effective permissions: the user's own set once edited, otherwise the role's. */
export function effectivePermissions<T>(custom: boolean, own: readonly T[], role: readonly T[]): T[] {
  return custom ? [...own] : [...role];
}

/** A branch (priority 3) is its own brand; leaders and salespeople carry theirs. */
export function ownBrandId(user: { id: string; brand_id: string | null }, priority: number): string | null {
  return isBranch(priority) ? user.id : user.brand_id;
}
