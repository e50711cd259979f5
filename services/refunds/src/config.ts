import { z } from 'zod';
import { defineConfig, env, serviceShape } from '@cskh/kit';

/**
 * Refunds service configuration. The two card gateways (spec 2 §9 cong_nap_the, cong_nap_the_1)
 * are partners' HTTP APIs: their base URLs come from here, never from a user-editable setting.
 * A gateway without a URL cannot be chosen as the refund channel.
 */
export const refundsConfig = defineConfig('refunds', {
  ...serviceShape,
  PARTNER_CONG_NAP_THE_URL: z.string().url().optional(),
  PARTNER_CONG_NAP_THE_1_URL: z.string().url().optional(),
  /** Deadline of one partner call; past it the request stays 'Đang xử lý' and can be retried. */
  PARTNER_TIMEOUT_MS: env.int(8000),
});

export type RefundsConfig = ReturnType<typeof refundsConfig.load>;
