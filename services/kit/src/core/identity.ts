import { isDataCoordinator, leadsPeople } from './access';
import { AppError } from './errors';

/** Who is calling: taken from the verified JWT by the gateway / realtime tier, carried in gRPC metadata. */
export interface Identity {
  userId: string;
  username: string;
  fullname: string;
  roleName: string;
  priority: number;
  brandId: string;
  permissions: string[];
  /** Token id and expiry (seconds since epoch), for logout. */
  jti: string;
  exp: number;
}

export function requireIdentity(id: Identity | undefined): Identity {
  if (!id) throw new AppError('UNAUTHORIZED');
  return id;
}

/**
 * The admin section's codes (spec 1 §2.4 'Quản trị'; spec 1 §6 and spec 3 §6: "The admin section
 * needs priority below 5"). A token may carry them at any priority (a role edited to hold them,
 * a per-user grant), so the guards, not only the menu, count them by priority.
 */
export const ADMIN_SECTION_CODES: readonly string[] = [
  'user.get',
  'user.edit',
  'user.add',
  'user.delete',
  'lstracuu',
  'role.get',
  'role.add',
  'role.edit',
  'role.delete',
  'giahoantien',
  'giagoimfy',
  'giagoidangky9279',
  'systemaccount',
  'quetdata',
  'quetdatakhonggoi',
  'quetdtct',
  'uploadchiadata',
  'phanquyendata',
  'chiadata',
  'settings',
];
/** The admin-section codes priority 7 may use: it counts as senior on data permission and division (spec 3 §1). */
export const PRIORITY7_ADMIN_CODES: readonly string[] = ['phanquyendata', 'chiadata'];
const ADMIN_SECTION = new Set(ADMIN_SECTION_CODES);
const PRIORITY7_ADMIN = new Set(PRIORITY7_ADMIN_CODES);

/** Whether a code held by a caller of this priority opens anything: admin-section codes only below 5 (7: its two). */
export const codeCounts = (priority: number, code: string) =>
  !ADMIN_SECTION.has(code) || leadsPeople(priority) || (isDataCoordinator(priority) && PRIORITY7_ADMIN.has(code));

/** A guard's codes, any-of: an empty list lets every caller in; a held code counts per codeCounts. */
export const hasAnyPermission = (id: { priority: number; permissions: readonly string[] }, codes: readonly string[]) =>
  codes.length === 0 || codes.some((c) => id.permissions.includes(c) && codeCounts(id.priority, c));
