/**
 * The bank service's integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own; typed client; callers of any priority. Staff are
 * announced and failures read with the kit's announceStaff and failure.
 */
import { vnDisplayDay } from '@cskh/kit';
import { rand, startTestService, TestService } from '@cskh/kit/testing';
import { bank_v1_bank } from '@cskh/proto';
import { bankModule } from '../src/module';

export async function startBank() {
  const t = await startTestService(bankModule);
  const bank = t.client(bank_v1_bank.BankServiceService);
  return { t, bank };
}

/** A caller of the bank screen (the gateway already checked lookup.bank). */
export const caller = (t: TestService, priority: number, username = `p${priority}_${rand()}`, userId?: string) =>
  t.as(priority, ['lookup.bank'], { username, ...(userId ? { userId } : {}) });

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
