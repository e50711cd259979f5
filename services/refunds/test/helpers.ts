/**
 * The refunds service's integration harness, on the kit's (startTestService): the real service in
 * a database and a Kafka topic prefix of its own, a typed client, callers of any priority and
 * permission codes, and the error envelope a failed call turns into.
 */
import { ErrorEnvelope, fromServiceError, Identity, USER_CHANGED_TOPIC } from '@cskh/kit';
import { rand, startTestService, TestService } from '@cskh/kit/src/testing';
import { events_v1_events, refunds_v1_refunds } from '@cskh/proto';
import { refundsModule } from '../src/module';

export async function startRefunds(env: NodeJS.ProcessEnv = {}) {
  const t = await startTestService(refundsModule, { env });
  const api = t.client(refunds_v1_refunds.RefundsServiceService);
  return { t, api };
}

export type RefundsApi = Awaited<ReturnType<typeof startRefunds>>['api'];

/** A caller holding the given codes (the gateway already checked the route's guard). */
export const caller = (t: TestService, priority: number, codes: string[] = ['requestrefund'], username = `p${priority}_${rand()}`, over: Partial<Identity> = {}) =>
  t.as(priority, codes, { username, ...over });

export const opts = (identity: Identity) => ({ identity });

/** The error envelope a failing call turns into (code + Vietnamese msg). */
export async function failure(p: Promise<unknown>): Promise<ErrorEnvelope> {
  try {
    await p;
  } catch (e) {
    return fromServiceError(e);
  }
  throw new Error('expected the call to fail');
}

/** Staff as auth announces them (cskh.auth.user-changed), then waits until the read model has them. */
export async function announceStaff(t: TestService, ...people: Array<Partial<events_v1_events.UserChanged> & { username: string }>) {
  const events = people.map((p) =>
    events_v1_events.UserChanged.fromPartial({
      event_id: rand(),
      user_id: p.user_id ?? `u-${p.username}`,
      fullname: p.username,
      role_name: 'Nhân viên',
      role_priority: 5,
      changed_at: new Date().toISOString(),
      ...p,
    }),
  );
  await t.bus.publish(events.map((e) => ({ topic: USER_CHANGED_TOPIC, key: e.user_id, value: Buffer.from(events_v1_events.UserChanged.encode(e).finish()) })));
  await waitFor(async () => (await t.sql(`SELECT username FROM refunds.staff WHERE username = ANY($1)`, [people.map((p) => p.username)])).length === people.length);
}

export async function waitFor(check: () => Promise<boolean>, ms = 30000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
