/**
 * The dataops integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own, against the real carrier simulator; more
 * instances can join the same database and prefix (replicas); staff announced over Kafka as auth
 * would; the error envelope a failed call turns into.
 */
import { ErrorEnvelope, fromServiceError, USER_CHANGED_TOPIC } from '@cskh/kit';
import { rand, startTestService, TestService, until } from '@cskh/kit/src/testing';
import { dataops_v1_dataops, events_v1_events } from '@cskh/proto';
import { CarrierSimHandle, startCarrierSim } from '../../carrier-sim/src/main';
import { dataopsModule } from '../src/module';

export const CARRIER_USER = 'cskh';
export const CARRIER_PASS = 'cskh-carrier';

export function startSim(latencyMs = 2): Promise<CarrierSimHandle> {
  return startCarrierSim({ port: 0, host: '127.0.0.1', latencyMs, username: CARRIER_USER, password: CARRIER_PASS });
}

/** One dataops replica; `joining` shares another's database and Kafka prefix. */
export async function startDataops(sim: CarrierSimHandle, instance: string, joining?: TestService, env: NodeJS.ProcessEnv = {}) {
  const shared = joining ? { DATABASE_URL: joining.env.DATABASE_URL!, KAFKA_TOPIC_PREFIX: joining.topicPrefix } : {};
  const t = await startTestService(dataopsModule, {
    env: {
      CARRIER_URL: sim.url,
      CARRIER_USERNAME: CARRIER_USER,
      CARRIER_PASSWORD: CARRIER_PASS,
      DATAOPS_INSTANCE: instance,
      LOG_LEVEL: process.env.DATAOPS_TEST_LOG ?? 'silent',
      SCAN_POLL_MS: '100',
      SCAN_LEASE_MS: '3000',
      SCAN_BATCH_SIZE: '10',
      SCAN_RATE_PER_SECOND: '200',
      SCAN_CONCURRENCY: '4',
      ...shared,
      ...env,
    },
  });
  return {
    t,
    scans: t.client(dataops_v1_dataops.DataopsScanServiceService),
    split: t.client(dataops_v1_dataops.DataopsSplitServiceService),
    lists: t.client(dataops_v1_dataops.DataopsListServiceService),
    internal: t.client(dataops_v1_dataops.DataopsServiceService),
  };
}

/** The error envelope a failing call turns into (code + Vietnamese msg). */
export async function failure(p: Promise<unknown>): Promise<ErrorEnvelope> {
  try {
    await p;
  } catch (e) {
    return fromServiceError(e);
  }
  throw new Error('expected the call to fail');
}

export { until };

let next = 10_000_000 + Math.floor(Math.random() * 70_000_000);
/** Distinct valid mobile numbers (09 + 8 digits). */
export function phones(n: number): string[] {
  return Array.from({ length: n }, () => `09${String(next++).padStart(8, '0')}`);
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
  await until('staff read model', async () => (await t.sql(`SELECT username FROM dataops.staff WHERE username = ANY($1)`, [people.map((p) => p.username)])).length === people.length);
}
