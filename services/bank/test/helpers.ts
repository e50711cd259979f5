/**
 * The bank service's integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own; typed client; callers of any priority; staff
 * announced over the real Kafka as auth would; the error envelope a failed call turns into.
 */
import { ErrorEnvelope, fromServiceError, USER_CHANGED_TOPIC, vnDisplayDay } from '@cskh/kit';
import { rand, startTestService, TestService } from '@cskh/kit/src/testing';
import { bank_v1_bank, events_v1_events } from '@cskh/proto';
import { bankModule } from '../src/module';

export async function startBank() {
  const t = await startTestService(bankModule);
  const bank = t.client(bank_v1_bank.BankServiceService);
  return { t, bank };
}

/** A caller of the bank screen (the gateway already checked lookup.bank). */
export const caller = (t: TestService, priority: number, username = `p${priority}_${rand()}`, userId?: string) =>
  t.as(priority, ['lookup.bank'], { username, ...(userId ? { userId } : {}) });

/** The error envelope a failing call turns into (code + Vietnamese msg). */
export async function failure(p: Promise<unknown>): Promise<ErrorEnvelope> {
  try {
    await p;
  } catch (e) {
    return fromServiceError(e);
  }
  throw new Error('expected the call to fail');
}

/** Today (Vietnam) as the sheet writes a time, at hh:mm:ss. */
export const todayAt = (hms: string) => `${vnDisplayDay(Date.now())} ${hms}`;

/** An import row as the browser reads the VPBank sheet. */
export const sheetRow = (over: Partial<bank_v1_bank.ImportMessageRow> = {}): bank_v1_bank.ImportMessageRow => ({
  ten_file_upload: '',
  sender: 'VPBANK',
  str_mes: `CK ${rand()}`,
  money: '100000',
  datetime: todayAt('00:10:00'),
  ...over,
});

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
  const end = Date.now() + 30000;
  for (;;) {
    const rows = await t.sql(`SELECT username FROM bank.staff WHERE username = ANY($1)`, [people.map((p) => p.username)]);
    if (rows.length === people.length) return;
    if (Date.now() > end) throw new Error('staff read model did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
}
