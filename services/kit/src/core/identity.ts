import { Metadata } from '@grpc/grpc-js';
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

const H = {
  userId: 'x-user-id',
  username: 'x-user-name',
  fullname: 'x-user-fullname-b64',
  roleName: 'x-user-role-b64',
  priority: 'x-user-priority',
  brandId: 'x-user-brand',
  permissions: 'x-user-permissions',
  jti: 'x-token-id',
  exp: 'x-token-exp',
} as const;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

export function identityToMetadata(id: Identity, md = new Metadata()): Metadata {
  md.set(H.userId, id.userId);
  md.set(H.username, id.username);
  md.set(H.fullname, b64(id.fullname));
  md.set(H.roleName, b64(id.roleName));
  md.set(H.priority, String(id.priority));
  md.set(H.brandId, id.brandId);
  md.set(H.permissions, id.permissions.join(','));
  md.set(H.jti, id.jti);
  md.set(H.exp, String(id.exp));
  return md;
}

export function identityFromMetadata(md: Metadata): Identity | undefined {
  const get = (k: string) => {
    const v = md.get(k)[0];
    return typeof v === 'string' ? v : undefined;
  };
  const username = get(H.username);
  if (!username) return undefined;
  return {
    userId: get(H.userId) ?? '',
    username,
    fullname: unb64(get(H.fullname) ?? ''),
    roleName: unb64(get(H.roleName) ?? ''),
    priority: Number(get(H.priority) ?? 99),
    brandId: get(H.brandId) ?? '',
    permissions: (get(H.permissions) ?? '').split(',').filter(Boolean),
    jti: get(H.jti) ?? '',
    exp: Number(get(H.exp) ?? 0),
  };
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

/**
 * Services some usernames never reach, whatever codes they hold: `HNIMB…` accounts get neither the
 * refund screens nor their calls (spec 2 §2). The gateway refuses them before reading anything of
 * the request; the service checks again.
 */
const BARRED_BY_USERNAME: Record<string, { barred: (username: string) => boolean; msg: string }> = {
  refunds: { barred: (u) => u.toUpperCase().startsWith('HNIMB'), msg: 'Tài khoản của bạn không được sử dụng chức năng hoàn tiền' },
};

/** The refusal message when this caller may not use this service at all, else undefined. */
export const barredFromService = (id: { username: string }, service: string): string | undefined => {
  const rule = BARRED_BY_USERNAME[service];
  return rule?.barred(id.username) ? rule.msg : undefined;
};
