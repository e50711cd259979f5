/**
 * Realtime tier (spec 1 §7, ARCHITECTURE §5): Socket.IO, any number of replicas. It knows no
 * service: what it routes is declared in the protos.
 *
 * - Handshake `{ host, token, client_id }` (Socket.IO `auth`, or the query string): the JWT is
 *   verified (same secret as the gateway) and checked against revocations; the socket joins
 *   `user:<username>` and `client:<account id>:<client_id>` (accountClientId: a tab id names only
 *   a tab of the caller's own account).
 * - Socket commands: every `(cskh.api.socket)` declaration (kit loadSocketRoutes) is an event the
 *   browser may emit with `{ host, token, client_id, data }`. Each one is checked against the
 *   caller's permissions and priority, published as a SocketRequest on the route's request topic,
 *   and acknowledged with the request id. Every replica reads every SocketReply (each declared
 *   reply topic, a consumer group of its own) and emits it, as the route's reply event, to the
 *   socket of its own awaiting that request: once, however often Kafka delivers it, and never
 *   after the TIMEOUT error reply a request gets when no reply came within REPLY_TIMEOUT_MS.
 * - Re-sent requests: a browser whose socket dropped sends what it still awaits again, with the
 *   same request id, as soon as it is connected again (to any replica). The request is published
 *   again (the service logs it once: its log row is keyed by the request id) and the new socket
 *   awaits it: an answer already shown to the lost socket, or still on its way, reaches it.
 * - Pushes: RealtimePush on cskh.realtime.notify (any service, kit realtime-push) is emitted to its
 *   room, once per event id. `showThongBao` may also be broadcast by a senior (priority < 3).
 * - Every reply and push is masked by each recipient's priority (domain/masked-emit.ts): phones in
 *   every string become '****' + last 5 for priority 3 and above; a reply's match field stays.
 */
