/**
 * Handing bank messages to staff: only to active staff of the manager's subtree (the kit's staff
 * read model, fed over the real Kafka), oldest unprocessed first, and atomically — managers
 * assigning at the same moment never hand the same message twice.
 */
import { announceStaff, failure, rand, TestService } from '@cskh/kit/testing';
import { bank_v1_bank } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, sheetRow, startBank, todayAt } from './helpers';

let t: TestService;
let bank: Awaited<ReturnType<typeof startBank>>['bank'];

beforeAll(async () => {
  ({ t, bank } = await startBank());
  // Branch b1 with leader l1 and salespeople s1 (l1) and s3 (locked); branch b2 with s2.
  await announceStaff(t, [
    { username: 'cn1', user_id: 'b1', role_priority: 3 },
    { username: 'tn1', user_id: 'l1', role_priority: 4, brand_id: 'b1' },
    { username: 'nv1', user_id: 's1', brand_id: 'b1', group_id: 'l1' },
    { username: 'nv3', user_id: 's3', brand_id: 'b1', group_id: 'l1', is_locked: true },
    { username: 'cn2', user_id: 'b2', role_priority: 3 },
    { username: 'nv2', user_id: 's2', brand_id: 'b2', group_id: 'l2' },
  ]);
});
afterAll(async () => {
  await t?.stop();
});

const assign = (items: Array<{ username: string; count: number }>, who = caller(t, 2, 'quanly')) =>
  bank.assign(bank_v1_bank.AssignRequest.fromPartial({ items }), { identity: who });
const mine = (username: string, count = 100) => bank.listAssigned({ page: 1, count }, { identity: caller(t, 5, username) });

async function importMessages(n: number) {
  const file = `assign-${rand()}.xlsx`;
  for (let i = 0; i < n; i += 200) {
    const rows = Array.from({ length: Math.min(200, n - i) }, (_, j) => {
      const k = i + j;
      return sheetRow({ datetime: todayAt(`00:${String(Math.floor(k / 60) % 60).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}`) });
    });
    await bank.importMessages({ rows, file_name: file, first_row: 13 + i }, { identity: caller(t, 2) });
  }
}

it('hands only to active staff of the caller subtree, all or nothing', async () => {
  await importMessages(10);
  const before = (await bank.countAssignable({}, { identity: caller(t, 2) })).total;
  const leader = caller(t, 4, 'tn1', 'l1');
  expect(
    await failure(
      assign(
        [
          { username: 'nv1', count: 1 },
          { username: 'nv2', count: 1 },
        ],
        leader,
      ),
    ),
  ).toEqual({
    status: 403,
    code: 'FORBIDDEN',
    msg: MSG.assignOutOfScope('nv2'),
  });
  expect(await failure(assign([{ username: 'nv3', count: 1 }], leader))).toMatchObject({
    status: 400,
    msg: MSG.assignInactiveStaff('nv3'),
  });
  expect(await failure(assign([{ username: 'ghost', count: 1 }]))).toMatchObject({ status: 400, msg: MSG.assignUnknownStaff('ghost') });
  expect(await failure(assign([{ username: '', count: 0 }]))).toMatchObject({ status: 400, msg: MSG.assignNothing });
  // Nothing was handed by the refused requests.
  expect((await bank.countAssignable({}, { identity: caller(t, 2) })).total).toBe(before);

  const reply = await assign(
    [
      { username: 'nv1', count: 3 },
      { username: 'tn1', count: 1 },
    ],
    leader,
  );
  expect(reply).toEqual({
    assigned: 4,
    items: [
      { username: 'nv1', count: 3 },
      { username: 'tn1', count: 1 },
    ],
    msg: 'Phân chia dữ liệu thành công.',
  });
  const got = await mine('nv1');
  expect(got.count).toBe(3);
  expect(got.values.every((m) => m.assigned_to === 'nv1')).toBe(true);
  // A branch reaches its whole branch.
  expect((await assign([{ username: 'nv1', count: 1 }], caller(t, 3, 'cn1', 'b1'))).assigned).toBe(1);
  expect((await bank.countAssignable({}, { identity: caller(t, 2) })).total).toBe(before - 5);
});

it('processed messages are not handed out; the oldest go first', async () => {
  const pool = (await bank.countAssignable({}, { identity: caller(t, 2) })).total;
  await t.sql(
    `UPDATE bank.bank_message SET is_read = 1 WHERE id = (SELECT id FROM bank.bank_message WHERE assigned_to IS NULL ORDER BY datetime LIMIT 1)`,
  );
  expect((await bank.countAssignable({}, { identity: caller(t, 2) })).total).toBe(pool - 1);
  const [oldest] = await t.sql(`SELECT id FROM bank.bank_message WHERE assigned_to IS NULL AND is_read = 0 ORDER BY datetime, id LIMIT 1`);
  await assign([{ username: 'nv2', count: 1 }]);
  expect((await mine('nv2')).values.map((m) => m.id)).toEqual([oldest.id]);
});

it('two managers assigning at once never hand the same message twice', async () => {
  await t.sql(`UPDATE bank.bank_message SET assigned_to = 'done' WHERE assigned_to IS NULL`);
  await importMessages(300);
  const held = async () =>
    Object.fromEntries(
      (
        await t.sql<{ assigned_to: string; n: number }>(
          `SELECT assigned_to, count(*)::int AS n FROM bank.bank_message WHERE assigned_to IN ('nv1', 'tn1') GROUP BY 1`,
        )
      ).map((r) => [r.assigned_to, r.n]),
    );
  const before = await held();
  const managers = [caller(t, 1, 'giamdoc'), caller(t, 2, 'quanly'), caller(t, 2, 'quanly2'), caller(t, 3, 'cn1', 'b1')];
  const ask = [
    { username: 'nv1', count: 60 },
    { username: 'tn1', count: 40 },
  ];
  // 4 × 100 asked of a pool of 300, all at the same moment.
  const replies = await Promise.all(managers.map((m) => assign(ask, m)));
  const handed = replies.reduce((n, r) => n + r.assigned, 0);
  expect(handed).toBe(300);
  const perUser = (u: string) => replies.reduce((n, r) => n + (r.items.find((i) => i.username === u)?.count ?? 0), 0);
  const after = await held();
  // What the replies say each person got is what each person holds now: nothing was handed twice.
  expect(after.nv1 - (before.nv1 ?? 0)).toBe(perUser('nv1'));
  expect(after.tn1 - (before.tn1 ?? 0)).toBe(perUser('tn1'));
  expect(perUser('nv1') + perUser('tn1')).toBe(300);
  expect((await bank.countAssignable({}, { identity: caller(t, 2) })).total).toBe(0);
});
