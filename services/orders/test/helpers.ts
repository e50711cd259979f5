/**
 * The orders service's integration harness, on the kit's (startTestService): the real service in
 * a database and a Kafka topic prefix of its own, a clock the test moves, typed clients, callers
 * of any priority (staff announcements and failures are the kit's: announceStaff, failure).
 */
import { rand, startTestService, TestService } from '@cskh/kit/testing';
import { orders_v1_orders } from '@cskh/proto';
import type { ServiceClient } from '@cskh/kit/server';
import type { Clock } from '../src/context';
import { createOrdersModule } from '../src/module';

/** A clock the test sets and moves; every instance started with it shares it. */
export class TestClock implements Clock {
  constructor(private ms = Date.now()) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
  set(at: Date | number) {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }
}

export const MINUTE = 60_000;

/** One orders service; `joining` starts another instance on the first one's database and topics. */
export async function startOrders(clock = new TestClock(), joining?: TestService, extraEnv: NodeJS.ProcessEnv = {}) {
  const env = joining ? { DATABASE_URL: joining.env.DATABASE_URL!, KAFKA_TOPIC_PREFIX: joining.topicPrefix } : {};
  const t = await startTestService(createOrdersModule(clock), { env: { ORDERS_DUE_POLL_MS: '50', ...env, ...extraEnv } });
  return {
    t,
    clock,
    mfyPrices: ofList(t.client(orders_v1_orders.PackagePriceServiceService), 'mfy'),
    prices9279: ofList(t.client(orders_v1_orders.PackagePriceServiceService), '9279'),
    mfy: ofList(t.client(orders_v1_orders.OrderServiceService), 'mfy'),
    reg9279: ofList(t.client(orders_v1_orders.OrderServiceService), '9279'),
    khr: t.client(orders_v1_orders.KhrServiceService),
    baodo: t.client(orders_v1_orders.BaodoServiceService),
  };
}

type RequestOf<M> = M extends { requestSerialize(v: infer Req): Buffer } ? Req : never;
type ReplyOf<M> = M extends { responseDeserialize(b: Buffer): infer Res } ? Res : never;
type CallOpts = Parameters<ServiceClient<typeof orders_v1_orders.OrderServiceService>['getOrder']>[1];
/** A twin-list service's client for one list: each call names the list as the gateway's route does. */
export type ListClient<D> = { [K in keyof D]: (req: Omit<RequestOf<D[K]>, 'kind'>, opts?: CallOpts) => Promise<ReplyOf<D[K]>> };

function ofList<D>(client: ServiceClient<D>, kind: 'mfy' | '9279'): ListClient<D> {
  const calls = client as unknown as Record<string, (req: object, opts?: CallOpts) => Promise<unknown>>;
  return new Proxy({} as ListClient<D>, {
    get: (_, name: string) => (req: object, opts?: CallOpts) => calls[name]({ ...req, kind }, opts),
  });
}

/** A package on a price list (100,000 / 90,000 / 80,000, recovery fee 15,000 unless told). */
export async function listPackage(
  t: TestService,
  kind: 'mfy' | '9279',
  name: string,
  amounts = { phi_thu_hoi: 15000, gia_t1: 100000, gia_t2: 90000, gia_t3: 80000 },
) {
  await t.sql(
    `INSERT INTO orders.package_price (kind, ten_goi_cuoc, phi_thu_hoi, gia_t1, gia_t2, gia_t3) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (kind, ten_goi_cuoc) DO NOTHING`,
    [kind, name, amounts.phi_thu_hoi, amounts.gia_t1, amounts.gia_t2, amounts.gia_t3],
  );
}

/** A fresh subscriber number (so that filters by phone find exactly the test's orders). */
export const newPhone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A caller holding every orders code (the gateway already checked them). */
export const caller = (t: TestService, priority: number, username = `p${priority}_${rand()}`) =>
  t.as(priority, ['mfy', 'dangky9279', 'giagoimfy', 'giagoidangky9279', 'khr', 'baodo'], {
    username,
    fullname: `Tên ${username}`,
    userId: userIdOf(username),
  });

/** The user id auth would give a username (the kit's announceStaff gives the same by default). */
export const userIdOf = (username: string) => `id-${username}`;
