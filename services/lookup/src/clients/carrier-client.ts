import http from 'node:http';
import https from 'node:https';
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
 * node:http(s) with a keep-alive pool rather than fetch(): on the lookup path fetch's streams,
 * Headers and AbortSignal cost more CPU than the whole lookup otherwise does (CPU profile,
 * load-tests/README.md). A GET that fails because the carrier closed a pooled idle connection just
 * as it was reused is sent once more on a new one (it is idempotent).
 */
export class CarrierClient {
  private agents = {
    'http:': new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' }),
    'https:': new https.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' }),
  };
  private auth?: { username: string; password: string; header: string };

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
    const url = `${c.url}${path}${qs.size ? `?${qs}` : ''}`;
    if (this.auth?.username !== c.username || this.auth.password !== c.password)
      this.auth = {
        username: c.username,
        password: c.password,
        header: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`,
      };
    let res: CarrierResponse;
    try {
      res = await this.send(new URL(url), this.auth.header, Date.now() + this.timeoutMs);
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

  /** One GET within the deadline (the whole exchange, body included); once more on a reused socket reset. */
  private send(url: URL, authorization: string, deadline: number, retry = true): Promise<CarrierResponse> {
    return new Promise<CarrierResponse>((resolve, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      const agent = this.agents[url.protocol as 'http:' | 'https:'];
      let settled = false;
      const done = (err: Error | undefined, value?: CarrierResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(value!);
      };
      const req = mod.request(url, { method: 'GET', agent, headers: { authorization, accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => done(err));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          done(undefined, { status: res.statusCode ?? 0, body });
        });
      });
      const timer = setTimeout(
        () => {
          done(new CarrierTimeout('carrier deadline'));
          req.destroy();
        },
        Math.max(0, deadline - Date.now()),
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (settled) return;
        if (retry && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && Date.now() < deadline) {
          settled = true;
          clearTimeout(timer);
          this.send(url, authorization, deadline, false).then(resolve, reject);
          return;
        }
        done(err);
      });
      req.end();
    });
  }

  /** Closes the pooled connections. */
  close() {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
