import { Metadata } from '@grpc/grpc-js';
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

export const hasAnyPermission = (id: Identity, codes: readonly string[]) =>
  codes.length === 0 || codes.some((c) => id.permissions.includes(c));
