import type { Request, Response } from 'express';
import type * as grpc from '@grpc/grpc-js';
import { MAX_PAGE_SIZE, EXPORT_WINDOW_ROWS, MAX_EXPORT_WINDOW, MAX_PAGE, exportWindowCount } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import { GenericClient } from '@cskh/kit/server';
import type { RouteDef } from './routes';

/**
 * "All rows" answers of the list routes, streamed (safe data out).
 *
 * The browser exports a list by asking its route for every row (count ≥ 100,000, the spec's
 * 9999999999; or a `getAll` flag). Answered as one gRPC message and one JSON body, such an answer
 * grew with the table in the service and here, and broke the 64 MiB message limit. Instead, for
 * every route whose request has `page` and `count` and whose reply has a repeated row field
 * (`values`) and `count` — read from the protos, no route named here — the gateway:
 *
 * - asks the service for the same all-rows request one window at a time (count =
 *   exportWindowCount(size), page = the window's number; see services/kit/src/core/paging.ts), so the
 *   service still applies its own export rules (who may export, which rows, masking) to every
 *   window and reads only that window from the database (the kit's lists find deep windows by
 *   key, and compute totals and group counts in the first window only);
 * - writes `{"status":200,"data":{"values":[…rows…],"count":N,…}}` as the windows arrive — the
 *   same document as before (count = rows sent; totals and per-group counts from the first
 *   window, which covers the whole filter), so the web and every client read it unchanged;
 * - respects backpressure (a full socket buffer waits for 'drain'), fetches the next window while
 *   writing this one (at most two windows in memory), and cancels the upstream call when the
 *   client goes away;
 * - keeps the order and sends no row twice when rows arrive at the top of the list meanwhile (an
 *   offset window then starts with rows already sent): rows with an `id` are skipped by id among
 *   the last two windows' ids; rows without one, when the window starts with the rows the
 *   previous one ended with;
 * - once the 200 and the first rows are out, a failure can no longer become an error envelope:
 *   the connection is cut before the JSON is closed, so a client can never take a truncated
 *   answer for a complete one (the web's export checks it: web/src/list/exportFetch.ts).
 *
 * A service that does not apply windows (a handler that reads its rows without pageSql) answers
 * every row to the first window; that answer is then streamed as it is (bounded in the gateway's
 * output, not in the service).
 */

export interface ExportPlan {
  /** The reply's repeated row field. */
  rowsField: string;
  /** The row type has an `id` field (rows are told apart by it). */
  rowsHaveId: boolean;
  /** A request flag that also means all rows (getAll), if the route has one. */
  allFlag?: string;
}

const plans = new WeakMap<RouteDef, ExportPlan | null>();

/** How a list route streams its "all rows" answer; undefined when the route is not a list. */
export function exportPlan(route: RouteDef): ExportPlan | undefined {
  let plan = plans.get(route);
  if (plan === undefined) {
    plan = planOf(route) ?? null;
    plans.set(route, plan);
  }
  return plan ?? undefined;
}

const INTEGER = /^TYPE_(U?INT|SINT|S?FIXED)(32|64)$/;

function planOf(route: RouteDef): ExportPlan | undefined {
  if (route.method !== 'get' && route.method !== 'post') return undefined;
  const req = route.requestFields;
  const isInt = (name: string) => req.some((f) => f.name === name && !f.repeated && INTEGER.test(f.type));
  if (!isInt('page') || !isInt('count')) return undefined;
  const reply = route.types.messages.get(route.responseType) ?? [];
  if (!reply.some((f) => f.name === 'count' && !f.repeated)) return undefined;
  const lists = reply.filter((f) => f.repeated && !f.map && f.type === 'TYPE_MESSAGE');
  const rows = lists.find((f) => f.name === 'values') ?? (lists.length === 1 ? lists[0] : undefined);
  if (!rows) return undefined;
  const rowFields = route.types.messages.get(rows.typeName ?? '') ?? [];
  const flag = req.find((f) => f.name === 'getAll' && !f.repeated && (f.type === 'TYPE_BOOL' || f.type === 'TYPE_STRING'));
  return { rowsField: rows.name, rowsHaveId: rowFields.some((f) => f.name === 'id' && !f.repeated), allFlag: flag?.name };
}

