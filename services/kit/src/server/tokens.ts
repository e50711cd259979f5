import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type Redis from 'ioredis';
import { AppError } from '../core/errors';
import { Identity } from '../core/identity';

/**
 * Who issues our access tokens (`iss`). Verification requires it, so a token minted for another
 * system that happens to share the secret (or a test key) is not taken for ours.
 */
export const TOKEN_ISSUER = 'cskh-auth';

/** Claims of our access token (HS256, signed by auth, verified by gateway and realtime; keyRing). */
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
  const { signing } = keyRing(secret);
  const header = signing.kid === undefined ? {} : { keyid: signing.kid };
  return { token: jwt.sign(claims, signing.key, { algorithm: 'HS256', issuer: TOKEN_ISSUER, ...header }), jti, exp };
}

export interface VerifiedToken {
  identity: Identity;
  issuedAtMs: number;
}

/** The keys of JWT_SECRET: the one that signs, and every one that verifies, by id. */
export interface KeyRing {
  signing: { kid?: string; key: KeyObject };
  byKid: ReadonlyMap<string, KeyObject>;
  all: readonly KeyObject[];
}

const KEYED_ENTRY = /^([A-Za-z0-9._-]{1,40}):(.+)$/s;
// jsonwebtoken turns a string secret into a key object on every call (measurable on the lookup
// hot path); one ring of KeyObjects per JWT_SECRET value avoids that.
const rings = new Map<string, KeyRing>();

/**
 * JWT_SECRET is one key, or a key ring `kid:secret,kid:secret,…` so that the key can be rotated
 * without logging anyone out (helm/README.md, "Rotate the JWT signing key"): the first key signs
 * and names itself in the token's header (`kid`); every key verifies. A value whose entries are
 * not all `kid:secret` is one key.
 */
export function keyRing(secret: string): KeyRing {
  let ring = rings.get(secret);
  if (ring) return ring;
  const entries = secret.split(',').map((e) => KEYED_ENTRY.exec(e.trim()));
  const toKey = (text: string) => createSecretKey(Buffer.from(text, 'utf8'));
  if (entries.every((m) => m !== null)) {
    const byKid = new Map<string, KeyObject>();
    for (const m of entries) if (!byKid.has(m![1])) byKid.set(m![1], toKey(m![2]));
    const [kid, key] = [...byKid][0];
    ring = { signing: { kid, key }, byKid, all: [...byKid.values()] };
  } else {
    const key = toKey(secret);
    ring = { signing: { key }, byKid: new Map(), all: [key] };
  }
  rings.set(secret, ring);
  return ring;
}

