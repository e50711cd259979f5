/**
 * Realtime tier (spec 1 §7, ARCHITECTURE §5): Socket.IO, any number of replicas.
 *
 * - Handshake `{ host, token, client_id }` (Socket.IO `auth`, or the query string): the JWT is
 *   verified (same secret as the gateway) and checked against revocations; the socket joins
 *   `user:<username>` and `client:<client_id>`.
 * - Lookup events (`traCuu…`, payload `{ host, token, client_id, data }`) are checked against
 *   the caller's permissions, published on cskh.lookup.requested, and acknowledged with the
 *   request id. Replies (cskh.lookup.replied, one consumer group across replicas) are emitted to
 *   room `client:<client_id>` as the matching `traKetQua…` event; the Redis adapter delivers
 *   to whichever replica holds the socket. Each request id is shown at most once (Redis SET NX),
 *   however often Kafka delivers its reply; a request without a reply after REPLY_TIMEOUT_MS gets
 *   an error reply instead.
 * - `showThongBao`: pushed from cskh.realtime.notify, or broadcast by a senior (priority < 3).
 */
import { createServer, Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server, Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  AppError,
  createBus,
  createLogger,
  createRedis,
  createRevocationStore,
  ERROR_TABLE,
  ErrorCode,
  EventBus,
  Identity,
  Logger,
  verifyAccessToken,
} from '@cskh/kit';
import { events_v1_lookup } from '@cskh/proto';
import { KIND_LIST, KINDS, KindSpec, isLookupKind, mayRun } from '@cskh/lookup/src/domain/kinds';
import { last9 } from '@cskh/lookup/src/domain/phone';
import { startBatchConsumer, BatchConsumerHandle } from '@cskh/kit';
import { realtimeConfig, RealtimeConfig } from './config';
import { createDeduper } from './dedupe';
import { BatchPublisher } from './publisher';

const { LookupRequested, LookupReplied, RealtimeNotify } = events_v1_lookup;
const REPLY_EVENTS = new Set(KIND_LIST.map((k) => k.replyEvent));

/** What a `traKetQua…` event carries. */
export interface LookupReplyPayload {
  requestId: string;
  /** Last 9 digits of the phone: the panel matches its pending request by it. */
  isdn: string;
  kind: string;
  /** 200, or the error's HTTP-like status. */
  status: number;
  /** The result, exactly the REST `data` of the same lookup; null on error. */
  data: unknown;
  code?: string;
  msg?: string;
}

export interface RealtimeHandle {
  port: number;
  io: Server;
  http: HttpServer;
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

/** Event data → the request's string params (only scalars; at most a few dozen). */
function toParams(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>).slice(0, 32)) {
    if (k === 'requestId') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v).slice(0, 256);
  }
  if (!out.isdn && out.phone) out.isdn = out.phone;
  return out;
}

