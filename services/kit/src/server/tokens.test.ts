import jwt from 'jsonwebtoken';
import { AppError } from '../core/errors';
import { keyRing, signAccessToken, TOKEN_ISSUER, verifyAccessToken } from './tokens';

/**
 * verifyAccessToken keeps tokens it verified (the same token comes with every request): what must
 * not change is what it accepts and refuses — expiry, signature, secret, issuer — on every call.
 */
const SECRET = 'tokens-unit-test-secret-0123456789abcdef';
const who = { userId: 'u1', username: 'an', fullname: 'An', roleName: 'Nhân viên', priority: 3, brandId: 'b', permissions: ['LOOKUP'] };
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? `${e.code}: ${e.msg}` : String(e);
  }
};

describe('verifyAccessToken with its cache of verified tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same identity every time, which no caller can change for the next', () => {
    const { token } = signAccessToken(SECRET, 60, who);
    const a = verifyAccessToken(SECRET, token);
    expect(() => a.identity.permissions.push('ADMIN')).toThrow(TypeError);
    expect(() => {
      a.identity.username = 'changed';
    }).toThrow(TypeError);
    const b = verifyAccessToken(SECRET, token);
    expect(b.identity.username).toBe('an');
    expect(b.identity.permissions).toEqual(['LOOKUP']);
  });

  it('refuses a cached token once it has expired, as jsonwebtoken does', () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    const { token, exp } = signAccessToken(SECRET, 2, who);
    expect(code(() => verifyAccessToken(SECRET, token))).toBe('ok');
    jest.setSystemTime(exp * 1000 - 1);
    expect(code(() => verifyAccessToken(SECRET, token))).toBe('ok');
    jest.setSystemTime(exp * 1000);
    expect(code(() => verifyAccessToken(SECRET, token))).toBe('UNAUTHORIZED: Phiên đăng nhập đã hết hạn');
    expect(code(() => verifyAccessToken(SECRET, token))).toBe('UNAUTHORIZED: Phiên đăng nhập đã hết hạn');
  });

  it('does not take a token verified under one secret for valid under another', () => {
    const { token } = signAccessToken(SECRET, 60, who);
    expect(code(() => verifyAccessToken(SECRET, token))).toBe('ok');
    expect(code(() => verifyAccessToken(`${SECRET}-other`, token))).toBe('UNAUTHORIZED: Token không hợp lệ');
  });

  it('still refuses a tampered token, a foreign issuer and no token', () => {
    const { token } = signAccessToken(SECRET, 60, who);
    verifyAccessToken(SECRET, token);
    const [h, p, s] = token.split('.');
    const body = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...body, pri: 1 })).toString('base64url')}.${s}`;
    expect(code(() => verifyAccessToken(SECRET, forged))).toBe('UNAUTHORIZED: Token không hợp lệ');
    const foreign = jwt.sign({ ...body, iss: undefined }, SECRET, { algorithm: 'HS256', issuer: `${TOKEN_ISSUER}-x` });
    expect(code(() => verifyAccessToken(SECRET, foreign))).toBe('UNAUTHORIZED: Token không hợp lệ');
    expect(code(() => verifyAccessToken(SECRET, undefined))).toBe('UNAUTHORIZED: Bạn chưa đăng nhập');
  });
});

describe('a key ring in JWT_SECRET (rotation without logging anyone out)', () => {
  const OLD = 'old-key-0123456789abcdef0123456789';
  const NEW = 'new-key-0123456789abcdef0123456789';
  const kid = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;

  it('keeps a token of the single key working through every step, until its key is removed', () => {
    const before = signAccessToken(OLD, 60, who).token;
    expect(kid(before)).toBeUndefined();
    // 1. the new key added: still signed with the old one, now by its id
    const added = `old:${OLD},new:${NEW}`;
    expect(code(() => verifyAccessToken(added, before))).toBe('ok');
    const duringAdd = signAccessToken(added, 60, who).token;
    expect(kid(duringAdd)).toBe('old');
    // a verifier not rolled yet (the single key) accepts what the rolled signer issues
    expect(code(() => verifyAccessToken(OLD, duringAdd))).toBe('ok');
    // 2. the new key signs
    const swapped = `new:${NEW},old:${OLD}`;
    const after = signAccessToken(swapped, 60, who).token;
    expect(kid(after)).toBe('new');
    for (const t of [before, duringAdd, after]) expect(code(() => verifyAccessToken(swapped, t))).toBe('ok');
    expect(code(() => verifyAccessToken(added, after))).toBe('ok');
    // 3. the old key removed: only its tokens are refused
    const removed = `new:${NEW}`;
    expect(code(() => verifyAccessToken(removed, after))).toBe('ok');
    expect(code(() => verifyAccessToken(removed, before))).toBe('UNAUTHORIZED: Token không hợp lệ');
    expect(code(() => verifyAccessToken(removed, duringAdd))).toBe('UNAUTHORIZED: Token không hợp lệ');
    // a kid of the ring on a token signed by some other secret is no pass
    const body = JSON.parse(Buffer.from(after.split('.')[1], 'base64url').toString());
    const forged = jwt.sign(body, 'someone-else', { algorithm: 'HS256', keyid: 'new' });
    expect(code(() => verifyAccessToken(swapped, forged))).toBe('UNAUTHORIZED: Token không hợp lệ');
  });

  it('says an expired token of a ring key has expired', () => {
    const ring = `new:${NEW},old:${OLD}`;
    const body = { sub: 'u1', usr: 'an', iat: 1, exp: Math.floor(Date.now() / 1000) - 10 };
    const expired = jwt.sign(body, OLD, { algorithm: 'HS256', issuer: TOKEN_ISSUER, keyid: 'old' });
    expect(code(() => verifyAccessToken(ring, expired))).toBe('UNAUTHORIZED: Phiên đăng nhập đã hết hạn');
  });

  it('takes a value whose parts are not all kid:secret as one key', () => {
    const odd = 'a,b:c-0123456789';
    const { token } = signAccessToken(odd, 60, who);
    expect(kid(token)).toBeUndefined();
    expect(keyRing(odd).all).toHaveLength(1);
    expect(code(() => verifyAccessToken(odd, token))).toBe('ok');
  });
});
