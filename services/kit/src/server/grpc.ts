import {
  Server,
  ServerCredentials,
  ServiceDefinition,
  UntypedServiceImplementation,
  Metadata,
  ServerUnaryCall,
  sendUnaryData,
  credentials,
  Client,
  ClientUnaryCall,
  CallOptions as GrpcCallOptions,
  makeGenericClientConstructor,
  status as GrpcStatus,
  connectivityState,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, fromGrpcError, isTransportFailure, neverSent, toServiceError } from '../core/errors';
import type { Identity } from '../core/identity';
import { identityFromMetadata, identityToMetadata } from './identity-metadata';
import { grpcServerDuration, outcomeTimer } from '../observability/metrics';
import type { Logger } from '../observability/log';
import { exportRefusal, usernameRefusal } from '../core/route-rules';
import { RpcRouteInfo, rpcRouteInfo } from './route-info';
import { maskReply } from './reply-mask';
import { contextFrom, inSpan, SpanKind, traceHeaders } from '../observability/trace';

/** 64 MiB both ways: the spec's "all rows" exports travel as one message. */
export const GRPC_MESSAGE_LIMIT = 64 * 1024 * 1024;
const messageLimits = {
  'grpc.max_receive_message_length': GRPC_MESSAGE_LIMIT,
  'grpc.max_send_message_length': GRPC_MESSAGE_LIMIT,
  // channelz (grpc-js's introspection service, which we never register) otherwise counts and
  // timestamps every call on the channel, subchannel and server: CPU per call for nothing.
  'grpc.enable_channelz': 0,
};

/**
 * Clients spread calls over every address the name resolves to (round_robin): in Kubernetes a
 * headless Service resolves to each pod, so an HPA's new lookup pods take their share.
 */
export const grpcChannelOptions = {
  ...messageLimits,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  // A restarted service is called again within a second, not after grpc-js's back-off (up to
  // 120 s) — meanwhile every call fails fast with 503 (chaos run: auth killed and restarted).
  'grpc.initial_reconnect_backoff_ms': 200,
  'grpc.max_reconnect_backoff_ms': 1000,
  // After a server's GOAWAY (a pod stopping in a rolling update) the name is resolved again at
  // once, and again a second later if the answer still named only the leaving pod — not after
  // grpc-js's default 30 s (found on a real cluster: a second of 503s per rolled service).
  'grpc.dns_min_time_between_resolutions_ms': 1000,
};

/**
 * Servers close connections after a few minutes (gracefully): clients then re-resolve the name
 * and find pods added since, instead of staying pinned to the first ones for ever.
 */
export const grpcServerOptions = {
  ...messageLimits,
  'grpc.max_connection_age_ms': 5 * 60 * 1000,
  'grpc.max_connection_age_grace_ms': 30 * 1000,
};

/** What a handler gets beside its request. */
export interface CallContext {
  /** Undefined only for public RPCs (login) and internal calls without a user. */
  identity?: Identity;
  /** The caller; UNAUTHORIZED when there is none (routed, non-public RPCs always have one). */
  readonly user: Identity;
  metadata: Metadata;
  log: Logger;
  /** Aborted when the caller cancels or its deadline passes: long work should stop. */
  signal: AbortSignal;
  deadline?: Date;
  /** gRPC path, e.g. /cskh.auth.v1.UserService/ListUsers */
  method: string;
  /** What the RPC's route and service options declare (row scope, export ban, username bar). */
  route: RpcRouteInfo;
}

type MethodImpl<M> = M extends { requestDeserialize(b: Buffer): infer Req; responseSerialize(v: infer Res): Buffer }
  ? (req: Req, ctx: CallContext) => Promise<Res>
  : never;

/** A service implementation as plain async functions: (request, context) → reply. */
export type Handlers<D> = { [K in keyof D]: MethodImpl<D[K]> };

/** One call as the middleware chain sees it: its request, context and the proto's declarations (routed, public, …). */
export interface CallInfo extends RpcRouteInfo {
  method: string;
  request: unknown;
  ctx: CallContext;
}

/** Runs around a handler: call next() to go on; throw an AppError to answer with it. */
export type Middleware = (call: CallInfo, next: () => Promise<unknown>) => Promise<unknown>;

/** Browser-facing RPCs need a caller unless public; internal RPCs (no route) may be called without one. */
export const requireCallerMiddleware: Middleware = (call, next) => {
  if (call.routed && !call.isPublic && !call.ctx.identity) throw new AppError('UNAUTHORIZED');
  return next();
};

