/**
 * Who may do what, by role priority (spec 1 §5): one definition the services and the web both use.
 * Lower number = more power. This file imports nothing, so the browser bundle can load it as is
 * (web/src/api/access.ts re-exports it) and the two sides can never disagree.
 *
 *   1 admin · 2 senior manager · 3 branch · 4 group leader · 5 salesperson · 7 data coordinator
 */
export const PRIORITY = {
  admin: 1,
  senior: 2,
  branch: 3,
  leader: 4,
  sales: 5,
  data: 7,
} as const;

/** Admin only (priority 1). */
export const isAdmin = (priority: number): boolean => priority <= PRIORITY.admin;
/** Head office: admin and senior managers (priority 1–2) see and manage the whole company. */
export const isManager = (priority: number): boolean => priority < PRIORITY.branch;
/** A branch account (priority 3). */
export const isBranch = (priority: number): boolean => priority === PRIORITY.branch;
/** A group leader (priority 4). */
export const isLeader = (priority: number): boolean => priority === PRIORITY.leader;
/** A salesperson (priority 5). */
export const isSales = (priority: number): boolean => priority === PRIORITY.sales;
/** The data coordinator (priority 7), who divides lists but manages no one. */
export const isDataCoordinator = (priority: number): boolean => priority === PRIORITY.data;
/** Head office or a branch (priority 1–3): sees a branch's whole tree. */
export const isBranchOrAbove = (priority: number): boolean => priority <= PRIORITY.branch;
/** Anyone with people under them (priority 1–4): sees their subtree, not only their own rows. */
export const leadsPeople = (priority: number): boolean => priority <= PRIORITY.leader;
/** Priority 3 and below in power (3, 4, 5, 7): not head office. Sees less money detail. */
export const isBelowManager = (priority: number): boolean => !isManager(priority);
/** Sales or data staff (priority 5 and 7): only their own rows. */
export const seesOwnRowsOnly = (priority: number): boolean => priority >= PRIORITY.sales;

/**
 * Whether a caller may change a staff account or a role of this priority: never one above them
 * (the server refuses it; the web shows no action it would refuse).
 */
export const mayActOn = (callerPriority: number, targetPriority: number): boolean => targetPriority >= callerPriority;
