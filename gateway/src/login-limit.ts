import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@cskh/kit';
import type { GatewayConfig } from './config';

/**
 * Login attempt limits: failed logins per username (guessing one account's password) and all
 * attempts per client IP (spraying many accounts). Redis-backed so every replica shares them.
 */
export class LoginLimiter {
  private perUsername: RateLimiterAbstract;
  private perIp: RateLimiterAbstract;

  constructor(config: GatewayConfig, redis?: Redis) {
    const window = config.LOGIN_WINDOW_SECONDS;
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: window, useRedisPackage: false })
        : new RateLimiterMemory({ keyPrefix, points, duration: window });
    this.perUsername = make('cskh:login:user', config.LOGIN_MAX_FAILURES_PER_USERNAME);
    this.perIp = make('cskh:login:ip', config.LOGIN_MAX_ATTEMPTS_PER_IP);
  }

  /** Before trying: refuse when the username has no failures left; count the IP's attempt. */
  async check(username: string, ip: string) {
    const u = await this.perUsername.get(key(username));
    if (u && u.remainingPoints <= 0) throw limited(u.msBeforeNext);
    try {
      await this.perIp.consume(ip);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw limited(e.msBeforeNext);
      throw e;
    }
  }

  async failed(username: string, _ip: string) {
    await this.perUsername.penalty(key(username), 1);
  }

  async succeeded(username: string) {
    await this.perUsername.delete(key(username));
  }
}

const key = (username: string) => username.trim().toLowerCase() || '(empty)';

function limited(msBeforeNext: number) {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  const err = new AppError('RATE_LIMITED', `Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau ${minutes} phút`) as AppError & {
    retryAfter?: number;
  };
  err.retryAfter = Math.ceil(msBeforeNext / 1000);
  return err;
}