/**
 * The rules declared beside a route, enforced here for every call (the gateway enforces them
 * before the call too): the service's username bar (HNIMB on refunds) and the list's export ban.
 */
export const declaredRulesMiddleware: Middleware = (call, next) => {
  const id = call.ctx.identity;
  if (id) {
    const refusal = usernameRefusal(call.barred, id.username) ?? exportRefusal(call, id.priority, call.request);
    if (refusal) throw new AppError('FORBIDDEN', refusal);
  }
  return next();
};

/**
 * Every reply of a routed RPC as its caller may see it: phones masked in every string for the
 * viewers the masking rule covers, except the fields the proto declares `unmasked` (reply-mask.ts).
 * Internal RPCs (no route) answer other services, which match by the number: left as they are.
 */
export const maskReplyMiddleware: Middleware = async (call, next) => {
  const reply = await next();
  const viewer = call.ctx.identity;
  return call.routed && viewer ? maskReply(call.method, reply, viewer) : reply;
};

/** A service and its handlers, as a module's services() returns them (bind(); an adapt()ed implementation is taken as is). */
export type ServiceBinding = readonly [ServiceDefinition, object];

const ADAPTED = Symbol('cskh.adapted');
export const isAdapted = (impl: object) => ADAPTED in impl;
export const bind = <D extends ServiceDefinition>(def: D, handlers: Handlers<D>): ServiceBinding => [def, handlers];

export function serviceName(def: ServiceDefinition): string {
  const first = Object.values(def)[0];
  return first.path.split('/')[1];
}

/** The W3C trace entries of a call's metadata (not the whole map: the caller's identity is one large entry). */
function traceCarrier(md: Metadata): Record<string, unknown> {
  const carrier: Record<string, unknown> = {};
  const traceparent = md.get('traceparent')[0];
  if (traceparent !== undefined) carrier.traceparent = traceparent;
  const tracestate = md.get('tracestate')[0];
  if (tracestate !== undefined) carrier.tracestate = tracestate;
  return carrier;
}

/**
 * The abort reason of a cancelled call, made once: grpc-js emits 'cancelled' as calls end, and a
 * fresh error (with its stack) per call was ~1.4 % of the lookup process's time.
 */
const CALL_CANCELLED = new AppError('TIMEOUT');

function contextFor(call: ServerUnaryCall<unknown, unknown>, log: Logger, method: string, route: RpcRouteInfo): CallContext {
  const identity = identityFromMetadata(call.metadata);
  // The abort signal is made when a handler reads it (most never do): an AbortController and a
  // listener per call were a visible share of the lookup process's time.
  let signal: AbortSignal | undefined;
  const d = call.getDeadline();
  const deadline = d instanceof Date ? d : typeof d === 'number' && Number.isFinite(d) ? new Date(d) : undefined;
  return {
    identity,
    get user() {
      if (!identity) throw new AppError('UNAUTHORIZED');
      return identity;
    },
    metadata: call.metadata,
    log,
    get signal() {
      if (!signal) {
        const abort = new AbortController();
        if (call.cancelled) abort.abort(CALL_CANCELLED);
        else call.once('cancelled', () => abort.abort(CALL_CANCELLED));
        signal = abort.signal;
      }
      return signal;
    },
    deadline,
    method,
    route,
  };
}

/**
 * Turns async handlers into grpc-js unary handlers behind one middleware chain: the caller
 * check and the declared rules (from the proto's route and service options), the reply's masking,
 * then the module's own middleware, then the handler.
 * Errors are mapped once: AppErrors become gRPC statuses with our code; anything else is logged
 * and answered INTERNAL.
 */
