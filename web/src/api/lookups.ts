/**
 * Subscriber lookups over the realtime socket (spec 1 §2.12, §4 "Lookups", §7 "Lookup").
 *
 * A lookup is an event `traCuu…` carrying `{ host, token, client_id, data: { isdn, …, requestId } }`;
 * its answer arrives asynchronously as the matching `traKetQua…` event
 * `{ requestId, isdn, kind, status, data, code?, msg? }` (services/realtime/src/server.ts).
 *
 *  - One pending request per key (a panel): `requestLookup` refuses a second one until the first
 *    settles (reply, error reply, refusal in the ack, or the client's own timeout).
 *  - Replies are matched by request id, else by the last 9 digits of the phone (the spec's rule).
 *  - A request is sent once the socket is connected (queued while it connects). If the connection
 *    drops with requests in flight, they are sent again as soon as the socket is back, with the same
 *    request id: whichever replica the socket reaches then answers that socket, and the lookup runs
 *    and is logged once (services/realtime README, "Re-sent requests").
 *  - A refused handshake (the server rejects the token) or a socket closed by the server fails
 *    every pending lookup with its msg; no answer within `timeoutMs` fails it too — a panel never
 *    hangs. A 401 (session over) ends the session like a 401 on any REST call (spec 1 §8).
 */
import type { Socket } from 'socket.io-client';
import { handleUnauthorized } from './client';
import { envelope, onSocket } from './realtime';
// Import-free: the web bundles it as it is (the guard the lookup service applies).
import { KINDS, mayRun, type KindSpec, type LookupKind } from '../../../services/lookup/src/domain/kinds';

export type { LookupKind };

/** A lookup as the server guards it (services/lookup/src/domain/kinds.ts), with the socket events that carry it. */
export interface LookupKindSpec extends KindSpec {
  requestEvent: string;
  replyEvent: string;
}

/** The socket events of each lookup: `traCuu…` asks, `traKetQua…` answers. */
const LOOKUP_EVENTS: Record<LookupKind, Pick<LookupKindSpec, 'requestEvent' | 'replyEvent'>> = {
  balance: { requestEvent: 'traCuuSoDuTaiKhoanChinh', replyEvent: 'traKetQuaSoDuTaiKhoanChinh' },
  package: { requestEvent: 'traCuuDanhSachDoiTuongChuongTrinh', replyEvent: 'traKetQuaDanhSachDoiTuongChuongTrinh' },
  info: { requestEvent: 'traCuuThongTinChiTietThueBao', replyEvent: 'traKetQuaThongTinChiTietThueBao' },
  history: { requestEvent: 'traCuuLichSuGoiCuoc', replyEvent: 'traKetQuaLichSuGoiCuoc' },
  '9279': { requestEvent: 'traCuuLichSu9279', replyEvent: 'traKetQuaLichSu9279' },
  arpu: { requestEvent: 'traCuuARPU', replyEvent: 'traKetQuaARPU' },
  '999': { requestEvent: 'traCuuTinNhan999', replyEvent: 'traKetQuaTinNhan999' },
};

/**
 * Every lookup: the server's own table (permission codes, priority bound, log label — one
 * definition, an import-free file) and its socket events.
 */
export const LOOKUP_KINDS = Object.fromEntries(
  Object.values(KINDS).map((spec) => [spec.kind, { ...spec, ...LOOKUP_EVENTS[spec.kind] }]),
) as Record<LookupKind, LookupKindSpec>;

export const LOOKUP_LABELS = Object.values(LOOKUP_KINDS).map((k) => k.label);

/** The server's guard of a lookup (any-of the codes, priority strictly below the bound). */
export function mayLookup(kind: LookupKind, who: { priority: number; permissions: string[] }): boolean {
  return mayRun(KINDS[kind], who);
}

/** Digits only, then the last 9 (the matching key everywhere). */
export const last9 = (phone: unknown) =>
  String(phone ?? '')
    .replace(/\D/g, '')
    .slice(-9);

/** What a `traKetQua…` event carries. */
export interface LookupReply {
  requestId?: string;
  isdn?: string;
  kind?: string;
  status?: number;
  data?: unknown;
  code?: string;
  msg?: string;
}

export class LookupError extends Error {
  status: number;
  code: string;
  msg: string;
  constructor(status: number, code: string, msg: string) {
    super(msg || code);
    this.status = status;
    this.code = code;
    this.msg = msg;
  }
}

export const LOOKUP_TIMEOUT_MSG = 'Không nhận được kết quả tra cứu. Vui lòng thử lại';
export const LOOKUP_BUSY_MSG = 'Đang chờ kết quả của lần tra cứu trước';
export const SERVER_CLOSED_MSG = 'Máy chủ đã đóng kết nối tra cứu. Vui lòng tải lại trang hoặc đăng nhập lại';
const DEFAULT_TIMEOUT_MS = 45_000;

interface Pending {
  key: string;
  spec: LookupKindSpec;
  data: Record<string, unknown>;
  isdn: string;
  /** Its id, the same each time it is sent. */
  requestId: string;
  timer: ReturnType<typeof setTimeout>;
  resolve: (data: unknown) => void;
  reject: (e: LookupError) => void;
}

const pending = new Map<string, Pending>();
/** Request ids already settled (recent ones): a late duplicate must not settle a newer lookup. */
const settled: string[] = [];
const settledSet = new Set<string>();
let socket: Socket | null = null;
let attached = false;

