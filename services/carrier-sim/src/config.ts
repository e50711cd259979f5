import { z } from 'zod';
import { defineConfig, env } from '@cskh/kit';

const rate = () => z.coerce.number().min(0).max(1).default(0);

/** Carrier simulator configuration (all from the environment). */
export const carrierSimConfig = defineConfig('carrier-sim', {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8090),
  HOST: z.string().default('0.0.0.0'),
  /** Fixed latency added to every answer, and a random extra of up to JITTER_MS. */
  CARRIER_SIM_LATENCY_MS: env.int(0),
  CARRIER_SIM_JITTER_MS: env.int(0),
  /** Share of requests answered with HTTP 500 / never answered. */
  CARRIER_SIM_ERROR_RATE: rate(),
  CARRIER_SIM_TIMEOUT_RATE: rate(),
  /** Basic-auth credentials the simulator accepts (the "carrier" system account holds the same). */
  CARRIER_SIM_USERNAME: z.string().default('carrier'),
  CARRIER_SIM_PASSWORD: z.string().default('carrier-secret'),
  /**
   * Comma-separated seller codes (staff usernames) that 9084 registrations are attributed to: only
   * people who exist, or the registration result shows a seller nobody knows (`npm run demo` names
   * its office's sales staff).
   */
  CARRIER_SIM_SELLERS: z.string().default('admin'),
});
