import { Metadata } from '@grpc/grpc-js';
import { common_v1_common } from '@cskh/proto';
import type { Identity } from '../core/identity';

/**
 * The caller travels to a service as ONE metadata entry: common.v1.Identity in protobuf, then
 * base64 (a text value, so that the receiver can key its cache on the string grpc-js hands it).
 * Nine entries, one per claim, were each validated, HPACK-coded and parsed again on both sides of
 * every call: a visible share of the gateway's and the lookup service's CPU per lookup
 * (load-tests/README.md).
 */
export const IDENTITY_KEY = 'x-cskh-identity';

export function encodeIdentity(id: Identity): string {
  const msg = common_v1_common.Identity.encode({
    user_id: id.userId,
    username: id.username,
    fullname: id.fullname,
    role_name: id.roleName,
    priority: id.priority,
    brand_id: id.brandId,
    permissions: id.permissions,
    jti: id.jti,
    exp: id.exp,
  }).finish();
  return Buffer.from(msg.buffer, msg.byteOffset, msg.byteLength).toString('base64');
}

/** The identity an encoded entry names; undefined when it names no user. */
export function decodeIdentity(value: string): Identity | undefined {
  const m = common_v1_common.Identity.decode(Buffer.from(value, 'base64'));
  if (!m.username) return undefined;
  return {
    userId: m.user_id,
    username: m.username,
    fullname: m.fullname,
    roleName: m.role_name,
    priority: m.priority,
    brandId: m.brand_id,
    permissions: m.permissions,
    jti: m.jti,
    exp: m.exp,
  };
}

export function identityToMetadata(id: Identity, md = new Metadata()): Metadata {
  md.set(IDENTITY_KEY, encodeIdentity(id));
  return md;
}

/**
 * Identities already decoded, by their entry: a user's every request carries the same one for the
 * token's whole life. Frozen, permissions included, since every call of that user shares it.
 */
const decoded = new Map<string, Identity | null>();
const DECODED_MAX = 10_000;

export function identityFromMetadata(md: Metadata): Identity | undefined {
  const value = md.get(IDENTITY_KEY)[0];
  if (typeof value !== 'string' || !value) return undefined;
  let id = decoded.get(value);
  if (id === undefined) {
    let fresh: Identity | undefined;
    try {
      fresh = decodeIdentity(value);
    } catch {
      // Not an identity this kit wrote: no caller (routed RPCs then answer UNAUTHORIZED).
      fresh = undefined;
    }
    id = fresh ? Object.freeze({ ...fresh, permissions: Object.freeze([...fresh.permissions]) as string[] }) : null;
    if (decoded.size >= DECODED_MAX) decoded.clear();
    decoded.set(value, id);
  }
  return id ?? undefined;
}
