/**
 * The one API helper: relative URLs, bearer token, JSON, envelope unwrap, 401 handling.
 *
 * Envelope (spec 1 §7): success `{ status: 200|201, data }`; errors `{ status, code, msg }`.
 * Any 401 clears local storage, persisted state and cookies and goes to /login.
 */
import { trackRequest } from './activity';

export class ApiError extends Error {
  status: number;
  code: string;
  msg: string;
  constructor(status: number, code: string, msg: string) {
    super(msg || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.msg = msg;
  }
}

type Query = Record<string, unknown>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Login answers 401 for bad credentials; that must not end a (non-existent) session. */
  skipUnauthorizedHandler?: boolean;
  signal?: AbortSignal;
}

let tokenProvider: () => string | null = () => null;
let unauthorizedHandler: () => void = () => {};

export function configureApi(opts: { getToken: () => string | null; onUnauthorized: () => void }) {
  tokenProvider = opts.getToken;
  unauthorizedHandler = opts.onUnauthorized;
}

export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => params.append(k, String(item)));
    else params.append(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The bearer header of the session, for a request that reads its answer itself (the export's stream). */
export function authHeaders(): Record<string, string> {
  const token = tokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A 401 that did not come through `request` (e.g. a socket lookup refused): end the session the same way. */
export function handleUnauthorized() {
  unauthorizedHandler();
}

export function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  return trackRequest(send<T>(method, path, opts));
}

async function send<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path + buildQuery(opts.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Không kết nối được máy chủ');
  }
  // The gateway's envelope {status, code, msg, data}, or a body of another shape (a proxy's page).
  let json: { status?: unknown; code?: string; msg?: string; data?: unknown } | null = null;
  const text = await res.text();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      json = parsed && typeof parsed === 'object' ? parsed : null;
    } catch {
      json = null;
    }
  }
  const status = typeof json?.status === 'number' ? json.status : res.status;
  if (res.status === 401 || status === 401) {
    if (!opts.skipUnauthorizedHandler) unauthorizedHandler();
    throw new ApiError(401, json?.code ?? 'UNAUTHENTICATED', json?.msg ?? '');
  }
  if (res.ok && (status === 200 || status === 201)) {
    return (json && 'data' in json ? json.data : json) as T;
  }
  throw new ApiError(status || res.status, json?.code ?? 'ERROR', json?.msg ?? '');
}

export const api = {
  get: <T = unknown>(path: string, query?: Query, opts?: RequestOptions) => request<T>('GET', path, { ...opts, query }),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  del: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};

/** The server's msg when present. */
export function errorMsg(e: unknown): string {
  if (e instanceof ApiError) return e.msg;
  return '';
}

/**
 * A failure toast: the spec's fixed text, followed by the server's msg when it says more.
 */
export function failText(fixed: string, e: unknown): string {
  const msg = errorMsg(e);
  if (!msg || msg === fixed) return fixed;
  return fixed.endsWith('.') ? `${fixed} ${msg}` : `${fixed}: ${msg}`;
}

export interface ListData<T> {
  values: T[];
  count: number;
  [extra: string]: unknown;
}
