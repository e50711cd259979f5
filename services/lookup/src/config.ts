import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/**
 * Lookup service configuration. The carrier's base URL and credentials come from the system
 * account whose position is CARRIER_POSITION (auth service, AUTH_GRPC_URL); when auth is not
 * configured or holds no such account, CARRIER_URL / CARRIER_USERNAME / CARRIER_PASSWORD are used.
 */
export const lookupConfig = defineConfig('lookup', {
  ...serviceShape,
  AUTH_GRPC_URL: z.string().optional(),
  CARRIER_POSITION: z.string().default('carrier'),
  CARRIER_URL: z.string().optional(),
  CARRIER_USERNAME: z.string().optional(),
  CARRIER_PASSWORD: z.string().optional(),
  /** Per carrier call; a slower carrier becomes a TIMEOUT error reply. */
  CARRIER_TIMEOUT_MS: env.int(8000),
  /** How long the system-account credentials are cached. */
  CARRIER_CREDENTIALS_TTL_MS: env.int(60000),
  /** Detailed-info limits (spec 1 §2.12): the Vietnam-time window and lookups per user per rolling hour. */
  INFO_WINDOW: z
    .string()
    .regex(/^\d{1,2}:\d{2}-\d{1,2}:\d{2}$/)
    .default('07:00-22:00'),
  INFO_LIMIT_PER_HOUR: env.int(60),
  /** Usernames of special administrative accounts (not attributed to viewers of priority ≥ 3). */
  SPECIAL_ACCOUNTS: z.string().default('admin'),
  /** The two branch username prefixes of the 9084 channel rules (first, second). */
  BRANCH_PREFIXES: z.string().default('HNIMB,HCMMB'),
  /** Kafka group of the socket path (its topics are declared in lookup.proto, service LookupSocketService). */
  LOOKUP_CONSUMER_GROUP: z.string().default('cskh-lookup'),
  /** A socket request older than this when consumed is answered TIMEOUT without a carrier call (0 = never). */
  LOOKUP_REQUEST_MAX_AGE_MS: env.int(60000),
  /** Lookups processed at once by the Kafka consumer. */
  LOOKUP_CONCURRENCY: env.int(64),
  /**
   * Log rows are group-committed: at most this many per INSERT, at most this many INSERTs at once.
   * One at a time by default: the rows that arrive meanwhile go together in the next one, and
   * fewer, larger INSERTs cost the service less CPU per lookup (load-tests/README.md).
   */
  LOG_BATCH_SIZE: env.int(200),
  LOG_MAX_INFLIGHT: env.int(1),
});

export type LookupConfig = ReturnType<typeof lookupConfig.load>;