import { createServer, Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server, Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import { AppError, ERROR_TABLE, ErrorCode, Identity, isManager, phoneMaskedFor } from '@cskh/kit';
import { createLogger, Logger } from '@cskh/kit/observability';
import { createRedis, createRevocationStore, Revocation, verifyAccessToken } from '@cskh/kit/server';
import { createBus, EventBus, loadSocketRoutes, mayUseSocketRoute, REALTIME_PUSH_TOPIC, SocketRoute } from '@cskh/kit/messaging';
import { events_v1_realtime } from '@cskh/proto';
import { inSpan, socketConnections, SpanKind, withTraceHeaders } from '@cskh/kit/observability';
import { BatchConsumerHandle } from '@cskh/kit/messaging';
import { realtimeConfig, RealtimeConfig } from './config';
import { createDeduper } from './domain/dedupe';
import { RecentReplies } from './domain/recent-replies';
import { accountClientId, acceptedAck, errorPayload, matchValue, ReplyPayload, routeTable, RouteTable, toParams } from './domain/routing';
import { emitByPriority, maskedPayload, roomsToJoin } from './domain/masked-emit';
import { BatchPublisher } from './workers/batch-publisher';
import { startPushConsumer } from './workers/pushes';
import { startReplyConsumer } from './workers/replies';

const { SocketRequest } = events_v1_realtime;

export type { ReplyPayload } from './domain/routing';

export interface RealtimeHandle {
  port: number;
  io: Server;
  http: HttpServer;
  /** The socket commands it routes (from the protos, or the routes given to startRealtime). */
  routes: RouteTable;
  /** Resolves when the reply consumer has joined its group. */
  ready: Promise<void>;
  replies: BatchConsumerHandle;
  stop(): Promise<void>;
}

interface SocketData {
  identity: Identity;
  token: string;
  clientId: string;
  host: string;
  pending: number;
  issuedAtMs: number;
}

function handshakeField(socket: Socket, name: string): string {
  const a = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const v = a[name] ?? socket.handshake.query?.[name];
  return Array.isArray(v) ? String(v[0] ?? '') : v === undefined || v === null ? '' : String(v);
}

const stripBearer = (t: string) => (t.startsWith('Bearer ') ? t.slice(7).trim() : t.trim());

/**
 * The socket adapter's publisher. The Redis adapter fires PUBLISH without handling its promise, so
 * while Redis restarts (commands fail after maxRetriesPerRequest) each broadcast became an
 * unhandled rejection that ended the process (chaos run: both replicas down after Redis came
 * back). A broadcast lost meanwhile is logged; the reply's timeout and the browser's re-send cover it.
 */
export function guardedPublisher(redis: Redis, log: Logger): Redis {
  return new Proxy(redis, {
    get(target, prop) {
      if (prop === 'publish')
        return (...args: Parameters<Redis['publish']>) =>
          target.publish(...args).catch((err: unknown) => {
            log.warn({ err }, 'socket adapter: publish failed (Redis unavailable)');
            return 0;
          });
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** Response header of every Socket.IO handshake: the replica's name (REPLICA_NAME, the pod's name in a cluster). */
export const REPLICA_HEADER = 'x-realtime-replica';

/** Sent to a socket just before the server closes it because its session ended. */
export const SESSION_ENDED_EVENT = 'ketThucPhien';
const SESSION_ENDED_MSG = 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại';

export interface RealtimeOptions {
  /** The socket commands to route; default every declaration of the protos. */
  routes?: SocketRoute[];
}

export async function startRealtime(
  envIn: NodeJS.ProcessEnv | Partial<Record<string, string>> = process.env,
  opts: RealtimeOptions = {},
): Promise<RealtimeHandle> {
  const config: RealtimeConfig = realtimeConfig.load(envIn as NodeJS.ProcessEnv);
  // How long each part of the start took (logged with "listening"): a pod whose startup probe
  // waits says which part it waited for.
  const startedAt = Date.now();
  const took: Record<string, number> = {};
  const mark = (part: string) => (took[part] = Date.now() - startedAt);
  const log: Logger = createLogger('realtime', config.LOG_LEVEL);
  const table = routeTable(opts.routes ?? loadSocketRoutes());
  const redis = createRedis(config.REDIS_URL);
  const revocations = createRevocationStore(redis);
  const dedupe = createDeduper(redis, config.DEDUPE_TTL_SECONDS);
  const bus: EventBus = createBus(config.KAFKA_BROKERS, 'cskh-realtime', log, config.KAFKA_TOPIC_PREFIX);
  await bus.ensureTopics([...table.requestTopics, ...table.replyTopics, REALTIME_PUSH_TOPIC]);
  mark('topicsMs');
  const requests = new BatchPublisher(bus);
  log.info({ events: table.routes.map((r) => r.event) }, 'socket commands declared in the protos');

  let consumerReady = false;
  const http = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else if (path === '/readyz') {
      const check = async () => {
        const checks: Record<string, string> = { kafka: consumerReady ? 'ok' : 'joining' };
        if (redis)
          checks.redis = await redis.ping().then(
            () => 'ok',
            () => 'down',
          );
        const ready = Object.values(checks).every((v) => v === 'ok');
        res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ready, checks }));
      };
      check().catch(() => res.writeHead(503).end());
    } else if (!path.startsWith(config.SOCKET_PATH)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404,"code":"NOT_FOUND","msg":"Không tìm thấy"}');
    }
  });

  const origins = config.CORS_ORIGIN?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const io = new Server(http, {
    path: config.SOCKET_PATH,
    serveClient: false,
    cors: origins?.length ? { origin: origins, credentials: true } : undefined,
    maxHttpBufferSize: 64 * 1024,
  });
  // Which replica holds a socket, for whoever reads the handshake's answer (an SRE's curl, the
  // drain test's timeline): behind the gateway and a Service, nothing else tells the replicas apart.
  io.engine.on('initial_headers', (headers: Record<string, string>) => {
    headers[REPLICA_HEADER] = config.REPLICA_NAME;
  });
  let subClient: ReturnType<NonNullable<typeof redis>['duplicate']> | undefined;
  if (redis) {
    // Redis down is reported by /readyz and answered per command; the clients' own error events
    // would otherwise print "missing 'error' handler" on every reconnect attempt.
    redis.on('error', (err) => log.debug({ err }, 'redis'));
    subClient = redis.duplicate();
    subClient.on('error', (err) => log.debug({ err }, 'redis (socket adapter subscriber)'));
    io.adapter(createAdapter(guardedPublisher(redis, log), subClient, { key: config.SOCKET_ADAPTER_KEY }));
  }

  // ---- handshake ----
  io.use((socket, next) => {
    const token = stripBearer(handshakeField(socket, 'token'));
    (async () => {
      const verified = verifyAccessToken(config.JWT_SECRET, token);
      if (await revocations.isRevoked(verified)) throw new AppError('UNAUTHORIZED', SESSION_ENDED_MSG);
      const identity = verified.identity;
      const data: SocketData = {
        identity,
        token,
        clientId: accountClientId(identity.userId, handshakeField(socket, 'client_id') || identity.username),
        host: handshakeField(socket, 'host').slice(0, 256),
        pending: 0,
        issuedAtMs: verified.issuedAtMs,
      };
      socket.data = data;
    })().then(
      () => next(),
      (err) => {
        const app = err instanceof AppError ? err : new AppError('UNAUTHORIZED');
        const e = new Error(app.msg) as Error & { data?: unknown };
        e.data = { status: ERROR_TABLE[app.code].http, code: app.code, msg: app.msg };
        next(e);
      },
    );
  });

  // ---- ended sessions: their sockets close at once (logout, lock, password or role change) ----
  // Every replica hears every revocation (Redis pub/sub, or the shared memory store in one
  // process) and closes its own sockets of that session; the browser then finds its session gone.
  const endRevokedSessions = async (r: Revocation) => {
    for (const socket of io.of('/').sockets.values()) {
      const sd = socket.data as SocketData | undefined;
      if (!sd?.identity) continue;
      if ('jti' in r ? sd.identity.jti !== r.jti : sd.identity.userId !== r.userId) continue;
      // A user-wide revocation ends only the tokens issued before it: ask the store.
      const ended = await revocations.isRevoked({ identity: sd.identity, issuedAtMs: sd.issuedAtMs }).catch(() => false);
      if (!ended) continue;
      socket.emit(SESSION_ENDED_EVENT, { status: 401, code: 'UNAUTHORIZED', msg: SESSION_ENDED_MSG });
      socket.disconnect(true);
    }
  };
  const stopRevocationWatch = revocations.onRevoked((r) => {
    endRevokedSessions(r).catch((err) => log.warn({ err }, 'could not close the sockets of an ended session'));
  });

  // ---- requests awaited by the sockets of this replica: by client id and request id ----
  const pending = new Map<string, { timer: NodeJS.Timeout; socket: Socket; route: SocketRoute }>();
  const pendingKey = (clientId: string, requestId: string) => `${clientId}\u0000${requestId}`;

  /** A reply event to one socket, masked by its user's priority (the match field kept). */
  const emitTo = (socket: Socket, route: SocketRoute, payload: ReplyPayload) => {
    const masked = phoneMaskedFor((socket.data as SocketData).identity.priority);
    socket.emit(route.replyEvent, masked ? maskedPayload(payload, route.match ? [route.match] : []) : payload);
  };

  /** Ends the wait for a request: its timer and the socket's in-flight count. */
  const settle = (key: string) => {
    const p = pending.get(key);
    if (!p) return undefined;
    clearTimeout(p.timer);
    pending.delete(key);
    (p.socket.data as SocketData).pending = Math.max(0, (p.socket.data as SocketData).pending - 1);
    return p;
  };

  /** Replies that arrived while no socket here awaited them: a moving socket's re-sent requests take them. */
  const recent = new RecentReplies();

  /** The answer to a request a socket of this replica awaits; else kept a moment for a re-send (not ours, or answered). */
  const answer = (clientId: string, requestId: string, payload: ReplyPayload) => {
    const p = settle(pendingKey(clientId, requestId));
    if (p?.socket.connected) emitTo(p.socket, p.route, payload);
    else recent.keep(clientId, requestId, payload);
  };

  async function onCommand(socket: Socket, route: SocketRoute, payload: unknown, ack?: (a: unknown) => void) {
    const sd = socket.data as SocketData;
    const body = (payload && typeof payload === 'object' ? payload : {}) as { token?: unknown; data?: unknown; requestId?: unknown };
    const data = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
    const params = toParams(data);
    const match = matchValue(route, params);
    const given = typeof data.requestId === 'string' ? data.requestId : typeof body.requestId === 'string' ? body.requestId : '';
    const requestId = given && given.length <= 128 ? given : randomUUID();
    const key = pendingKey(sd.clientId, requestId);
    const refuse = (code: ErrorCode, msg?: string) => {
      const r = errorPayload(route, code, msg, requestId, match);
      if (typeof ack === 'function') ack(r);
      // A re-sent request refused now is not awaited any more.
      settle(key);
      emitTo(socket, route, r);
    };
    try {
      // The event's own token (the spec sends one with every event) may be newer than the handshake's.
      let who = sd.identity;
      const token = typeof body.token === 'string' ? stripBearer(body.token) : '';
      const verified = token && token !== sd.token ? verifyAccessToken(config.JWT_SECRET, token) : undefined;
      if (verified) who = verified.identity;
      // A session that ended (logout, lock, expiry) gets the error reply, then loses the socket.
      if (await revocations.isRevoked(verified ?? { identity: who, issuedAtMs: sd.issuedAtMs })) {
        refuse('UNAUTHORIZED', SESSION_ENDED_MSG);
        return void socket.disconnect(true);
      }
      if (who.exp * 1000 < Date.now()) {
        refuse('UNAUTHORIZED', 'Phiên đăng nhập đã hết hạn');
        return void socket.disconnect(true);
      }
      if (!mayUseSocketRoute(route, who)) return refuse('FORBIDDEN');
      // Sent again (the socket came back to this replica): the new socket awaits it now.
      settle(key);
      // Sent again after its answer already reached this replica (while the socket moved here): answered now.
      const already = recent.take(sd.clientId, requestId);
      if (already) {
        if (typeof ack === 'function') ack(acceptedAck(route, requestId, match));
        return emitTo(socket, route, already);
      }
      if (sd.pending >= config.MAX_PENDING_PER_SOCKET) return refuse('RATE_LIMITED', 'Bạn đang có quá nhiều yêu cầu chờ kết quả');
      const req = SocketRequest.fromPartial({
        request_id: requestId,
        client_id: sd.clientId,
        user_id: who.userId,
        username: who.username,
        fullname: who.fullname,
        priority: who.priority,
        permissions: who.permissions,
        kind: route.kind,
        params,
        host: sd.host,
        requested_at_ms: Date.now(),
        brand_id: who.brandId,
        event: route.event,
      });
      sd.pending++;
      // The tier's own TIMEOUT is not kept for a re-send (that one deserves a new try): shown or dropped.
      const timer = setTimeout(() => {
        const p = settle(key);
        if (p?.socket.connected) emitTo(p.socket, p.route, errorPayload(route, 'TIMEOUT', undefined, requestId, match));
      }, config.REPLY_TIMEOUT_MS);
      pending.set(key, { timer, socket, route });
      try {
        // Stamped here: the publisher sends later, for many sockets at once.
        await requests.publish(
          withTraceHeaders({ topic: route.requestTopic, key: match || requestId, value: Buffer.from(SocketRequest.encode(req).finish()) }),
        );
      } catch (err) {
        log.error({ err, event: route.event }, 'could not publish a socket request');
        // Unless it was answered meanwhile (its TIMEOUT), or sent again from another socket.
        if (pending.get(key)?.timer === timer) refuse('UNAVAILABLE');
        return;
      }
      if (typeof ack === 'function') ack(acceptedAck(route, requestId, match));
    } catch (err) {
      if (err instanceof AppError) return refuse(err.code, err.msg);
      log.error({ err, event: route.event }, 'socket command failed');
      return refuse('INTERNAL');
    }
  }

  io.on('connection', (socket) => {
    const sd = socket.data as SocketData;
    socket.join(roomsToJoin(sd.identity.priority, [`user:${sd.identity.username}`, `client:${sd.clientId}`]));
    socketConnections.inc();
    socket.once('disconnect', () => socketConnections.dec());
    // Each command starts a trace: its request, the service's work and the reply share it.
    for (const route of table.routes)
      socket.on(
        route.event,
        (payload: unknown, ack?: (a: unknown) => void) =>
          void inSpan(route.event, { kind: SpanKind.SERVER, attributes: { 'cskh.socket.event': route.event } }, () =>
            onCommand(socket, route, payload, ack),
          ),
      );
    socket.on('showThongBao', (payload: unknown, ack?: (a: unknown) => void) => {
      const body = (payload && typeof payload === 'object' ? payload : {}) as { data?: Record<string, unknown> } & Record<string, unknown>;
      const d = (body.data ?? body) as Record<string, unknown>;
      if (!isManager(sd.identity.priority)) {
        if (typeof ack === 'function') ack({ status: 403, code: 'FORBIDDEN', msg: ERROR_TABLE.FORBIDDEN.msg });
        return;
      }
      const notice = {
        id: randomUUID(),
        title: String(d.title ?? '').slice(0, 200),
        message: String(d.message ?? d.msg ?? '').slice(0, 2000),
        level: String(d.level ?? 'info'),
        from: sd.identity.username,
        at: Date.now(),
      };
      emitByPriority(io, { all: true }, 'showThongBao', notice);
      if (typeof ack === 'function') ack({ status: 200, id: notice.id });
    });
  });

  // ---- replies: every declared reply topic, read whole by this replica (see workers/replies.ts) ----
  // ---- pushes from any service ----
  // Joined side by side: each start waits for its group's join, and the pushes' group is shared by
  // the replicas, so joining it waits for every other replica to rejoin (a second or two, more on
  // a busy node) — one after the other, the two waits added up before the tier listened.
  const [replies, pushes] = await Promise.all([
    startReplyConsumer({ config, bus, log, table, answer }).then((r) => (mark('replyConsumerMs'), r)),
    startPushConsumer({ config, bus, log, dedupe, io }).then((p) => (mark('pushConsumerMs'), p)),
  ]);
  replies.ready.then(() => {
    consumerReady = true;
    log.info({ afterStartMs: Date.now() - startedAt }, 'reply consumer joined: ready');
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (http.address() as { port: number }).port;
  mark('listeningMs');
  // the whole process's age: loading the modules comes before startedAt
  took.processUptimeMs = Math.round(process.uptime() * 1000);
  log.info({ port, redis: !!redis, kafka: !!config.KAFKA_BROKERS, replica: config.REPLICA_NAME, start: took }, 'realtime tier listening');

  return {
    port,
    io,
    http,
    routes: table,
    ready: replies.ready,
    replies,
    async stop() {
      stopRevocationWatch();
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, config.SHUTDOWN_GRACE_MS);
        io.close(() => {
          clearTimeout(t);
          resolve();
        });
      });
      await replies.stop().catch(() => undefined);
      await pushes.stop().catch(() => undefined);
      if (config.KAFKA_BROKERS) await bus.close().catch(() => undefined);
      await revocations.close();
      subClient?.disconnect();
      redis?.disconnect();
    },
  };
}
