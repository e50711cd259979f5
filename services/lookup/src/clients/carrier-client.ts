import { Agent } from 'undici';
import { MSG } from '../domain/messages';
import { AppError } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import type { CredentialsSource } from './carrier-credentials';

export const CARRIER_TIMEOUT_MSG = MSG.carrierTimeout;
export const CARRIER_DOWN_MSG = MSG.carrierDown;
export const CARRIER_ERROR_MSG = MSG.carrierError;
export const CARRIER_AUTH_MSG = MSG.carrierAuth;
export const CARRIER_NOT_CONFIGURED_MSG = MSG.carrierNotConfigured;

/** A carrier answer as read off the wire: status and parsed JSON body (undefined when not JSON). */
interface CarrierResponse {
  status: number;
  body: unknown;
}

class CarrierTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * HTTP client of the carrier's lookup API (the simulator in every run we control). Every call
 * has a deadline; every failure becomes an AppError with a Vietnamese message the panel shows:
 * TIMEOUT, UNAVAILABLE, or VALIDATION for a request the carrier rejected.
 *
 * undici's dispatcher with a keep-alive pool per origin, driven by a handler (no response stream):
 * on the lookup path fetch() and node:http cost more CPU than the rest of the lookup does — about
 * half of node:http's CPU per request and a quarter of fetch's (CPU profile, load-tests/README.md).
 * A GET whose connection fails before any answer came (the carrier closed a pooled idle
 * connection just as it was reused) is sent once more on a new one: it is idempotent.
 */
export class CarrierClient {
  private agent = new Agent({ connections: 256, keepAliveTimeout: 4000, keepAliveMaxTimeout: 60_000 });
  /** Where and as whom to call, derived from the credentials once (they change rarely). */
  private target?: { url: string; username: string; password: string; origin: string; prefix: string; authorization: string };

  constructor(
    private creds: CredentialsSource,
    private timeoutMs: number,
    private log: Logger,
  ) {}

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
    let res: CarrierResponse;
    try {
      // Inside the try: a malformed base URL is an unreachable carrier (503), as before.
      const t = this.targetFor(c);
      res = await this.send(t.origin, `${t.prefix}${path}${qs.size ? `?${qs}` : ''}`, t.authorization, Date.now() + this.timeoutMs);
    } catch (err) {
      if (err instanceof CarrierTimeout) throw new AppError('TIMEOUT', CARRIER_TIMEOUT_MSG);
      this.log.warn({ err, path }, 'carrier unreachable');
      throw new AppError('UNAVAILABLE', CARRIER_DOWN_MSG);
    }
    const body = res.body;
    if (res.status >= 200 && res.status < 300) {
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

  private targetFor(c: { url: string; username: string; password: string }) {
    const t = this.target;
    if (t && t.url === c.url && t.username === c.username && t.password === c.password) return t;
    const base = new URL(c.url);
    return (this.target = {
      url: c.url,
      username: c.username,
      password: c.password,
      origin: base.origin,
      prefix: base.pathname.replace(/\/$/, ''),
      authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`,
    });
  }

  /** One GET within the deadline (the whole exchange, body included); once more when the connection failed before any answer. */
  private send(origin: string, path: string, authorization: string, deadline: number, retry = true): Promise<CarrierResponse> {
    return new Promise<CarrierResponse>((resolve, reject) => {
      let controller: { abort(reason: Error): void } | undefined;
      let answered = false;
      let settled = false;
      let status = 0;
      const chunks: Buffer[] = [];
      const done = (err: Error | undefined, value?: CarrierResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(value!);
      };
      const timer = setTimeout(
        () => {
          done(new CarrierTimeout('carrier deadline'));
          controller?.abort(new CarrierTimeout('carrier deadline'));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.agent.dispatch(
        { origin, path, method: 'GET', headers: { authorization, accept: 'application/json' } },
        {
          onRequestStart: (c) => {
            controller = c;
            if (settled) c.abort(new CarrierTimeout('carrier deadline'));
          },
          onResponseStart: (_c, statusCode) => {
            answered = true;
            status = statusCode;
          },
          onResponseData: (_c, chunk) => void chunks.push(chunk),
          onResponseEnd: () => {
            let body: unknown;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              body = undefined;
            }
            done(undefined, { status, body });
          },
          onResponseError: (_c, err) => {
            if (settled) return;
            if (retry && !answered && Date.now() < deadline) {
              settled = true;
              clearTimeout(timer);
              this.send(origin, path, authorization, deadline, false).then(resolve, reject);
              return;
            }
            done(err);
          },
        },
      );
    });
  }

  /** Closes the pooled connections. */
  close() {
    void this.agent.destroy().catch(() => undefined);
  }
}
