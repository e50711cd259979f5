/**
 * The realtime tier's contract for services (spec 1 §7, ARCHITECTURE §5):
 *
 *  - Socket commands are declared in the protos with `(cskh.api.socket)` (proto/cskh/api/socket.proto)
 *    on the RPCs of a per-service socket service; loadSocketRoutes() reads them from the process's
 *    one parse of the protos (the kit's protoRootWithOptions, which the pushes and the route rules
 *    read too). The realtime tier routes by this table; a service finds its request and reply topics
 *    in it.
 *  - Pushes: any service emits a push declared with `(cskh.api.push)` (proto/cskh/events/v1/pushes.proto)
 *    to a user's sockets, a client's, or everyone's in one call, through its bus (pushToUser…) or,
 *    inside a transaction, its outbox (addPushToOutbox); push-declarations.ts checks each.
 */
import { randomUUID } from 'node:crypto';
import type * as protobuf from 'protobufjs';
import type { EntityManager } from 'typeorm';
import { events_v1_pushes, events_v1_realtime } from '@cskh/proto';
import type { EventBus } from './bus';
import type { BusMessage } from './bus-message';
import { addToOutbox } from './outbox';
import { declaredPush, type PushType } from './push-declarations';
import { hasAnyPermission } from '../core/identity';
import { optionOf, protoRootWithOptions, services } from '../core/proto-options';

/** One browser socket command, as declared with (cskh.api.socket). */
export interface SocketRoute {
  /** Declaring socket service and RPC, e.g. cskh.lookup.v1.LookupSocketService / Balance. */
  service: string;
  rpc: string;
  /** Event the browser emits. */
  event: string;
  /** Any-of permission codes. */
  permissions: string[];
  /** Caller's priority must be strictly below (0 = no bound). */
  priorityBelow: number;
  kind: string;
  requestTopic: string;
  replyEvent: string;
  replyTopic: string;
  /** Data field echoed in every ack and reply for the browser to match by ('' = none). */
  match: string;
  /** Keep only the last N digits of the match value (0 = as given). */
  matchLastDigits: number;
}

interface SocketOption {
  event?: string;
  permissions?: string[];
  priority_below?: number;
  request_topic?: string;
  kind?: string;
  reply_event?: string;
  reply_topic?: string;
  match?: string;
  match_last_digits?: number;
}

/** Events Socket.IO or the realtime tier itself use: a declaration may not take them. */
export const RESERVED_SOCKET_EVENTS = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'error',
  'newListener',
  'removeListener',
  'showThongBao',
]);

const TOPIC = /^[A-Za-z0-9._-]+$/;

/**
 * Every socket route declared in the protos of `root`, checked: event, kind, reply event and both
 * topics present; events unique (and not reserved); a kind unique per request topic and per reply
 * topic (the realtime tier finds a reply's route by reply topic + kind).
 */
export function socketRoutesOf(root: protobuf.NamespaceBase): SocketRoute[] {
  const routes: SocketRoute[] = [];
  for (const svc of services(root)) {
    const fullName = svc.fullName.replace(/^\./, '');
    for (const m of svc.methodsArray) {
      const opt = optionOf(m.parsedOptions, '(cskh.api.socket)') as SocketOption | undefined;
      if (!opt) continue;
      const rpc = m.name;
      const where = `${fullName}.${rpc} (cskh.api.socket)`;
      const route: SocketRoute = {
        service: fullName,
        rpc,
        event: opt.event ?? '',
        permissions: opt.permissions ?? [],
        priorityBelow: opt.priority_below ?? 0,
        kind: opt.kind ?? '',
        requestTopic: opt.request_topic ?? '',
        replyEvent: opt.reply_event ?? '',
        replyTopic: opt.reply_topic ?? '',
        match: opt.match ?? '',
        matchLastDigits: opt.match_last_digits ?? 0,
      };
      for (const f of ['event', 'kind', 'requestTopic', 'replyEvent', 'replyTopic'] as const)
        if (!route[f]) throw new Error(`${where}: ${f} is required`);
      for (const t of [route.requestTopic, route.replyTopic]) if (!TOPIC.test(t)) throw new Error(`${where}: invalid topic "${t}"`);
      if (RESERVED_SOCKET_EVENTS.has(route.event) || RESERVED_SOCKET_EVENTS.has(route.replyEvent))
        throw new Error(`${where}: event name reserved`);
      const clash = routes.find(
        (r) =>
          r.event === route.event ||
          (r.requestTopic === route.requestTopic && r.kind === route.kind) ||
          (r.replyTopic === route.replyTopic && r.kind === route.kind),
      );
      if (clash) throw new Error(`${where}: event or kind already declared by ${clash.service}.${clash.rpc}`);
      routes.push(route);
    }
  }
  return routes;
}