export function adapt<D extends ServiceDefinition>(
  def: D,
  handlers: Handlers<D>,
  opts: Logger | { log: Logger; middleware?: Middleware[] },
): UntypedServiceImplementation {
  const { log, middleware = [] } =
    'info' in opts && typeof opts.info === 'function' ? { log: opts as Logger } : (opts as { log: Logger; middleware?: Middleware[] });
  const chain = [requireCallerMiddleware, declaredRulesMiddleware, maskReplyMiddleware, ...middleware];
  const routes = rpcRouteInfo();
  const svc = serviceName(def);
  const out: UntypedServiceImplementation = {};
  Object.defineProperty(out, ADAPTED, { value: true });
  for (const key of Object.keys(def)) {
    const fn = (handlers as Record<string, (req: unknown, ctx: CallContext) => Promise<unknown>>)[key];
    if (!fn) throw new Error(`${serviceName(def)}: no handler for ${key}`);
    const method = def[key].path;
    const rpcName = method.slice(method.lastIndexOf('/') + 1);
    const route: RpcRouteInfo = routes.get(method) ?? { routed: false, isPublic: false, exportBarred: [] };
    const observe = outcomeTimer(grpcServerDuration, { service: svc, method: rpcName }, 'code');
    out[key] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const started = performance.now();
      const info: CallInfo = { method, request: call.request, ctx: contextFor(call, log, method, route), ...route };
      // Each step starts at once (a throw becomes a rejection), not a microtask later.
      const run = (i: number): Promise<unknown> => {
        try {
          return Promise.resolve(i < chain.length ? chain[i](info, () => run(i + 1)) : fn(info.request, info.ctx));
        } catch (err) {
          return Promise.reject(err);
        }
      };
      // The caller's trace continues here (traceparent in the metadata); the handler's logs carry it.
      const parent = contextFrom(traceCarrier(call.metadata));
      inSpan(
        method.slice(1),
        { kind: SpanKind.SERVER, parent, attributes: { 'rpc.system': 'grpc', 'rpc.service': svc, 'rpc.method': rpcName } },
        () => run(0),
      ).then(
        (reply) => {
          observe('OK', started);
          callback(null, reply);
        },
        (err) => {
          if (!(err instanceof AppError)) log.error({ err, method }, 'handler failed');
          const e = toServiceError(err);
          observe(GrpcStatus[e.code ?? GrpcStatus.UNKNOWN] ?? 'UNKNOWN', started);
          callback(e as never, null);
        },
      );
    };
  }
  return out;
}

export interface GrpcServerHandle {
  port: number;
  health: HealthImplementation;
  stop(graceMs?: number): Promise<void>;
}