export async function startRealtime(envIn: NodeJS.ProcessEnv | Partial<Record<string, string>> = process.env): Promise<RealtimeHandle> {
  const config: RealtimeConfig = realtimeConfig.load(envIn as NodeJS.ProcessEnv);
  const log: Logger = createLogger('realtime', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL);
  const revocations = createRevocationStore(redis);
  const dedupe = createDeduper(redis, config.DEDUPE_TTL_SECONDS);
  const bus: EventBus = createBus(config.KAFKA_BROKERS, 'cskh-realtime', log);
  await bus.ensureTopics([config.LOOKUP_REQUEST_TOPIC, config.LOOKUP_REPLY_TOPIC, config.NOTIFY_TOPIC]);
  const requests = new BatchPublisher(bus);

  let consumerReady = false;
  const http = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else if (path === '/readyz') {
      const check = async () => {
        const checks: Record<string, string> = { kafka: consumerReady ? 'ok' : 'joining' };
        if (redis) checks.redis = await redis.ping().then(() => 'ok', () => 'down');
        const ready = Object.values(checks).every((v) => v === 'ok');
        res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ready, checks }));
      };
      check().catch(() => res.writeHead(503).end());
    } else if (!path.startsWith(config.SOCKET_PATH)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404,"code":"NOT_FOUND","msg":"Không tìm thấy"}');
    }
  });

  const origins = config.CORS_ORIGIN?.split(',').map((s) => s.trim()).filter(Boolean);
  const io = new Server(http, {
    path: config.SOCKET_PATH,
    serveClient: false,
    cors: origins?.length ? { origin: origins, credentials: true } : undefined,
    maxHttpBufferSize: 64 * 1024,
  });
  let subClient: ReturnType<NonNullable<typeof redis>['duplicate']> | undefined;
  if (redis) {
    subClient = redis.duplicate();
    io.adapter(createAdapter(redis, subClient, { key: config.SOCKET_ADAPTER_KEY }));
  }

  // ---- handshake ----
  io.use((socket, next) => {
    const token = stripBearer(handshakeField(socket, 'token'));
    (async () => {
      const verified = verifyAccessToken(config.JWT_SECRET, token);
      if (await revocations.isRevoked(verified)) throw new AppError('UNAUTHORIZED', 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại');
      const identity = verified.identity;
      const clientId = handshakeField(socket, 'client_id') || identity.username;
      const data: SocketData = {
        identity,
        token,
        clientId: clientId.slice(0, 128),
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

  // ---- pending requests of this replica (timeout guard) ----
  const pending = new Map<string, { timer: NodeJS.Timeout; socket: Socket; spec: KindSpec; isdn: string; clientId: string }>();

  const emitReply = (clientId: string, spec: KindSpec, payload: LookupReplyPayload) => {
    io.to(`client:${clientId}`).emit(spec.replyEvent, payload);
  };

  const errorReply = (code: ErrorCode, msg: string | undefined, requestId: string, spec: KindSpec, isdn: string): LookupReplyPayload => ({
    requestId,
    isdn,
    kind: spec.kind,
    status: ERROR_TABLE[code].http,
    data: null,
    code,
    msg: msg ?? ERROR_TABLE[code].msg,
  });

  const settle = (requestId: string) => {
    const p = pending.get(requestId);
    if (!p) return;
    clearTimeout(p.timer);
    pending.delete(requestId);
    (p.socket.data as SocketData).pending = Math.max(0, (p.socket.data as SocketData).pending - 1);
  };

  async function onLookup(socket: Socket, spec: KindSpec, payload: unknown, ack?: (a: unknown) => void) {
    const sd = socket.data as SocketData;
    const body = (payload && typeof payload === 'object' ? payload : {}) as { token?: unknown; data?: unknown; requestId?: unknown };
    const data = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
    const params = toParams(data);
    const isdn = last9(params.isdn ?? '');
    const given = typeof data.requestId === 'string' ? data.requestId : typeof body.requestId === 'string' ? body.requestId : '';
    const requestId = given && given.length <= 128 ? given : randomUUID();
    const refuse = (code: ErrorCode, msg?: string) => {
      const r = errorReply(code, msg, requestId, spec, isdn);
      if (typeof ack === 'function') ack(r);
      // Shown once, like any reply, to this client.
      return dedupe.first(requestId).then(
        (first) => void (first && emitReply(sd.clientId, spec, r)),
        () => emitReply(sd.clientId, spec, r),
      );
    };
    try {
      // The event's own token (the spec sends one with every event) may be newer than the handshake's.
      let who = sd.identity;
      const token = typeof body.token === 'string' ? stripBearer(body.token) : '';
      const verified = token && token !== sd.token ? verifyAccessToken(config.JWT_SECRET, token) : undefined;
      if (verified) who = verified.identity;
      // A session that ended (logout, lock, expiry) gets the error reply, then loses the socket.
      if (await revocations.isRevoked(verified ?? { identity: who, issuedAtMs: sd.issuedAtMs })) {
        await refuse('UNAUTHORIZED', 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại');
        return void socket.disconnect(true);
      }
      if (who.exp * 1000 < Date.now()) {
        await refuse('UNAUTHORIZED', 'Phiên đăng nhập đã hết hạn');
        return void socket.disconnect(true);
      }
      if (!mayRun(spec, who)) return refuse('FORBIDDEN');
      if (sd.pending >= config.MAX_PENDING_PER_SOCKET) return refuse('RATE_LIMITED', 'Bạn đang có quá nhiều yêu cầu tra cứu chờ kết quả');
      const req = LookupRequested.fromPartial({
        request_id: requestId,
        client_id: sd.clientId,
        user_id: who.userId,
        username: who.username,
        fullname: who.fullname,
        priority: who.priority,
        permissions: who.permissions,
        kind: spec.kind,
        params,
        host: sd.host,
        requested_at_ms: Date.now(),
        brand_id: who.brandId,
      });
      sd.pending++;
      const timer = setTimeout(() => {
        settle(requestId);
        dedupe.first(requestId).then(
          (first) => first && emitReply(sd.clientId, spec, errorReply('TIMEOUT', undefined, requestId, spec, isdn)),
          () => undefined,
        );
      }, config.REPLY_TIMEOUT_MS);
      pending.set(requestId, { timer, socket, spec, isdn, clientId: sd.clientId });
      try {
        await requests.publish({ topic: config.LOOKUP_REQUEST_TOPIC, key: isdn || requestId, value: Buffer.from(LookupRequested.encode(req).finish()) });
      } catch (err) {
        settle(requestId);
        log.error({ err }, 'could not publish a lookup request');
        return refuse('UNAVAILABLE');
      }
      if (typeof ack === 'function') ack({ status: 202, requestId, isdn, kind: spec.kind });
    } catch (err) {
      if (err instanceof AppError) return refuse(err.code, err.msg);
      log.error({ err }, 'lookup event failed');
      return refuse('INTERNAL');
    }
  }

  io.on('connection', (socket) => {
    const sd = socket.data as SocketData;
    socket.join([`user:${sd.identity.username}`, `client:${sd.clientId}`]);
    // A reply reaches this socket whichever replica consumed it (the Redis adapter delivers the
    // broadcast here): that settles the request's local timeout and in-flight count.
    socket.onAnyOutgoing((event: string, payload: { requestId?: unknown }) => {
      if (REPLY_EVENTS.has(event) && typeof payload?.requestId === 'string') settle(payload.requestId);
    });
    for (const spec of KIND_LIST) socket.on(spec.requestEvent, (payload: unknown, ack?: (a: unknown) => void) => void onLookup(socket, spec, payload, ack));
    socket.on('showThongBao', (payload: unknown, ack?: (a: unknown) => void) => {
      const body = (payload && typeof payload === 'object' ? payload : {}) as { data?: Record<string, unknown> } & Record<string, unknown>;
      const d = (body.data ?? body) as Record<string, unknown>;
      if (!(sd.identity.priority < 3)) {
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
      io.emit('showThongBao', notice);
      if (typeof ack === 'function') ack({ status: 200, id: notice.id });
    });
  });

  // ---- replies: one consumer group across replicas ----
  const replies = await startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-realtime',
    groupId: config.REALTIME_CONSUMER_GROUP,
    topics: [config.LOOKUP_REPLY_TOPIC],
    bus,
    log,
    concurrency: 64,
    handler: async (msg) => {
      let r: events_v1_lookup.LookupReplied;
      try {
        r = LookupReplied.decode(msg.value);
      } catch (err) {
        log.warn({ err }, 'undecodable lookup reply dropped');
        return;
      }
      settle(r.request_id);
      if (!r.request_id || !r.client_id || !isLookupKind(r.kind)) return;
      if (!(await dedupe.first(r.request_id))) return;
      const spec = KINDS[r.kind];
      let data: unknown = null;
      if (r.ok) {
        try {
          data = JSON.parse(r.result_json || 'null');
        } catch {
          data = null;
        }
      }
      const payload: LookupReplyPayload = r.ok
        ? { requestId: r.request_id, isdn: r.isdn, kind: r.kind, status: r.status || 200, data }
        : { requestId: r.request_id, isdn: r.isdn, kind: r.kind, status: r.status || 500, data: null, code: r.error_code, msg: r.error_msg };
      emitReply(r.client_id, spec, payload);
    },
  });
  replies.ready.then(() => (consumerReady = true));

  // ---- notices ----
  const notices = await startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-realtime-notify',
    groupId: `${config.REALTIME_CONSUMER_GROUP}-notify`,
    topics: [config.NOTIFY_TOPIC],
    bus,
    log,
    handler: async (msg) => {
      const n = RealtimeNotify.decode(msg.value);
      if (n.event_id && !(await dedupe.first(`notify:${n.event_id}`))) return;
      const notice = { id: n.event_id, title: n.title, message: n.message, level: n.level || 'info', from: n.from_username, at: Number(n.sent_at_ms) || Date.now() };
      const target = n.target || 'all';
      if (target === 'all') io.emit('showThongBao', notice);
      else if (/^(user|client):/.test(target)) io.to(target).emit('showThongBao', notice);
    },
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (http.address() as { port: number }).port;
  log.info({ port, redis: !!redis, kafka: !!config.KAFKA_BROKERS }, 'realtime tier listening');

  return {
    port,
    io,
    http,
    ready: replies.ready,
    replies,
    async stop() {
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
      await notices.stop().catch(() => undefined);
      if (config.KAFKA_BROKERS) await bus.close().catch(() => undefined);
      subClient?.disconnect();
      redis?.disconnect();
    },
  };
}

