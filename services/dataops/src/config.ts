import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/**
 * Dataops service configuration. The carrier (the simulator in every run we control) is reached
 * with CARRIER_URL / CARRIER_USERNAME / CARRIER_PASSWORD, as care reaches it. The scan worker's
 * pace is bounded by a rate (numbers per second, per replica) and a concurrency (carrier calls in
 * flight); a file is scanned by one replica at a time, which holds a lease renewed while it works.
 */
export const dataopsConfig = defineConfig('dataops', {
  ...serviceShape,
  CARRIER_URL: z.string().optional(),
  CARRIER_USERNAME: z.string().optional(),
  CARRIER_PASSWORD: z.string().optional(),
  /** Per carrier call; a slower answer counts as a failed attempt (retried, then the number is marked LOI). */
  CARRIER_TIMEOUT_MS: env.int(8000),
  /** Numbers scanned per second per replica (0 = no bound). */
  SCAN_RATE_PER_SECOND: env.int(50),
  /** Carrier calls in flight per replica. */
  SCAN_CONCURRENCY: env.int(8),
  /** Numbers claimed per step; progress is stored and pushed after each step. */
  SCAN_BATCH_SIZE: env.int(50),
  /** How long a replica's claim on a running file lasts without renewal (a dead replica's file is taken over after it). */
  SCAN_LEASE_MS: env.int(15000),
  /** How often an idle worker looks for running files without a live lease. */
  SCAN_POLL_MS: env.int(1000),
  /** Attempts per number before it is stored as LOI (carrier error or timeout). */
  SCAN_ATTEMPTS: env.int(3),
  /** Kafka group of the socket commands (start/stop, declared in dataops.proto, service DataopsSocketService). */
  DATAOPS_CONSUMER_GROUP: z.string().default('cskh-dataops'),
  /** Replica name in the lease column (logs, tests); default host name + pid. */
  DATAOPS_INSTANCE: z.string().optional(),
});

export type DataopsConfig = ReturnType<typeof dataopsConfig.load>;
