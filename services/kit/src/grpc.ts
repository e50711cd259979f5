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
  makeGenericClientConstructor,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, toServiceError } from './errors';
import { Identity, identityFromMetadata, identityToMetadata } from './identity';
import type { Logger } from './log';

/** 64 MiB both ways: the spec's "all rows" exports travel as one message. */
export const GRPC_MESSAGE_LIMIT = 64 * 1024 * 1024;
const messageLimits = {
  'grpc.max_receive_message_length': GRPC_MESSAGE_LIMIT,
  'grpc.max_send_message_length': GRPC_MESSAGE_LIMIT,
};

/**
 * Clients spread calls over every address the name resolves to (round_robin): in Kubernetes a
 * headless Service resolves to each pod, so an HPA's new lookup pods take their share.
 */
export const grpcChannelOptions = {
  ...messageLimits,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
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

export interface CallContext {
  /** Undefined only for public RPCs (login) and internal calls without a user. */
  identity?: Identity;
  metadata: Metadata;
  log: Logger;
}

type MethodImpl<M> = M extends { requestDeserialize(b: Buffer): infer Req; responseSerialize(v: infer Res): Buffer }
  ? (req: Req, ctx: CallContext) => Promise<Res>
  : never;

/** A service implementation as plain async functions: (request, context) → reply. */
export type Handlers<D> = { [K in keyof D]: MethodImpl<D[K]> };

export function serviceName(def: ServiceDefinition): string {
  const first = Object.values(def)[0];
  return first.path.split('/')[1];
}

/** Turns async handlers into grpc-js unary handlers; AppErrors become gRPC statuses with our code. */
export function adapt<D extends ServiceDefinition>(def: D, handlers: Handlers<D>, log: Logger): UntypedServiceImplementation {
  const out: UntypedServiceImplementation = {};
  for (const key of Object.keys(def)) {
    const fn = (handlers as Record<string, (req: unknown, ctx: CallContext) => Promise<unknown>>)[key];
    if (!fn) throw new Error(`${serviceName(def)}: no handler for ${key}`);
    out[key] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const ctx: CallContext = { identity: identityFromMetadata(call.metadata), metadata: call.metadata, log };
      fn(call.request, ctx).then(
        (reply) => callback(null, reply),
        (err) => {
          if (!(err instanceof AppError)) log.error({ err, method: def[key].path }, 'handler failed');
          callback(toServiceError(err) as never, null);
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

/** A typed client for internal service-to-service calls (ts-proto service definition). */
export function createClient<D extends ServiceDefinition>(def: D, address: string): Client & Record<string, unknown> {
  const Ctor = makeGenericClientConstructor(def, serviceName(def));
  return new Ctor(address, credentials.createInsecure(), grpcChannelOptions) as Client & Record<string, unknown>;
}

/** Calls a unary method of a generic client as a promise, optionally as a given user. */
export function callUnary<Req, Res>(
  client: Client & Record<string, unknown>,
  method: string,
  req: Req,
  opts: { identity?: Identity; deadlineMs?: number; metadata?: Metadata } = {},
): Promise<Res> {
  const md = opts.metadata ?? new Metadata();
  if (opts.identity) identityToMetadata(opts.identity, md);
  const deadline = new Date(Date.now() + (opts.deadlineMs ?? 15000));
  return new Promise<Res>((resolve, reject) => {
    (client[method] as Function).call(client, req, md, { deadline }, (err: Error | null, res: Res) =>
      err ? reject(err) : resolve(res),
    );
  });
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
