/** The seed's calls through the product's public API, as its staff's browsers make them. */
import type { VnDay } from './office';

export class ApiError extends Error {}

/** The envelope's `data` as far as the seed reads it: ids, tokens, pages and import refusals. */
interface Reply {
  [field: string]: unknown;
  access_token?: string;
  id?: string;
  errorRows?: unknown[];
  values?: Array<Record<string, unknown>>;
  /** The next customer to care for (GET /customer/new-care). */
  value?: { customer?: { id?: string } };
}

/** One JSON call through the gateway; the envelope's `data`, or an error naming the call. */
export async function call(base: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { status?: string; data?: Reply } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status >= 300 || !json || json.status === 'error') {
    throw new ApiError(`${method} ${path}: ${res.status} ${text.slice(0, 400)}`);
  }
  return json.data ?? {};
}

export type Caller = (method: string, path: string, body?: unknown) => Promise<Reply>;

/** Import rows as the browser's import button does: chunks of 200, refusals reported. */
export async function importRows(as: Caller, path: string, rows: unknown[], what: string) {
  for (let i = 0; i < rows.length; i += 200) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await as('POST', `${path}${sep}first_row=${i + 2}`, rows.slice(i, i + 200));
    if (r?.errorRows?.length) throw new ApiError(`${what}: rows refused ${JSON.stringify(r.errorRows).slice(0, 400)}`);
  }
}

/** What every step of the seed works with: the callers of the people who act, and the day. */
export interface Seeding {
  admin: Caller;
  /** The caller of a demo staff member by username. */
  who: (username: string) => Caller;
  /** The branch manager who decides orders and bank messages. */
  manager: Caller;
  today: VnDay;
  /** MM/YYYY, the pay month. */
  month: string;
  log: (line: string) => void;
}
