import { MSG } from '../domain/messages';
import { AppError, Logger } from '@cskh/kit';
import type { CredentialsSource } from './credentials';

export const CARRIER_TIMEOUT_MSG = MSG.carrierTimeout;
export const CARRIER_DOWN_MSG = MSG.carrierDown;
export const CARRIER_ERROR_MSG = MSG.carrierError;
export const CARRIER_AUTH_MSG = MSG.carrierAuth;
export const CARRIER_NOT_CONFIGURED_MSG = MSG.carrierNotConfigured;

/**
 * HTTP client of the carrier's lookup API (the simulator in every run we control). Every call
 * has a deadline; every failure becomes an AppError with a Vietnamese message the panel shows:
 * TIMEOUT, UNAVAILABLE, or VALIDATION for a request the carrier rejected.
 */
export class CarrierClient {
  constructor(private creds: CredentialsSource, private timeoutMs: number, private log: Logger) {}

  async get(path: string, query: Record<string, string | number | undefined> = {}): Promise<unknown> {
    let c;
    try {
      c = await this.creds.get();
    } catch (err) {
      this.log.error({ err }, 'carrier credentials');
      throw new AppError('UNAVAILABLE', CARRIER_NOT_CONFIGURED_MSG);
    }
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${c.url}${path}${qs.size ? `?${qs}` : ''}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AppError('TIMEOUT', CARRIER_TIMEOUT_MSG);
      this.log.warn({ err, path }, 'carrier unreachable');
      throw new AppError('UNAVAILABLE', CARRIER_DOWN_MSG);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AppError('TIMEOUT', CARRIER_TIMEOUT_MSG);
      body = undefined;
    }
    if (res.ok) {
      if (body === undefined) throw new AppError('UNAVAILABLE', CARRIER_ERROR_MSG);
      return body;
    }
    const carrierMsg = typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : '';
    if (res.status === 401 || res.status === 403) {
      this.creds.invalidate();
      throw new AppError('UNAVAILABLE', CARRIER_AUTH_MSG);
    }
    if (res.status === 400 || res.status === 404 || res.status === 422) throw new AppError('VALIDATION', carrierMsg || MSG.carrierRefused);
    if (res.status === 429) throw new AppError('RATE_LIMITED', MSG.carrierThrottled);
    if (res.status === 504) throw new AppError('TIMEOUT', CARRIER_TIMEOUT_MSG);
    throw new AppError('UNAVAILABLE', CARRIER_ERROR_MSG);
  }
}
