import jwt from 'jsonwebtoken';
import { AppError } from '../core/errors';
import { signAccessToken, TOKEN_ISSUER, verifyAccessToken } from './tokens';

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