let cached: SocketRoute[] | undefined;

/** The socket routes of every proto of ours (from the process's one parse of them). */
export function loadSocketRoutes(): SocketRoute[] {
  cached ??= socketRoutesOf(protoRootWithOptions());
  return cached;
}

/** Same rule as the gateway's route guard: any-of the codes, and priority strictly below the bound. */
export function mayUseSocketRoute(
  route: Pick<SocketRoute, 'permissions' | 'priorityBelow'>,
  who: { priority: number; permissions: readonly string[] },
): boolean {
  return hasAnyPermission(who, route.permissions) && (route.priorityBelow === 0 || who.priority < route.priorityBelow);
}

// ---------- pushes ----------

/** Topic of RealtimePush (consumed by the realtime tier). */
export const REALTIME_PUSH_TOPIC = 'cskh.realtime.notify';
export const userRoom = (username: string) => `user:${username}`;
export const clientRoom = (clientId: string) => `client:${clientId}`;
export const ALL_ROOM = 'all';

export interface PushOptions {
  /** Shown once per id (a retried publish is harmless); default a new UUID. */
  eventId?: string;
  /** Who caused it (username or service), for logs. */
  from?: string;
}

/** The bus message asking the realtime tier to emit the push of `type` with `payload` to `room` (checked by declaredPush). */
export function realtimePushMessage<T, P>(
  room: string,
  type: PushType<T, P>,
  payload: P,
  opts: PushOptions = {},
): BusMessage & { eventId: string } {
  const eventId = opts.eventId ?? randomUUID();
  const { event, json } = declaredPush(type, room, payload);
  const push = events_v1_realtime.RealtimePush.fromPartial({
    event_id: eventId,
    room,
    event,
    payload_json: json,
    sent_at_ms: Date.now(),
    from: opts.from ?? '',
  });
  return { topic: REALTIME_PUSH_TOPIC, key: room, value: Buffer.from(events_v1_realtime.RealtimePush.encode(push).finish()), eventId };
}

/** Emits a declared push to every socket of `room` (user:<name>, client:<id> or all); resolves with the event id. */
export async function pushToRoom<T, P>(bus: EventBus, room: string, type: PushType<T, P>, payload: P, opts?: PushOptions): Promise<string> {
  const { eventId, ...msg } = realtimePushMessage(room, type, payload, opts);
  await bus.publish([msg]);
  return eventId;
}

export const pushToUser = <T, P>(bus: EventBus, username: string, type: PushType<T, P>, payload: P, opts?: PushOptions) =>
  pushToRoom(bus, userRoom(username), type, payload, opts);
export const pushToClient = <T, P>(bus: EventBus, clientId: string, type: PushType<T, P>, payload: P, opts?: PushOptions) =>
  pushToRoom(bus, clientRoom(clientId), type, payload, opts);
export const pushToAll = <T, P>(bus: EventBus, type: PushType<T, P>, payload: P, opts?: PushOptions) =>
  pushToRoom(bus, ALL_ROOM, type, payload, opts);

/** The same push, written in the caller's transaction (the outbox relay publishes it after commit). */
export async function addPushToOutbox<T, P>(
  em: EntityManager,
  schema: string,
  room: string,
  type: PushType<T, P>,
  payload: P,
  opts?: PushOptions,
): Promise<string> {
  const { eventId, topic, key, value } = realtimePushMessage(room, type, payload, opts);
  await addToOutbox(em, schema, topic, key, value);
  return eventId;
}

/** A notice in the shape the browser shows (the declared Notice), its id the push's event id. */
export function noticePayload(
  n: { title?: string; message: string; level?: 'info' | 'success' | 'warning' | 'error'; from?: string },
  eventId: string,
): events_v1_pushes.Notice {
  return { id: eventId, title: n.title ?? '', message: n.message, level: n.level ?? 'info', from: n.from ?? '', at: Date.now() };
}

/** Shows a notice (showThongBao) to a room, in one call. */
export function pushNotice(bus: EventBus, room: string, n: Parameters<typeof noticePayload>[0], opts: PushOptions = {}): Promise<string> {
  const eventId = opts.eventId ?? randomUUID();
  return pushToRoom(bus, room, events_v1_pushes.Notice, noticePayload(n, eventId), { ...opts, eventId, from: opts.from ?? n.from });
}
