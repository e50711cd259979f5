import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import Redis from 'ioredis';
import { AppError } from './errors';
import { Identity } from './identity';

/**
 * Who issues our access tokens (`iss`). Verification requires it, so a token minted for another
 * system that happens to share the secret (or a test key) is not taken for ours.
 */
export const TOKEN_ISSUER = 'cskh-auth';

/** Claims of our access token (HS256, signed by auth, verified by gateway and realtime). */
interface Claims {
  sub: string;
  usr: string;
  name: string;
  role: string;
  pri: number;
  brand: string;
  perms: string[];
  /** Issued at, in milliseconds: user-level revocation compares against it. */
  ims: number;
  jti: string;
  exp: number;
}

export function signAccessToken(
  secret: string,
  ttlSeconds: number,
  who: Omit<Identity, 'jti' | 'exp'>,
): { token: string; jti: string; exp: number } {
  const jti = randomUUID();
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const claims: Claims = {
    sub: who.userId,
    usr: who.username,
    name: who.fullname,
    role: who.roleName,
    pri: who.priority,
    brand: who.brandId,
    perms: who.permissions,
    ims: Date.now(),
    jti,
    exp,
  };
  return { token: jwt.sign(claims, keyFor(secret), { algorithm: 'HS256', issuer: TOKEN_ISSUER }), jti, exp };
}

export interface VerifiedToken {
  identity: Identity;
  issuedAtMs: number;
}

// jsonwebtoken turns a string secret into a key object on every call (measurable on the lookup
// hot path); one KeyObject per secret avoids that.
const keys = new Map<string, KeyObject>();
const keyFor = (secret: string) => {
  let k = keys.get(secret);
  if (!k) keys.set(secret, (k = createSecretKey(Buffer.from(secret, 'utf8'))));
  return k;
};

/** Throws AppError UNAUTHORIZED for a missing, malformed, badly signed or expired token. */
export function verifyAccessToken(secret: string, token: string | undefined): VerifiedToken {
  if (!token) throw new AppError('UNAUTHORIZED', 'Bạn chưa đăng nhập');
  let c: Claims;
  try {
    c = jwt.verify(token, keyFor(secret), { algorithms: ['HS256'], issuer: TOKEN_ISSUER }) as Claims;
  } catch (e) {
    const expired = (e as Error).name === 'TokenExpiredError';
    throw new AppError('UNAUTHORIZED', expired ? 'Phiên đăng nhập đã hết hạn' : 'Token không hợp lệ');
  }
  return {
    identity: {
      userId: c.sub,
      username: c.usr,
      fullname: c.name,
      roleName: c.role,
      priority: c.pri,
      brandId: c.brand,
      permissions: c.perms ?? [],
      jti: c.jti,
      exp: c.exp,
    },
    issuedAtMs: c.ims,
  };
}

/**
 * Revoked tokens: one token (logout) or every token of a user issued before a moment
 * (lock, password reset, permission change). Redis when REDIS_URL is set, memory otherwise.
 */
export interface RevocationStore {
  revokeToken(jti: string, expSeconds: number): Promise<void>;
  revokeUser(userId: string, ttlSeconds: number): Promise<void>;
  isRevoked(v: VerifiedToken): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryRevocationStore implements RevocationStore {
  private tokens = new Map<string, number>();
  private users = new Map<string, { at: number; until: number }>();
  async revokeToken(jti: string, expSeconds: number) {
    this.tokens.set(jti, expSeconds * 1000);
  }
  async revokeUser(userId: string, ttlSeconds: number) {
    this.users.set(userId, { at: Date.now(), until: Date.now() + ttlSeconds * 1000 });
  }
  async isRevoked(v: VerifiedToken) {
    const now = Date.now();
    const t = this.tokens.get(v.identity.jti);
    if (t !== undefined && t > now) return true;
    const u = this.users.get(v.identity.userId);
    return !!u && u.until > now && v.issuedAtMs <= u.at;
  }
  async close() {}
}

/**
 * Fails closed: while Redis cannot be asked, no token is taken as valid and no revocation is
 * claimed done — the caller gets 503 with a Vietnamese message (never 500, never a pass).
 */
const revocationsUnavailable = () => new AppError('UNAVAILABLE', 'Không kiểm tra được phiên đăng nhập, vui lòng thử lại sau');

export class RedisRevocationStore implements RevocationStore {
  constructor(private redis: Redis) {}
  async revokeToken(jti: string, expSeconds: number) {
    const ttl = Math.max(1, expSeconds - Math.floor(Date.now() / 1000));
    await this.redis.set(`cskh:revoked:jti:${jti}`, '1', 'EX', ttl).catch((err) => {
      throw Object.assign(revocationsUnavailable(), { cause: err });
    });
  }
  async revokeUser(userId: string, ttlSeconds: number) {
    await this.redis.set(`cskh:revoked:user:${userId}`, String(Date.now()), 'EX', ttlSeconds).catch((err) => {
      throw Object.assign(revocationsUnavailable(), { cause: err });
    });
  }
  async isRevoked(v: VerifiedToken) {
    const [t, u] = await this.redis.mget(`cskh:revoked:jti:${v.identity.jti}`, `cskh:revoked:user:${v.identity.userId}`).catch((err) => {
      throw Object.assign(revocationsUnavailable(), { cause: err });
    });
    return t !== null || (u !== null && v.issuedAtMs <= Number(u));
  }
  async close() {}
}

let sharedMemoryStore: MemoryRevocationStore | undefined;

/** Embedded run: one process, so the memory store is shared by auth and the gateway. */
export function createRevocationStore(redis: Redis | undefined): RevocationStore {
  if (redis) return new RedisRevocationStore(redis);
  sharedMemoryStore ??= new MemoryRevocationStore();
  return sharedMemoryStore;
}

export function createRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
}