export async function startGrpcServer(opts: {
  port: number;
  host?: string;
  services: Array<[ServiceDefinition, UntypedServiceImplementation]>;
  log: Logger;
}): Promise<GrpcServerHandle> {
  const server = new Server(grpcServerOptions);
  const statusMap: Record<string, 'SERVING'> = { '': 'SERVING' };
  for (const [def, impl] of opts.services) {
    server.addService(def, impl);
    statusMap[serviceName(def)] = 'SERVING';
  }
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  const host = opts.host ?? '0.0.0.0';
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${opts.port}`, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  opts.log.info({ port }, 'gRPC server listening');
  return {
    port,
    health,
    async stop(graceMs = 10000) {
      for (const name of Object.keys(statusMap)) health.setStatus(name, 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** A generic grpc-js client (tests and the gateway use it with callUnary). */
export function createClient<D extends ServiceDefinition>(def: D, address: string): Client & Record<string, unknown> {
  const Ctor = makeGenericClientConstructor(def, serviceName(def));
  return new Ctor(address, credentials.createInsecure(), grpcChannelOptions) as Client & Record<string, unknown>;
}

/** Calls a unary method of a generic client as a promise, optionally as a given user. */
export function callUnary<Req, Res>(
  client: Client & Record<string, unknown>,
  method: string,
  req: Req,
  opts: CallOptions = {},
): Promise<Res> {
  const md = opts.metadata ?? new Metadata();
  if (opts.identity) identityToMetadata(opts.identity, md);
  for (const [k, v] of Object.entries(traceHeaders())) md.set(k, v);
  return unaryCall<Res>(client, method, req, md, {
    deadline: Date.now() + (opts.deadlineMs ?? 15000),
    idempotent: opts.idempotent,
    signal: opts.signal,
  });
}

/**
 * How long a call retried after a transport failure may wait for a connection: a pod replaced
 * in a rolling update is reachable again within about a second (re-resolution and reconnect
 * back-off in grpcChannelOptions); a service that is really down still answers 503 soon.
 */
export const RECONNECT_WAIT_MS = 3000;

/**
 * One unary call, made once more after a transport failure. When a pod leaves in a rolling update
 * a channel can have no connection for a moment, and grpc-js fails such calls at once (found on a
 * real cluster: 3 of 2,667 lookups answered 503 during `helm upgrade`). The second attempt waits
 * for a connection (waitForReady) for at most RECONNECT_WAIT_MS and never past the deadline. A call
 * the channel never sent is always made again; one the server may have run, only when the caller
 * says running it twice is harmless (idempotent: the gateway's GET routes). Failures a service
 * declares (its own UNAVAILABLE: carrier or database down) are answered as they are.
 */
export async function unaryCall<Res>(
  client: Client & Record<string, unknown>,
  method: string,
  req: unknown,
  md: Metadata,
  opts: { deadline: number; idempotent?: boolean; signal?: AbortSignal },
): Promise<Res> {
  try {
    return await unaryOnce<Res>(client, method, req, md, opts.deadline, opts.signal);
  } catch (err) {
    if (!(neverSent(err) || (opts.idempotent && isTransportFailure(err)))) throw err;
    const until = Math.min(opts.deadline, Date.now() + RECONNECT_WAIT_MS);
    if (until - Date.now() < 50 || opts.signal?.aborted) throw err;
    const waiting = md.clone();
    waiting.setOptions({ waitForReady: true });
    try {
      return await unaryOnce<Res>(client, method, req, waiting, until, opts.signal);
    } catch (again) {
      // Still no connection when the wait ran out: that is the first failure (503), not a timeout.
      const waitedOut =
        (again as { code?: number }).code === GrpcStatus.DEADLINE_EXCEEDED &&
        client.getChannel().getConnectivityState(false) !== connectivityState.READY;
      throw waitedOut ? err : again;
    }
  }
}

/** A method of a client built from a loaded definition: (req, [metadata], options, callback); the caller names the reply. */
export interface GrpcMethod {
  <Res>(req: unknown, md: Metadata, opts: GrpcCallOptions, cb: (err: Error | null, res: Res) => void): ClientUnaryCall;
  <Res>(req: unknown, opts: GrpcCallOptions, cb: (err: Error | null, res: Res) => void): ClientUnaryCall;
}
/** A gRPC client whose methods are looked up by name (the gateway's routes, health checks). */
export type GenericClient = Client & Record<string, GrpcMethod>;

function unaryOnce<Res>(
  client: Client & Record<string, unknown>,
  method: string,
  req: unknown,
  md: Metadata,
  deadline: number,
  signal?: AbortSignal,
) {
  return new Promise<Res>((resolve, reject) => {
    const call = (client as unknown as Record<string, GrpcMethod>)[method]<Res>(req, md, { deadline: new Date(deadline) }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    signal?.addEventListener('abort', () => call.cancel(), { once: true });
  });
}

export interface CallOptions {
  /** Call as this user (their identity travels in the metadata, as from the gateway). */
  identity?: Identity;
  /** Always set: default 15 s. */
  deadlineMs?: number;
  /** Running the call twice is harmless (a read): it is made again after any transport failure, not only an unsent one. */
  idempotent?: boolean;
  metadata?: Metadata;
  /** Cancels the call (e.g. the handler's own ctx.signal, so a cancelled caller cancels downstream). */
  signal?: AbortSignal;
}

type RequestOf<M> = M extends { requestSerialize(v: infer Req): Buffer } ? Req : never;
type ReplyOf<M> = M extends { responseDeserialize(b: Buffer): infer Res } ? Res : never;

/**
 * A typed client for service-to-service calls: one promise-returning method per RPC, named as
 * in the ts-proto service definition. Requests are whole messages (build them with
 * `Msg.fromPartial`); failures reject with an AppError carrying the callee's code and message.
 */
export type ServiceClient<D> = { [K in keyof D]: (req: RequestOf<D[K]>, opts?: CallOptions) => Promise<ReplyOf<D[K]>> } & {
  close(): void;
};

export function serviceClient<D extends ServiceDefinition>(
  def: D,
  address: string,
  defaults: Pick<CallOptions, 'deadlineMs'> = {},
): ServiceClient<D> {
  const raw = createClient(def, address);
  const out: Record<string, unknown> = { close: () => raw.close() };
  for (const key of Object.keys(def)) {
    out[key] = (req: unknown, opts: CallOptions = {}) =>
      callUnary(raw, key, req, { ...defaults, ...opts }).catch((err) => {
        throw fromGrpcError(err);
      });
  }
  return out as ServiceClient<D>;
}

/** Runs stop() on SIGTERM/SIGINT once (graceful shutdown for every process). */
export function onShutdown(stop: () => Promise<void>, log: Logger) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}
