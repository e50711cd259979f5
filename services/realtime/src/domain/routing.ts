/**
 * The realtime tier's routing rules as plain functions: the route table built from the socket
 * declarations of the protos (kit loadSocketRoutes), and the shapes of what goes to Kafka and
 * back to the browser. Nothing here names a service.
 */
import { ERROR_TABLE, ErrorCode } from '@cskh/kit';
import { SocketRoute } from '@cskh/kit/messaging';
import type { events_v1_realtime } from '@cskh/proto';

/** What a reply event carries: `{requestId, <match>: value, kind, status, data, code?, msg?}`. */
export interface ReplyPayload {
  requestId: string;
  kind: string;
  /** 200, or the error's HTTP-like status. */
  status: number;
  /** The service's result (`result_json` parsed); null on error. */
  data: unknown;
  code?: string;
  msg?: string;
  /** The route's match field, e.g. `isdn` (a phone's last 9 digits) or `FileName`. */
  [match: string]: unknown;
}

export interface RouteTable {
  routes: SocketRoute[];
  byEvent: Map<string, SocketRoute>;
  /** The route of a reply: by its (logical) reply topic and kind. */
  forReply(topic: string, kind: string): SocketRoute | undefined;
  requestTopics: string[];
  replyTopics: string[];
}

export function routeTable(routes: SocketRoute[]): RouteTable {
  const byReply = new Map(routes.map((r) => [`${r.replyTopic}\u0000${r.kind}`, r]));
  return {
    routes,
    byEvent: new Map(routes.map((r) => [r.event, r])),
    forReply: (topic, kind) => byReply.get(`${topic}\u0000${kind}`),
    requestTopics: [...new Set(routes.map((r) => r.requestTopic))],
    replyTopics: [...new Set(routes.map((r) => r.replyTopic))],
  };
}

/** Event data → the request's string params (scalars only, at most 32, each at most 256 chars). */
export function toParams(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>).slice(0, 32)) {
    if (k === 'requestId') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v).slice(0, 256);
  }
  return out;
}

/** The value the browser matches replies by, as the route declares it (e.g. the last 9 digits of a phone). */
export function matchValue(route: Pick<SocketRoute, 'match' | 'matchLastDigits'>, params: Record<string, string>): string {
  if (!route.match) return '';
  const v = params[route.match] ?? '';
  return route.matchLastDigits > 0 ? v.replace(/\D/g, '').slice(-route.matchLastDigits) : v;
}

/** `{requestId, <match>, kind, …rest}`: the match field only when the route declares one. */
function withMatch(route: SocketRoute, requestId: string, match: string, rest: { status: number } & Record<string, unknown>): ReplyPayload {
  return { requestId, ...(route.match ? { [route.match]: match } : {}), kind: route.kind, data: null, ...rest };
}

/** A reply the realtime tier gives itself (refusal, timeout): same shape as the service's error replies. */
export function errorPayload(route: SocketRoute, code: ErrorCode, msg: string | undefined, requestId: string, match: string): ReplyPayload {
  return withMatch(route, requestId, match, { status: ERROR_TABLE[code].http, data: null, code, msg: msg ?? ERROR_TABLE[code].msg });
}

/** The ack of an accepted command. */
export function acceptedAck(route: SocketRoute, requestId: string, match: string) {
  return { requestId, ...(route.match ? { [route.match]: match } : {}), kind: route.kind, status: 202 };
}

/** A service's SocketReply → the reply event's payload. */
export function replyPayload(route: SocketRoute, r: events_v1_realtime.SocketReply): ReplyPayload {
  if (!r.ok) return withMatch(route, r.request_id, r.match, { status: r.status || 500, data: null, code: r.error_code, msg: r.error_msg });
  let data: unknown = null;
  try {
    data = JSON.parse(r.result_json || 'null');
  } catch {
    data = null;
  }
  return withMatch(route, r.request_id, r.match, { status: r.status || 200, data });
}

/** Rooms a push may target: `all` (or blank), `user:<name>`, `client:<id>`; anything else is dropped. */
export function pushRoom(room: string): { all: true } | { room: string } | undefined {
  if (!room || room === 'all') return { all: true };
  return /^(user|client):.+/.test(room) ? { room } : undefined;
}

/**
 * The id a socket's replies and client pushes are addressed to (room `client:<it>`). The browser
 * names its tab (`client_id` of the handshake); the server puts the account's id before it, so a
 * socket joins only its own account's tab rooms: naming another person's tab id reaches nothing
 * of theirs. An account id holds no ':', so no two accounts' ids can meet.
 */
export function accountClientId(userId: string, given: string): string {
  return `${userId}:${given.slice(0, 128)}`;
}
