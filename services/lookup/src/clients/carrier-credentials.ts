import { auth_v1_auth } from '@cskh/proto';
import { AppError } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import { serviceClient, ServiceClient } from '@cskh/kit/server';

export interface CarrierCredentials {
  url: string;
  username: string;
  password: string;
  /** Where they came from: the system account, or the environment fallback. */
  source: 'system-account' | 'env';
}

export interface CredentialsSource {
  get(): Promise<CarrierCredentials>;
  /** Forget the cached value (after the carrier refused them). */
  invalidate(): void;
}

/**
 * The carrier's base URL and login come from the system account at position `carrier`
 * (auth's internal SystemAccountService.GetCredentials: account, password, api). When auth is not
 * configured, has no such account or cannot be reached, the environment's CARRIER_URL /
 * CARRIER_USERNAME / CARRIER_PASSWORD are used. Cached for `ttlMs` (the fallback for less), then
 * fetched again while the known ones are still answered; refused ones (invalidate) are waited for.
 */
export class SystemAccountCredentials implements CredentialsSource {
  private cached?: { value: CarrierCredentials; until: number };
  private pending?: Promise<CarrierCredentials>;
  private client?: ServiceClient<typeof auth_v1_auth.SystemAccountServiceService>;

  constructor(
    private opts: {
      authUrl?: string;
      position: string;
      fallback: { url?: string; username?: string; password?: string };
      ttlMs: number;
      log: Logger;
    },
  ) {
    if (opts.authUrl) this.client = serviceClient(auth_v1_auth.SystemAccountServiceService, opts.authUrl, { deadlineMs: 3000 });
  }

  async get(): Promise<CarrierCredentials> {
    const known = this.cached;
    if (known && known.until > Date.now()) return known.value;
    this.pending ??= this.load().finally(() => (this.pending = undefined));
    if (!known) return this.pending;
    // Expired but known: answered at once while they are fetched again, so no lookup waits for
    // auth (every lookup of a pod waited on each refresh, for seconds while auth's pods rolled).
    this.pending.catch(() => undefined);
    return known.value;
  }

  invalidate() {
    this.cached = undefined;
  }

  close() {
    this.client?.close();
  }

  private async load(): Promise<CarrierCredentials> {
    if (this.client) {
      try {
        const c = await this.client.getCredentials({ position: this.opts.position });
        if (c.api) {
          const value: CarrierCredentials = {
            url: c.api.replace(/\/+$/, ''),
            username: c.account,
            password: c.password,
            source: 'system-account',
          };
          this.cached = { value, until: Date.now() + this.opts.ttlMs };
          return value;
        }
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'NOT_FOUND'))
          this.opts.log.warn({ err }, 'carrier system account unavailable; using CARRIER_URL');
      }
    }
    const f = this.opts.fallback;
    if (!f.url) throw new Error('no carrier configured: no system account "' + this.opts.position + '" and no CARRIER_URL');
    const value: CarrierCredentials = {
      url: f.url.replace(/\/+$/, ''),
      username: f.username ?? '',
      password: f.password ?? '',
      source: 'env',
    };
    this.cached = { value, until: Date.now() + Math.min(this.opts.ttlMs, 10000) };
    return value;
  }
}

/** Fixed credentials (tests). */
export const fixedCredentials = (c: Omit<CarrierCredentials, 'source'>): CredentialsSource => ({
  get: async () => ({ ...c, source: 'env' }),
  invalidate() {},
});