/** The paged list routes (page, count → rows, count) that declare no row_scope, as "GET /path". */
export function unscopedLists(routes: readonly RouteDef[]): string[] {
  return routes.filter((r) => exportPlan(r) && !r.rules.rowScope).map((r) => `${r.method.toUpperCase()} ${r.path}`);
}

/** Whether a (checked) request message of a list route asks for all rows. */
export function asksAllRows(plan: ExportPlan, message: Record<string, unknown>): boolean {
  if (Number(message.count ?? 0) > MAX_PAGE_SIZE) return true;
  const flag = plan.allFlag ? message[plan.allFlag] : undefined;
  return flag === true || flag === 'true' || flag === '1';
}

/** Rows per window: CSKH_EXPORT_WINDOW_ROWS (tests use small windows), else EXPORT_WINDOW_ROWS. */
export function exportWindowRows(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CSKH_EXPORT_WINDOW_ROWS);
  return Number.isInteger(n) && n >= 1 && n <= MAX_EXPORT_WINDOW ? n : EXPORT_WINDOW_ROWS;
}

export interface StreamExportOptions {
  client: GenericClient;
  md: grpc.Metadata;
  req: Request;
  res: Response;
  log: Logger;
  /** Deadline of each window's call. */
  timeoutMs: number;
  windowRows?: number;
}

/** One window: the unary call, cancelled when `signal` aborts. */
function callWindow(o: StreamExportOptions, rpc: string, message: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('client gone'));
    const call = o.client[rpc](
      message,
      o.md,
      { deadline: new Date(Date.now() + o.timeoutMs) },
      (err: Error | null, reply: Record<string, unknown>) => {
        signal.removeEventListener('abort', cancel);
        if (err) reject(err);
        else resolve(reply ?? {});
      },
    ) as grpc.ClientUnaryCall;
    const cancel = () => call.cancel();
    signal.addEventListener('abort', cancel, { once: true });
  });
}

/** Whether streamExport answers this request (a list asked for all rows), checked before any await. */
export function isStreamedExport(route: RouteDef, message: Record<string, unknown>): boolean {
  const plan = exportPlan(route);
  if (!plan || !asksAllRows(plan, message)) return false;
  // CSKH_EXPORT_STREAM=off: the single-message answer of before (a way back, and the baseline of npm run bench:export).
  return process.env.CSKH_EXPORT_STREAM !== 'off';
}

/**
 * Answers the request here when it is a list route asked for all rows (true), else leaves it to
 * the caller (false). A failure before anything is written is thrown (the caller answers the
 * error envelope as for any call); after that it is never thrown: the connection is cut.
 */
export async function streamExport(route: RouteDef, message: Record<string, unknown>, o: StreamExportOptions): Promise<boolean> {
  if (!isStreamedExport(route, message)) return false;
  const plan = exportPlan(route)!;
  const size = o.windowRows ?? exportWindowRows();
  const { res, log } = o;
  const abort = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) abort.abort();
  };
  res.once('close', onClose);
  // Every window is the all-rows request itself with a window count: the service applies its
  // export rules to each (who may export, which rows) and reads that window only (kit: pageSql, and
  // listPage finds deep windows by key and computes totals in the first window only).
  const windowOf = (page: number) => callWindow(o, route.rpc, { ...message, page, count: exportWindowCount(size) }, abort.signal);

  try {
    // Nothing is written before the first window: its failure is an ordinary error answer.
    const first = await windowOf(1);
    const out = new JsonRowWriter(res, abort.signal);
    const dedup = new Dedup(plan.rowsHaveId);
    const rest: Record<string, unknown> = { ...first };
    delete rest[plan.rowsField];
    let sent = 0;
    try {
      res.status(route.successStatus);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      // Tells a client that `count` is the number of rows written (web/src/list/exportFetch.ts checks it).
      res.setHeader('X-Export-Stream', 'windows');
      await out.write(`{"status":${route.successStatus},"data":{${JSON.stringify(plan.rowsField)}:[`);
      let reply: Record<string, unknown> = first;
      for (let page = 1; ; page++) {
        const rows = (reply[plan.rowsField] as unknown[] | undefined) ?? [];
        // A full window (and not the last page a page number may name) may have more after it: ask now, write meanwhile.
        const more = rows.length === size && page < MAX_PAGE;
        const next = more ? windowOf(page + 1) : undefined;
        next?.catch(() => undefined); // awaited below; not unhandled while this window is written
        if (rows.length > size && page === 1)
          log.info(
            { route: route.path, rows: rows.length },
            'export: the service answered every row to the first window (it does not read windows)',
          );
        const fresh = dedup.take(rows);
        sent += await out.rows(fresh, sent === 0);
        // A service that ignored the window answered every row at once (more than a window), or
        // answered the same full window again: nothing more to ask.
        if (!next || dedup.repeated) break;
        reply = await next;
      }
      const tail = JSON.stringify({ ...rest, count: sent });
      const msg = typeof first.msg === 'string' && first.msg ? `,"msg":${JSON.stringify(first.msg)}` : '';
      await out.write(`]${tail.length > 2 ? `,${tail.slice(1)}` : '}'}${msg}}`);
      res.end();
    } catch (err) {
      abort.abort();
      if (!res.destroyed) {
        log.warn({ err, route: route.path, sent }, 'export stream failed after its first rows: connection cut');
        // Cut, not ended: the JSON stays unclosed and the chunked body unterminated, so no client
        // can take what it got for the whole list.
        res.destroy();
      }
    }
    return true;
  } finally {
    res.off('close', onClose);
  }
}

