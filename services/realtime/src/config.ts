import { hostname } from 'node:os';
import { z } from 'zod';
import { defineConfig, env } from '@cskh/kit';

/** Realtime tier configuration (Socket.IO + Redis adapter ⇄ Kafka). */
export const realtimeConfig = defineConfig('realtime', {
  LOG_LEVEL: env.logLevel(),
  /** HTTP port of Socket.IO, /healthz and /readyz (0 = any free port). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  /** Same HS256 secret as auth and the gateway. */
  JWT_SECRET: env.secret(),
  /** Socket.IO Redis adapter, token revocation, push de-duplication; unset = single node, memory. */
  REDIS_URL: z.string().optional(),
  /** Unset: the in-process bus (embedded run only). */
  KAFKA_BROKERS: z.string().optional(),
  /** Namespace of topics and consumer groups on a shared Kafka (kit bus; topics themselves are declared in the protos). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .optional(),
  /** One consumer group across every replica. */
  REALTIME_CONSUMER_GROUP: z.string().default('cskh-realtime'),
  /** A request with no reply by then gets an error reply (never a silent hang). */
  REPLY_TIMEOUT_MS: env.int(30000),
  /** How long a shown push id is remembered (duplicates within it are dropped). */
  DEDUPE_TTL_SECONDS: env.int(3600),
  /** Socket commands one socket may have in flight. */
  MAX_PENDING_PER_SOCKET: env.int(50),
  /** Allowed browser origins (comma-separated); unset = same origin through the gateway only. */
  CORS_ORIGIN: z.string().optional(),
  SOCKET_PATH: z.string().default('/socket.io'),
  /** Redis key prefix of the Socket.IO adapter's channels (replicas of one deployment share it). */
  SOCKET_ADAPTER_KEY: z.string().default('cskh:socket.io'),
  SHUTDOWN_GRACE_MS: env.int(10000),
  /** Names this replica in each handshake's answer (REPLICA_HEADER): the pod's name in a cluster. */
  REPLICA_NAME: z.string().default(hostname()),
});

export type RealtimeConfig = ReturnType<typeof realtimeConfig.load>;
