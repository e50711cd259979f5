import { AppError, mayActOn } from '@cskh/kit';
import { MSG } from './messages';

export const MIN_PRIORITY = 1;
export const MAX_PRIORITY = 7;

/** Role dialog (spec 1 §2.7, §5): a name is required; the priority is 1..7. */
export function validateRole(input: { name: string; priority: number }): { name: string; priority: number } {
  const name = input.name.trim();
  if (!name) throw new AppError('VALIDATION', MSG.roleNameRequired);
  const priority = Number(input.priority);
  if (!Number.isInteger(priority) || priority < MIN_PRIORITY || priority > MAX_PRIORITY)
    throw new AppError('VALIDATION', MSG.rolePriorityInvalid);
  return { name, priority };
}

/** A caller may not create, edit or delete a role more powerful than their own. */
export function assertRoleEditable(callerPriority: number, rolePriority: number): void {
  if (!mayActOn(callerPriority, rolePriority)) throw new AppError('FORBIDDEN', MSG.roleAboveCallerEdit);
}

/** A role still held by users cannot be deleted. */
export function assertRoleDeletable(userCount: number): void {
  if (userCount > 0) throw new AppError('PRECONDITION', MSG.roleInUse(userCount));
}

/**
 * A role's priority places its holders in the branch/leader hierarchy: it cannot change while
 * users hold the role (their branch and leader would no longer fit). Make a new role instead.
 */
export function assertPriorityChangeable(oldPriority: number, newPriority: number, holders: number): void {
  if (oldPriority !== newPriority && holders > 0) throw new AppError('PRECONDITION', MSG.rolePriorityLocked(holders));
}
