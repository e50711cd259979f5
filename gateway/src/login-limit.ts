import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '@cskh/kit';
import type { GatewayConfig } from './config';

/**
 * Login limits count failed logins only, never successful ones: a hundred staff behind one
 * office address logging in on a morning must all get in.
 *   - per username: LOGIN_MAX_FAILURES_PER_USERNAME failures in the window → that account's
 *     logins are refused (429) until the window passes (guessing one account's password);
 *     a successful login clears the count.
 *   - per client IP: LOGIN_MAX_FAILURES_PER_IP failures in the window make the address
 *     "throttled" (spraying many accounts). A throttled address may still log in to an account
 *     that has not failed in the window — so a colleague behind the same office address who
 *     types the right password gets in — but each such account is one guess: after one failure
 *     from the throttled address it is refused (429) too.
 * Redis-backed so every replica shares them.
 */
export class LoginLimiter {
  private perUsername: RateLimiterAbstract;
  private perIp: RateLimiterAbstract;

  constructor(config: GatewayConfig, redis?: Redis) {
    const window = config.LOGIN_WINDOW_SECONDS;
    const prefix = config.LOGIN_LIMIT_KEY_PREFIX;
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: window, useRedisPackage: false })
        : new RateLimiterMemory({ keyPrefix, points, duration: window });
    this.perUsername = make(`${prefix}:user`, config.LOGIN_MAX_FAILURES_PER_USERNAME);
    this.perIp = make(`${prefix}:ip`, config.LOGIN_MAX_FAILURES_PER_IP);
  }

  /** Before trying the password: refuse an account out of failures, or a failed one from a throttled address. */
  async check(username: string, ip: string) {
    // Fails closed: without the counters (Redis down) no password is tried (503, not 500).
    const [u, a] = await Promise.all([this.perUsername.get(userKey(username)), this.perIp.get(ipKey(ip))]).catch(limitsUnavailable);
    if (u && u.remainingPoints <= 0) throw limited(u.msBeforeNext);
    const ipThrottled = a !== null && a.remainingPoints <= 0;
    const accountHasFailed = u !== null && u.consumedPoints > 0;
    if (ipThrottled && accountHasFailed) throw limited(Math.max(a.msBeforeNext, u.msBeforeNext));
  }

  async failed(username: string, ip: string) {
    await Promise.all([this.perUsername.penalty(userKey(username), 1), this.perIp.penalty(ipKey(ip), 1)]).catch(limitsUnavailable);
  }

  async succeeded(username: string) {
    await this.perUsername.delete(userKey(username));
  }
}

function limitsUnavailable(err: unknown): never {
  throw Object.assign(new AppError('UNAVAILABLE', 'Hệ thống tạm thời không kiểm tra được đăng nhập, vui lòng thử lại sau'), { cause: err });
}

const userKey = (username: string) => username.trim().toLowerCase() || '(empty)';
const ipKey = (ip: string) => ip || '(unknown)';

function limited(msBeforeNext: number) {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  const err = new AppError('RATE_LIMITED', `Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau ${minutes} phút`) as AppError & {
    retryAfter?: number;
  };
  err.retryAfter = Math.ceil(msBeforeNext / 1000);
  return err;
}
