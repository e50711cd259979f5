/**
 * The refunds service's integration harness, on the kit's (startTestService): the real service in
 * a database and a Kafka topic prefix of its own, a typed client, callers of any priority and
 * permission codes (failures, staff announcements and waiting are the kit's: failure, announceStaff, until).
 */
import type { Identity } from '@cskh/kit';
import { rand, startTestService, TestService } from '@cskh/kit/testing';
import { refunds_v1_refunds } from '@cskh/proto';
import { refundsModule } from '../src/module';

export async function startRefunds(env: NodeJS.ProcessEnv = {}) {
  const t = await startTestService(refundsModule, { env });
  const api = t.client(refunds_v1_refunds.RefundsServiceService);
  return { t, api };
}

export type RefundsApi = Awaited<ReturnType<typeof startRefunds>>['api'];

/** A caller holding the given codes (the gateway already checked the route's guard). */
export const caller = (
  t: TestService,
  priority: number,
  codes: string[] = ['requestrefund'],
  username = `p${priority}_${rand()}`,
  over: Partial<Identity> = {},
) => t.as(priority, codes, { username, ...over });

export const opts = (identity: Identity) => ({ identity });

/** A full refund price record for a package (every price distinct so a mix-up shows). */
export const priceInput = (name: string, base = 10000): refunds_v1_refunds.RefundPriceInput =>
  refunds_v1_refunds.RefundPriceInput.fromPartial({
    ten_goi_cuoc: name,
    gia_gia_han: base,
    gia_nang_cap: base + 1000,
    gia_nang_cap_t2: base + 2000,
    gia_nang_cap_t3: base + 3000,
    gia_nang_cap_ht0: base + 4000,
    gia_nang_cap_ht1: base + 5000,
    gia_nang_cap_ht2: base + 6000,
    gia_nang_cap_ht3: base + 7000,
    gia_nang_cap_ht4: base + 8000,
    gia_nang_cap_g1: base + 9000,
    gia_nang_cap_g2: base + 10000,
    gia_nang_cap_g3: base + 11000,
    gia_goi: base * 10,
  });