/** Rows already sent, as far back as a window of the next offset can reach. */
export class Dedup {
  /** Set when a full window repeated the previous one exactly (a service ignoring windows). */
  repeated = false;
  private recent = new Set<string>();
  private older = new Set<string>();
  private lastKeys: string[] = [];

  constructor(private readonly byId: boolean) {}

  /** The rows of the next window not sent yet, serialised. */
  take(rows: unknown[]): string[] {
    const json = rows.map((r) => JSON.stringify(r));
    const keys = this.byId ? rows.map((r) => String((r as { id?: unknown })?.id ?? '')) : json;
    if (this.lastKeys.length && keys.length === this.lastKeys.length && keys.every((k, i) => k === this.lastKeys[i])) {
      this.repeated = true;
      return [];
    }
    let fresh: string[];
    if (this.byId) {
      fresh = [];
      for (let i = 0; i < rows.length; i++) {
        const k = keys[i];
        if (k !== '' && (this.recent.has(k) || this.older.has(k))) continue;
        fresh.push(json[i]);
      }
      this.older = this.recent;
      this.recent = new Set(keys.filter((k) => k !== ''));
    } else {
      // No id: drop the start of this window that repeats the end of the previous one.
      const prev = this.lastKeys;
      let overlap = 0;
      for (let k = Math.min(prev.length, keys.length); k > 0 && !overlap; k--) {
        if (keys[0] !== prev[prev.length - k]) continue;
        let same = true;
        for (let i = 1; i < k && same; i++) same = keys[i] === prev[prev.length - k + i];
        if (same) overlap = k;
      }
      fresh = json.slice(overlap);
    }
    this.lastKeys = keys;
    return fresh;
  }
}

/** Writes to the response, waiting for 'drain' when its buffer is full; fails once the client is gone. */
class JsonRowWriter {
  constructor(
    private readonly res: Response,
    private readonly signal: AbortSignal,
  ) {}

  async write(chunk: string): Promise<void> {
    if (this.signal.aborted || this.res.destroyed) throw new Error('client gone');
    if (this.res.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', gone);
        resolve();
      };
      const gone = () => {
        this.res.off('drain', done);
        reject(new Error('client gone'));
      };
      this.res.once('drain', done);
      this.res.once('close', gone);
    });
  }

  /** Serialised rows, comma-separated, in chunks of about 64 KiB; returns how many. */
  async rows(rows: string[], first: boolean): Promise<number> {
    let chunk = '';
    for (let i = 0; i < rows.length; i++) {
      chunk += (first && i === 0 ? '' : ',') + rows[i];
      if (chunk.length >= 65536) {
        await this.write(chunk);
        chunk = '';
      }
    }
    if (chunk) await this.write(chunk);
    return rows.length;
  }
}
