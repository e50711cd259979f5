import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/**
 * Care service configuration: what every service reads (database, Kafka, gRPC port), the carrier
 * for package invitations (CARRIER_URL / CARRIER_USERNAME / CARRIER_PASSWORD), the auth
 * service for the invite-channel rule (AUTH_GRPC_URL) and dataops for data-split numbers
 * (DATAOPS_GRPC_URL).
 */
export const careConfig = defineConfig('care', {
  ...serviceShape,
  AUTH_GRPC_URL: z.string().optional(),
  /** Dataops, for numbers taken from data-split files by 'Khách hàng mới' (unset: none). */
  DATAOPS_GRPC_URL: z.string().optional(),
  CARRIER_URL: z.string().optional(),
  CARRIER_USERNAME: z.string().optional(),
  CARRIER_PASSWORD: z.string().optional(),
  /** Per carrier call; a slower carrier is answered 503. */
  CARRIER_TIMEOUT_MS: env.int(10000),
});

export type CareConfig = ReturnType<typeof careConfig.load>;