/** The `kid` of a token's header, when it names one. */
function kidOf(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8')) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tokens already verified, by secret then token text: a browser sends the same token with every
 * request for its whole life, and HMAC + JSON parsing were a measurable share of the gateway's
 * CPU per lookup. Only a token that verified is kept; its expiry is still checked on every use
 * (revocation is the revocation store's job, asked on every request as before). What a hit answers
 * is frozen, permissions included: every request of that token shares it, and copying the claims
 * per request was garbage the gateway's collector paid for.
 */
const verifiedBySecret = new Map<string, Map<string, { v: VerifiedToken; expMs: number }>>();
const VERIFIED_MAX = 10_000;

/**
 * The claims of a token signed by a key of the ring: the key its `kid` names, else (a token of a
 * single key, or of a key this process does not know by id yet) each key in turn.
 */
function verifiedClaims(ring: KeyRing, token: string): Claims {
  const kid = kidOf(token);
  const named = kid === undefined ? undefined : ring.byKid.get(kid);
  let failure: unknown;
  for (const key of named ? [named] : ring.all) {
    try {
      return jwt.verify(token, key, { algorithms: ['HS256'], issuer: TOKEN_ISSUER }) as Claims;
    } catch (e) {
      failure = e;
      if ((e as Error).name === 'TokenExpiredError') break;
    }
  }
  const expired = (failure as Error).name === 'TokenExpiredError';
  throw new AppError('UNAUTHORIZED', expired ? 'Phiên đăng nhập đã hết hạn' : 'Token không hợp lệ');
}

/** Throws AppError UNAUTHORIZED for a missing, malformed, badly signed or expired token. */
export function verifyAccessToken(secret: string, token: string | undefined): VerifiedToken {
  if (!token) throw new AppError('UNAUTHORIZED', 'Bạn chưa đăng nhập');
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const hit = verified.get(token);
  if (hit) {
    if (hit.expMs > Date.now()) return hit.v;
    verified.delete(token);
    throw new AppError('UNAUTHORIZED', 'Phiên đăng nhập đã hết hạn');
  }
  const c = verifiedClaims(keyRing(secret), token);
  const v: VerifiedToken = Object.freeze({
    identity: Object.freeze({
      userId: c.sub,
      username: c.usr,
      fullname: c.name,
      roleName: c.role,
      priority: c.pri,
      brandId: c.brand,
      permissions: Object.freeze([...(c.perms ?? [])]) as string[],
      jti: c.jti,
      exp: c.exp,
    }),
    issuedAtMs: c.ims,
  });
  // jsonwebtoken rejects at exp (seconds); so does the cache. A token without exp is not cached.
  if (typeof c.exp === 'number') {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, { v, expMs: c.exp * 1000 });
  }
  return v;
}

/**
 * Revoked tokens: one token (logout) or every token of a user issued before a moment
 * (lock, password reset, permission change). Redis when REDIS_URL is set, memory otherwise.
 */
export interface RevocationStore {
  revokeToken(jti: string, expSeconds: number): Promise<void>;
  revokeUser(userId: string, ttlSeconds: number): Promise<void>;
  isRevoked(v: VerifiedToken): Promise<boolean>;
  /**
   * What this process already knows of the token without asking anyone: true or false, or
   * undefined when only isRevoked can tell. Lets a caller skip a promise on the hot path.
   */
  knownRevoked(v: VerifiedToken): boolean | undefined;
  /**
   * Called for every revocation made anywhere (this process or, over Redis, another), after the
   * store already answers it: whoever holds open sessions (the socket tier) closes them at once
   * instead of at their next request. Returns the unsubscribe function.
   */
  onRevoked(listener: RevocationListener): () => void;
  /**
   * Drops what this process remembers of a token's revocation state, so that its next check asks
   * the store: a process that has just seen the token revoked (the gateway answering a logout)
   * then refuses it at once, not when the announcement arrives.
   */
  forgetCached(identity: Identity): void;
  close(): Promise<void>;
}

/** What a revocation names: one token (logout), or every token of a user issued until now. */
export type Revocation = { jti: string } | { userId: string };
export type RevocationListener = (r: Revocation) => void;

/** The listeners of one store: each called on its own, one that throws does not stop the others. */
class RevocationListeners {
  private listeners = new Set<RevocationListener>();
  add(l: RevocationListener) {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }
  emit(r: Revocation) {
    for (const l of this.listeners) {
      try {
        l(r);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }
}

const JTI_KEY = 'cskh:revoked:jti:';
const USER_KEY = 'cskh:revoked:user:';
/** The revocation a Redis key stands for, or undefined for any other key. */
export function revocationOfKey(key: string): Revocation | undefined {
  if (key.startsWith(JTI_KEY) && key.length > JTI_KEY.length) return { jti: key.slice(JTI_KEY.length) };
  if (key.startsWith(USER_KEY) && key.length > USER_KEY.length) return { userId: key.slice(USER_KEY.length) };
  return undefined;
}

export class MemoryRevocationStore implements RevocationStore {
  private tokens = new Map<string, number>();
  private users = new Map<string, { at: number; until: number }>();
  private listeners = new RevocationListeners();
  async revokeToken(jti: string, expSeconds: number) {
    this.tokens.set(jti, expSeconds * 1000);
    this.listeners.emit({ jti });
  }
  async revokeUser(userId: string, ttlSeconds: number) {
    this.users.set(userId, { at: Date.now(), until: Date.now() + ttlSeconds * 1000 });
    this.listeners.emit({ userId });
  }
  onRevoked(listener: RevocationListener) {
    return this.listeners.add(listener);
  }
  forgetCached() {
    /* nothing cached */
  }
  async isRevoked(v: VerifiedToken) {
    return this.knownRevoked(v);
  }
  knownRevoked(v: VerifiedToken) {
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

/** Redis channel on which every revocation is announced (the key that changed). */
export const REVOCATION_CHANNEL = 'cskh:revoked';
/**
 * How long a process may answer a token's revocation check from memory. The entry is dropped at
 * once when a revocation is announced on REVOCATION_CHANNEL; this bound holds even if the
 * announcement were lost, so a revocation is effective everywhere within it (the product promises
 * one second).
 */
export const REVOCATION_CACHE_MS = 500;
const CACHE_MAX_ENTRIES = 100_000;

/**
 * Revocations in Redis, with a short local cache for the check (one Redis round trip per token and
 * half second instead of per request). The cache is used only while this process is subscribed to
 * REVOCATION_CHANNEL: when that connection drops (Redis down, restarting), the cache is emptied and
 * every check asks Redis again, so the store still fails closed.
 */
/** A token is revoked by its own key, or by its user's key stamped at or after the token was issued. */
const revokedBy = (v: VerifiedToken, token: string | null, user: string | null) =>
  token !== null || (user !== null && v.issuedAtMs <= Number(user));

export class RedisRevocationStore implements RevocationStore {
  private cache = new Map<string, { value: string | null; until: number }>();
  /** Bumped by every announcement and by a lost subscription: a read that overlapped one is not cached. */
  private generation = 0;
  private sub?: Redis;
  private subscribed = false;
  private closed = false;
  private listeners = new RevocationListeners();

  constructor(
    private redis: Redis,
    private cacheMs = REVOCATION_CACHE_MS,
  ) {}

  async revokeToken(jti: string, expSeconds: number) {
    const ttl = Math.max(1, expSeconds - Math.floor(Date.now() / 1000));
    await this.setAndAnnounce(`${JTI_KEY}${jti}`, '1', ttl);
  }
  async revokeUser(userId: string, ttlSeconds: number) {
    await this.setAndAnnounce(`${USER_KEY}${userId}`, String(Date.now()), ttlSeconds);
  }
  onRevoked(listener: RevocationListener) {
    this.listen();
    return this.listeners.add(listener);
  }
  forgetCached(identity: Identity) {
    this.forget(`${JTI_KEY}${identity.jti}`);
  }
  private async setAndAnnounce(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(key, value, 'EX', ttlSeconds).catch((err) => {
      throw Object.assign(revocationsUnavailable(), { cause: err });
    });
    this.forget(key);
    // The revocation is stored: a lost announcement only delays it to the cache's bound.
    await this.redis.publish(REVOCATION_CHANNEL, key).catch(() => undefined);
  }

  knownRevoked(v: VerifiedToken): boolean | undefined {
    if (this.cacheMs <= 0) return undefined;
    this.listen();
    if (!this.subscribed) return undefined;
    const now = Date.now();
    const t = this.cache.get(`${JTI_KEY}${v.identity.jti}`);
    const u = this.cache.get(`${USER_KEY}${v.identity.userId}`);
    if (t && u && t.until > now && u.until > now) return revokedBy(v, t.value, u.value);
    return undefined;
  }

  async isRevoked(v: VerifiedToken) {
    const known = this.knownRevoked(v);
    if (known !== undefined) return known;
    const kt = `${JTI_KEY}${v.identity.jti}`;
    const ku = `${USER_KEY}${v.identity.userId}`;
    const generation = this.generation;
    const [t, u] = await this.redis.mget(kt, ku).catch((err) => {
      throw Object.assign(revocationsUnavailable(), { cause: err });
    });
    if (this.subscribed && generation === this.generation) {
      if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
      const until = Date.now() + this.cacheMs;
      this.cache.set(kt, { value: t, until });
      this.cache.set(ku, { value: u, until });
    }
    return revokedBy(v, t, u);
  }

  private forget(key?: string) {
    this.generation++;
    if (key) this.cache.delete(key);
    else this.cache.clear();
  }

  /** Subscribes (once, lazily: only processes that check tokens need it) to the announcements. */
  private listen() {
    if (this.sub || this.closed) return;
    const sub = this.redis.duplicate({ lazyConnect: false, enableAutoPipelining: false });
    this.sub = sub;
    const lost = () => {
      this.subscribed = false;
      this.forget();
    };
    sub.on('error', () => undefined);
    sub.on('close', lost);
    sub.on('end', lost);
    sub.on('reconnecting', lost);
    sub.on('ready', () => {
      sub.subscribe(REVOCATION_CHANNEL).then(() => {
        // Whatever was announced while not subscribed is unknown here: start from empty.
        this.forget();
        if (!this.closed) this.subscribed = true;
      }, lost);
    });
    sub.on('message', (_channel: string, key: string) => {
      // Forgotten first, so that a listener asking isRevoked reads the new state from Redis.
      this.forget(key);
      const r = revocationOfKey(key);
      if (r) this.listeners.emit(r);
    });
  }

  async close() {
    this.closed = true;
    this.subscribed = false;
    this.forget();
    this.sub?.disconnect();
    this.sub = undefined;
  }
}

let sharedMemoryStore: MemoryRevocationStore | undefined;

/** Embedded run: one process, so the memory store is shared by auth and the gateway. */
export function createRevocationStore(redis: Redis | undefined): RevocationStore {
  if (redis) return new RedisRevocationStore(redis);
  sharedMemoryStore ??= new MemoryRevocationStore();
  return sharedMemoryStore;
}
