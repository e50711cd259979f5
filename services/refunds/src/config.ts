import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/**
 * Refunds service configuration. The two card gateways (spec 2 §3 cong_nap_the, cong_nap_the_1)
 * are reached through the carrier connection the other carrier users hold (CARRIER_URL /
 * CARRIER_USERNAME / CARRIER_PASSWORD; the carrier simulator in dev): each gateway is
 * `{CARRIER_URL}/api/v1/partner/{gateway}/topup`. Without CARRIER_URL no gateway can be chosen as
 * the refund channel (khong_qua_api only); the addresses are never user-editable settings.
 */
export const refundsConfig = defineConfig('refunds', {
  ...serviceShape,
  CARRIER_URL: z.string().url().optional(),
  CARRIER_USERNAME: z.string().optional(),
  CARRIER_PASSWORD: z.string().optional(),
  /** Deadline of one partner call; past it the request stays 'Đang xử lý' and can be retried. */
  PARTNER_TIMEOUT_MS: env.int(8000),
});

export type RefundsConfig = ReturnType<typeof refundsConfig.load>;
