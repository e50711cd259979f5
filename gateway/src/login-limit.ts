import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '@cskh/kit';
import type { GatewayConfig } from './config';

/**
 * Login limits count failed logins only, never successful ones: a hundred staff behind one
 * office address logging in on a morning must all get in. No counter ever refuses the right
 * password typed at an address that has not failed on that account, so a stranger who knows a
 * username cannot lock its owner out (five wrong passwords for `admin` from anywhere
 * used to refuse the right one for 15 minutes, again and again).
 *   - per account and address: LOGIN_MAX_FAILURES_PER_USERNAME failures in the window → that
 *     account's logins from that address are refused (429) until the window passes (guessing one
 *     account's password from one place); a successful login there clears the count.
 *   - per account, all addresses: LOGIN_MAX_FAILURES_PER_ACCOUNT failures in the window put the
 *     account "under attack" (guessing from many addresses). Each address then has one guess at
 *     it: an address that has failed on it in the window is refused, one that has not may still
 *     try — the owner at their usual desk gets in. A success does not clear this count (the
 *     owner logging in must not re-open the guessing).
 *   - per client address: LOGIN_MAX_FAILURES_PER_IP failures in the window make the address
 *     "throttled" (spraying many accounts): it too has one guess per account, so a colleague
 *     behind the same office address who types the right password still gets in.
 * So a guesser gets LOGIN_MAX_FAILURES_PER_USERNAME tries per address and window, one once the
 * account is under attack: bounded by the addresses they hold, never by the owner's patience.
 * Addresses are Express's req.ip, which believes X-Forwarded-For only from TRUSTED_PROXIES.
 * Redis-backed so every replica shares them.
 */
export class LoginLimiter {
  private perPair: RateLimiterAbstract;
  private perAccount: RateLimiterAbstract;
  private perIp: RateLimiterAbstract;

  constructor(config: GatewayConfig, redis?: Redis) {
    const window = config.LOGIN_WINDOW_SECONDS;
    const prefix = config.LOGIN_LIMIT_KEY_PREFIX;
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: window, useRedisPackage: false })
        : new RateLimiterMemory({ keyPrefix, points, duration: window });
    this.perPair = make(`${prefix}:user-ip`, config.LOGIN_MAX_FAILURES_PER_USERNAME);
    this.perAccount = make(`${prefix}:user`, config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    this.perIp = make(`${prefix}:ip`, config.LOGIN_MAX_FAILURES_PER_IP);
  }

  /** Before trying the password: refuse an address out of guesses at this account. */
  async check(username: string, ip: string) {
    // Fails closed: without the counters (Redis down) no password is tried (503, not 500).
    const [pair, account, address] = await Promise.all([
      this.perPair.get(pairKey(username, ip)),
      this.perAccount.get(userKey(username)),
      this.perIp.get(ipKey(ip)),
    ]).catch(limitsUnavailable);
    if (pair && pair.remainingPoints <= 0) throw limited(pair.msBeforeNext);
    const failedHere = pair !== null && pair.consumedPoints > 0;
    if (!failedHere) return;
    const underAttack = account !== null && account.remainingPoints <= 0;
    const throttled = address !== null && address.remainingPoints <= 0;
    if (underAttack || throttled) throw limited(pair.msBeforeNext);
  }

  async failed(username: string, ip: string) {
    await Promise.all([
      this.perPair.penalty(pairKey(username, ip), 1),
      this.perAccount.penalty(userKey(username), 1),
      this.perIp.penalty(ipKey(ip), 1),
    ]).catch(limitsUnavailable);
  }

  async succeeded(username: string, ip: string) {
    await this.perPair.delete(pairKey(username, ip)).catch(limitsUnavailable);
  }
}

function limitsUnavailable(err: unknown): never {
  throw Object.assign(new AppError('UNAVAILABLE', 'Hệ thống tạm thời không kiểm tra được đăng nhập, vui lòng thử lại sau'), { cause: err });
}

const userKey = (username: string) => username.trim().toLowerCase() || '(empty)';
const ipKey = (ip: string) => ip || '(unknown)';
const pairKey = (username: string, ip: string) => `${ipKey(ip)}|${userKey(username)}`;

function limited(msBeforeNext: number) {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  const err = new AppError('RATE_LIMITED', `Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau ${minutes} phút`) as AppError & {
    retryAfter?: number;
  };
  err.retryAfter = Math.ceil(msBeforeNext / 1000);
  return err;
}
