/**
 * The dataops integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own, against the real carrier simulator; more
 * instances can join the same database and prefix (replicas); staff announced over Kafka as auth
 * would (the kit's announceStaff, user ids `u-<username>`).
 */
import { announceStaff as announce, AnnouncedPerson, startTestService, TestService } from '@cskh/kit/testing';
import { dataops_v1_dataops } from '@cskh/proto';
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
      // Far longer than a step can take on a starved CPU (a busy CI machine): a lease that expires
      // mid-step is a takeover, and the carrier sees that step's numbers twice. Replicas here stop
      // gracefully and release their lease; kill.test.ts sets its own short lease to test expiry.
      SCAN_LEASE_MS: '30000',
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

let next = 10_000_000 + Math.floor(Math.random() * 70_000_000);
/** Distinct valid mobile numbers (09 + 8 digits). */
export function phones(n: number): string[] {
  return Array.from({ length: n }, () => `09${String(next++).padStart(8, '0')}`);
}

/** Staff as auth announces them, with this suite's user ids (`u-<username>`) and names (the username). */
export const announceStaff = (t: TestService, people: AnnouncedPerson[]) =>
  announce(
    t,
    people.map((p) => ({ fullname: p.username, ...p })),
    (username) => `u-${username}`,
  );
