/**
 * The care service's integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own; typed client; callers of any priority; staff
 * announced over the real Kafka as auth would; the error envelope a failed call turns into.
 */
import { ErrorEnvelope, fromServiceError, USER_CHANGED_TOPIC } from '@cskh/kit';
import { rand, startTestService, TestService } from '@cskh/kit/src/testing';
import { care_v1_care, events_v1_events } from '@cskh/proto';
import { careModule } from '../src/module';

export async function startCare() {
  const t = await startTestService(careModule);
  const care = t.client(care_v1_care.CareServiceService);
  return { t, care };
}

export type Care = Awaited<ReturnType<typeof startCare>>['care'];

/** A caller as the gateway passes it (the route guard already passed). */
export const caller = (t: TestService, priority: number, username = `p${priority}_${rand()}`, userId?: string) =>
  t.as(priority, ['customer.get', 'customer.care', 'tilebatso'], { username, userId: userId ?? `u-${username}`, fullname: `Tên ${username}` });

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
      user_id: `u-${p.username}`,
      fullname: `Tên ${p.username}`,
      role_name: 'Nhân viên',
      role_priority: 5,
      changed_at: new Date().toISOString(),
      ...p,
    }),
  );
  await t.bus.publish(events.map((e) => ({ topic: USER_CHANGED_TOPIC, key: e.user_id, value: Buffer.from(events_v1_events.UserChanged.encode(e).finish()) })));
  const end = Date.now() + 30000;
  for (;;) {
    const rows = await t.sql(`SELECT username FROM care.staff WHERE username = ANY($1)`, [people.map((p) => p.username)]);
    if (rows.length === people.length) return;
    if (Date.now() > end) throw new Error('staff read model did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** n distinct valid phones (0 + 9 digits) starting from a random block. */
export function phones(n: number): string[] {
  const base = 300000000 + Math.floor(Math.random() * 600000000);
  return Array.from({ length: n }, (_, i) => `0${base + i}`);
}

/** Imports phones as one list (chunks of 200, header row 1) and answers the upload id. */
export async function importList(t: TestService, care: Care, list: string[], fileName = `kh-${rand()}.xlsx`, who = caller(t, 2, 'quanly')) {
  for (let i = 0; i < list.length; i += 200) {
    const rows = list.slice(i, i + 200).map((phone) => ({ phone, type: 'MC', package: 'V90', registerAt: '01/01/2025', expiredAt: '01/02/2025', packageCycle: '1', state: 'ACTIVE', packageCanRegister: 'V120' }));
    await care.importCustomers({ rows, file_name: fileName, first_row: 2 + i }, { identity: who });
  }
  const [u] = await t.sql(`SELECT id FROM care.upload WHERE filename = $1`, [fileName]);
  return u.id as string;
}
