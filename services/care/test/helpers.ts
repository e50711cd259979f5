/**
 * The care service's integration harness, on the kit's (startTestService): the real service in a
 * database and a Kafka topic prefix of its own; typed client; callers of any priority; staff
 * announced by the kit's announceStaff with the user ids callers get (careUserId).
 */
import { rand, startTestService, TestService } from '@cskh/kit/testing';
import { care_v1_care } from '@cskh/proto';
import { careModule } from '../src/module';

export async function startCare() {
  const t = await startTestService(careModule);
  const care = t.client(care_v1_care.CareServiceService);
  return { t, care };
}

export type Care = Awaited<ReturnType<typeof startCare>>['care'];

/** A caller as the gateway passes it (the route guard already passed). */
export const caller = (t: TestService, priority: number, username = `p${priority}_${rand()}`, userId?: string) =>
  t.as(priority, ['customer.get', 'customer.care', 'tilebatso'], {
    username,
    userId: userId ?? careUserId(username),
    fullname: `Tên ${username}`,
  });

/** The user id of a person announced without one, as callers get it (caller's default): `u-<username>`. */
export const careUserId = (username: string) => `u-${username}`;

/** n distinct valid phones (0 + 9 digits) starting from a random block. */
export function phones(n: number): string[] {
  const base = 300000000 + Math.floor(Math.random() * 600000000);
  return Array.from({ length: n }, (_, i) => `0${base + i}`);
}

/** Imports phones as one list (chunks of 200, header row 1) and answers the upload id. */
export async function importList(t: TestService, care: Care, list: string[], fileName = `kh-${rand()}.xlsx`, who = caller(t, 2, 'quanly')) {
  for (let i = 0; i < list.length; i += 200) {
    const rows = list.slice(i, i + 200).map((phone) => ({
      phone,
      type: 'MC',
      package: 'V90',
      registerAt: '01/01/2025',
      expiredAt: '01/02/2025',
      packageCycle: '1',
      state: 'ACTIVE',
      packageCanRegister: 'V120',
    }));
    await care.importCustomers({ rows, file_name: fileName, first_row: 2 + i }, { identity: who });
  }
  const [u] = await t.sql(`SELECT id FROM care.upload WHERE filename = $1`, [fileName]);
  return u.id as string;
}