function newId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function rememberSettled(ids: string[]) {
  for (const id of ids) {
    if (settledSet.has(id)) continue;
    settled.push(id);
    settledSet.add(id);
  }
  while (settled.length > 500) settledSet.delete(settled.shift()!);
}

function finish(p: Pending, outcome: { ok: true; data: unknown } | { ok: false; error: LookupError }) {
  if (pending.get(p.key) !== p) return;
  pending.delete(p.key);
  clearTimeout(p.timer);
  rememberSettled([p.requestId]);
  if (outcome.ok) p.resolve(outcome.data);
  else {
    p.reject(outcome.error);
    if (outcome.error.status === 401) handleUnauthorized();
  }
}

function replyOutcome(r: LookupReply): { ok: true; data: unknown } | { ok: false; error: LookupError } {
  const status = typeof r.status === 'number' ? r.status : 200;
  if (status >= 200 && status < 300) return { ok: true, data: r.data ?? null };
  return { ok: false, error: new LookupError(status, r.code ?? 'ERROR', r.msg ?? '') };
}

function onReply(event: string, r: LookupReply) {
  if (!r || typeof r !== 'object') return;
  const candidates = [...pending.values()].filter((p) => p.spec.replyEvent === event);
  let p = r.requestId ? candidates.find((c) => c.requestId === r.requestId) : undefined;
  // The spec's rule: the answer is matched by the last 9 digits of the phone — unless it is the
  // late answer of a lookup that has already settled.
  if (!p && !(r.requestId && settledSet.has(r.requestId))) p = candidates.find((c) => c.isdn === last9(r.isdn));
  if (p) finish(p, replyOutcome(r));
}

function send(s: Socket, p: Pending) {
  s.emit(p.spec.requestEvent, envelope({ ...p.data, requestId: p.requestId }), (ack: LookupReply | undefined) => {
    // The ack says 202 (accepted) or carries the refusal (the same refusal also arrives as the reply event).
    if (ack && typeof ack.status === 'number' && ack.status >= 400 && String(ack.requestId ?? p.requestId) === p.requestId) {
      finish(p, replyOutcome(ack));
    }
  });
}

function attach() {
  if (attached) return;
  attached = true;
  onSocket((s) => {
    socket = s;
    const replyHandlers = Object.values(LOOKUP_KINDS).map((spec) => {
      const h = (payload: LookupReply) => onReply(spec.replyEvent, payload);
      s.on(spec.replyEvent, h);
      return [spec.replyEvent, h] as const;
    });
    // First connect: send what was queued. Reconnect (or a replaced socket): send everything still
    // awaited, at once: an answer lost with the connection comes to the socket that asks again.
    const onConnect = () => {
      for (const p of [...pending.values()]) send(s, p);
    };
    const onConnectError = (err: Error & { data?: { msg?: string; status?: number; code?: string } }) => {
      // `active` false: the server refused the handshake and Socket.IO will not retry by itself.
      if (s.active) return;
      const e = new LookupError(
        err.data?.status ?? 401,
        err.data?.code ?? 'UNAUTHORIZED',
        err.data?.msg || err.message || 'Không kết nối được máy chủ',
      );
      for (const p of [...pending.values()]) finish(p, { ok: false, error: e });
    };
    // Closed by the server (e.g. the session ended): Socket.IO does not reconnect by itself.
    const onDisconnect = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      const e = new LookupError(503, 'DISCONNECTED', SERVER_CLOSED_MSG);
      for (const p of [...pending.values()]) finish(p, { ok: false, error: e });
    };
    s.on('connect', onConnect);
    s.on('connect_error', onConnectError);
    s.on('disconnect', onDisconnect);
    if (s.connected) onConnect();
    return () => {
      for (const [ev, h] of replyHandlers) s.off(ev, h);
      s.off('connect', onConnect);
      s.off('connect_error', onConnectError);
      s.off('disconnect', onDisconnect);
      if (socket === s) socket = null;
    };
  });
}

export interface LookupRequest {
  /** One pending request per key (the panel id). */
  key: string;
  kind: LookupKind;
  /** The event's data: isdn plus the lookup's own fields (package_code, page, phoneType, dates…). */
  data: Record<string, unknown> & { isdn: string };
  timeoutMs?: number;
}

/** Send a lookup over the socket; resolves with the reply's data, rejects with a LookupError. */
export function requestLookup(req: LookupRequest): Promise<unknown> {
  attach();
  if (pending.has(req.key)) return Promise.reject(new LookupError(409, 'BUSY', LOOKUP_BUSY_MSG));
  return new Promise((resolve, reject) => {
    const p: Pending = {
      key: req.key,
      spec: LOOKUP_KINDS[req.kind],
      data: req.data,
      isdn: last9(req.data.isdn),
      requestId: newId(),
      timer: setTimeout(
        () => finish(p, { ok: false, error: new LookupError(504, 'TIMEOUT', LOOKUP_TIMEOUT_MSG) }),
        req.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ),
      resolve,
      reject,
    };
    pending.set(req.key, p);
    if (socket?.connected) send(socket, p);
  });
}

/** Forget a key's pending lookup (its panel went away); a late answer is then ignored. */
export function cancelLookup(key: string) {
  const p = pending.get(key);
  if (!p) return;
  pending.delete(key);
  clearTimeout(p.timer);
  rememberSettled([p.requestId]);
}

export function isLookupPending(key: string): boolean {
  return pending.has(key);
}
