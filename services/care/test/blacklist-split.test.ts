/**
 * The two contracts with dataops, with both services really running (startTestService, one Kafka
 * namespace): dataops' blacklist reaches care's read model through cskh.dataops.blacklist-changed
 * and care then refuses the number in uploads and invitations (and frees it when dataops deletes
 * it; newest version wins, replays change nothing); 'Khách hàng mới' takes the caller's next
 * number of a data-split file from dataops' TakeSplitNumber when nothing is handed to them, as one
 * open case even when two tabs press at once, and answers "none" when dataops is unreachable.
 */
import { vnIsoDay } from '@cskh/kit';
import { failure, rand, startTestService, TestService, until } from '@cskh/kit/testing';
import { care_v1_care, dataops_v1_dataops, events_v1_dataops } from '@cskh/proto';
import { dataopsModule } from '../../dataops/src/module';
import { BLACKLIST_CHANGED_TOPIC } from '../src/workers/blacklist-consumer';
import { MSG } from '../src/domain/messages';
import { careModule } from '../src/module';
import { caller, phones } from './helpers';

const careClient = (tt: TestService) => tt.client(care_v1_care.CareServiceService);
let dataops: TestService;
let t: TestService;
let care: ReturnType<typeof careClient>;

beforeAll(async () => {
  const prefix = `test.care-dataops.${rand()}.`;
  dataops = await startTestService(dataopsModule, { env: { KAFKA_TOPIC_PREFIX: prefix } });
  t = await startTestService(careModule, { env: { KAFKA_TOPIC_PREFIX: prefix, DATAOPS_GRPC_URL: dataops.address } });
  care = careClient(t);
}, 90000);
afterAll(async () => {
  await t?.stop();
  await dataops?.stop();
});

const blacklistedInCare = async (phone: string, want: boolean) =>
  until(`care's blacklist read model (${phone} → ${want})`, async () => {
    const [row] = await t.sql(`SELECT blacklisted FROM care.blacklist WHERE phone9 = $1`, [phone.slice(-9)]);
    return row && row.blacklisted === want ? true : undefined;
  });

const importRow = (phone: string, fileName: string) =>
  care.importCustomers(
    {
      rows: [
        {
          phone,
          type: 'MC',
          package: 'V90',
          registerAt: '01/01/2025',
          expiredAt: '01/02/2025',
          packageCycle: '1',
          state: 'ACTIVE',
          packageCanRegister: 'V120',
        },
      ],
      file_name: fileName,
      first_row: 2,
    },
    { identity: caller(t, 2, 'quanly') },
  );
const senior = () => t.as(1, ['care.otp', 'care.dk'], { username: 'admin', fullname: 'Quản trị' });

it("refuses dataops' blacklisted numbers in uploads and invitations, and takes them again once deleted", async () => {
  const [phone] = phones(1);
  const lists = dataops.client(dataops_v1_dataops.DataopsListServiceService);
  const admin = dataops.as(1, ['blacklist'], { username: 'admin' });
  const entry = await lists.createBlacklist({ id: '', phone_number: phone, description: 'Khách khiếu nại' }, { identity: admin });
  await blacklistedInCare(phone, true);

  const refused = await importRow(phone, `kh-${rand()}.xlsx`);
  expect(refused.saved).toBe(0);
  expect(JSON.stringify(refused.errorRows)).toContain(MSG.blacklisted);
  for (const req of [
    { type: 'ma_xac_nhan_1', phone, package: 'MXH120' },
    { type: 'dk', phone, package: 'MXH120', command: 'DK' },
  ]) {
    expect(await failure(care.invite(care_v1_care.InviteRequest.fromPartial(req), { identity: senior() }))).toMatchObject({
      code: 'VALIDATION',
      msg: 'Số điện thoại nằm trong danh sách đen',
    });
  }

  await lists.deleteBlacklist({ id: entry.id }, { identity: admin });
  await blacklistedInCare(phone, false);
  expect((await importRow(phone, `kh-${rand()}.xlsx`)).saved).toBe(1);
}, 60000);

it('keeps the newest version of a number whatever order the events arrive in, and a replay changes nothing', async () => {
  const [phone] = phones(1);
  const send = (version: number, blacklisted: boolean, event_id = rand()) =>
    t.bus.publish([
      {
        topic: BLACKLIST_CHANGED_TOPIC,
        key: phone.slice(-9),
        value: Buffer.from(
          events_v1_dataops.BlacklistChanged.encode(
            events_v1_dataops.BlacklistChanged.fromPartial({
              event_id,
              phone,
              blacklisted,
              version,
              reason: 'test',
              changed_by: 'admin',
              at: '',
            }),
          ).finish(),
        ),
      },
    ]);
  await send(20, true, 'e-20');
  await blacklistedInCare(phone, true);
  // An older removal arriving late, then the newest entry again (redelivered): still blacklisted.
  await send(10, false);
  await send(20, true, 'e-20');
  await send(30, true);
  await until('version 30', async () =>
    (await t.sql(`SELECT version FROM care.blacklist WHERE phone9 = $1`, [phone.slice(-9)]))[0]?.version === '30' ? true : undefined,
  );
  const [row] = await t.sql(`SELECT blacklisted, version FROM care.blacklist WHERE phone9 = $1`, [phone.slice(-9)]);
  expect(row).toEqual({ blacklisted: true, version: '30' });
  const refused = await importRow(phone, `kh-${rand()}.xlsx`);
  expect(refused.saved).toBe(0);
}, 60000);

