import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';
import { DEFAULT_REMINDER_REPEAT_MS } from './domain/reminders';

/**
 * Orders service configuration: what every service reads, plus how often the due-time worker
 * looks for orders whose 10-minute window has run out (the deadline itself is the spec's).
 */
export const ordersConfig = defineConfig('orders', {
  ...serviceShape,
  /** How often the auto-cancel worker claims due orders (ms). */
  ORDERS_DUE_POLL_MS: env.int(1000),
  /**
   * How often the server repeats a reminder while its order still waits (ms): every
   * 2 minutes by default, three times inside a 'Chờ soạn Y' window; 0 = no repeats.
   */
  ORDERS_REMINDER_REPEAT_MS: env.int(DEFAULT_REMINDER_REPEAT_MS),
  /** The carrier (simulator) for 'Tra ĐTCT'; unset = the lookup answers 503. */
  CARRIER_URL: z.string().optional(),
  CARRIER_USERNAME: z.string().default(''),
  CARRIER_PASSWORD: z.string().default(''),
  /** The care service, whose invitation channel 'Mời tự động' uses; unset = that route answers 503. */
  CARE_GRPC_URL: z.string().optional(),
});

export type OrdersConfig = ReturnType<typeof ordersConfig.load>;