/** A data-split file in dataops: activated, the seller permitted on it today with a quota. */
async function splitFile(seller: string, numbers: string[], quota: number) {
  const fileName = `chia-${rand()}.xlsx`;
  const [f] = await dataops.sql(
    `INSERT INTO dataops.split_file (file_name, is_activated, uploaded_by, total) VALUES ($1, 1, 'admin', $2) RETURNING id`,
    [fileName, numbers.length],
  );
  for (const p of numbers)
    await dataops.sql(`INSERT INTO dataops.split_number (file_id, phone, phone9, goi_cuoc) VALUES ($1, $2, $3, 'V90')`, [
      f.id,
      p,
      p.slice(-9),
    ]);
  await dataops.sql(`INSERT INTO dataops.data_perm_file (username, file_id, granted_by) VALUES ($1, $2, 'admin')`, [seller, f.id]);
  await dataops.sql(`INSERT INTO dataops.data_perm_day (username, day, granted_by) VALUES ($1, $2::date, 'admin') ON CONFLICT DO NOTHING`, [
    seller,
    vnIsoDay(new Date()),
  ]);
  await dataops.sql(`INSERT INTO dataops.split_quota (file_id, username, quantity, set_by) VALUES ($1, $2, $3, 'admin')`, [
    f.id,
    seller,
    quota,
  ]);
  return { fileName, fileId: f.id as string };
}

it("'Khách hàng mới' takes a data-split number when nothing is handed to the caller: one open case, within the quota, listed under the file", async () => {
  const seller = `nv_${rand()}`;
  const numbers = phones(3);
  const { fileName, fileId } = await splitFile(seller, numbers, 2);
  const me = caller(t, 5, seller);

  // Two tabs at once: one case, taken once from the file.
  const [a, b] = await Promise.all([care.newCare({}, { identity: me }), care.newCare({}, { identity: me })]);
  expect(a.value?.customer?.id).toBeTruthy();
  expect(b.value?.customer?.id).toBe(a.value?.customer?.id);
  expect(numbers).toContain(a.value?.customer?.phone);
  expect(a.value?.customer?.status).toBe('TAKECARE');
  expect(a.value?.customer?.package).toBe('V90');
  const [row] = await t.sql(
    `SELECT c.source, c.source_file_id, c.taken_by, c.assigned_to, u.filename FROM care.customer c JOIN care.upload u ON u.id = c.upload_id WHERE c.id = $1`,
    [a.value!.customer!.id],
  );
  expect(row).toEqual({ source: 'split', source_file_id: fileId, taken_by: seller, assigned_to: seller, filename: fileName });
  expect(
    (await dataops.sql(`SELECT count(*)::int AS n FROM dataops.split_number WHERE file_id = $1 AND taken_by = $2`, [fileId, seller]))[0].n,
  ).toBe(1);

  // The result recorded, the next press takes the second number; then the quota (2) is used up.
  await care.recordCare(
    { id: a.value!.customer!.id, status: 'REJECTED', package: '', appointmentAt: '', note: 'Không có nhu cầu' },
    { identity: me },
  );
  const second = await care.newCare({}, { identity: me });
  expect(second.value?.customer?.phone).not.toBe(a.value?.customer?.phone);
  await care.recordCare(
    { id: second.value!.customer!.id, status: 'KBM', package: '', appointmentAt: '', note: 'Không bắt máy' },
    { identity: me },
  );
  const none = await care.newCare({}, { identity: me });
  expect(none.value).toBeUndefined();
  expect((await t.sql(`SELECT count(*)::int AS n FROM care.customer WHERE taken_by = $1`, [seller]))[0].n).toBe(2);
}, 60000);

it('answers "no customer" instead of failing when dataops is unreachable', async () => {
  const lone = await startTestService(careModule, { env: { DATAOPS_GRPC_URL: '127.0.0.1:1' } });
  try {
    const reply = await careClient(lone).newCare({}, { identity: caller(lone, 5, `nv_${rand()}`) });
    expect(reply.value).toBeUndefined();
    expect(reply.count).toBe(0);
  } finally {
    await lone.stop();
  }
}, 60000);
