/**
 * The kit's staff read model as a service switches it on (features.staff): auth's user-changed
 * events arrive over the real Kafka and land in the service's own staff table; an older event
 * never overwrites a newer one; the subtree rule filters by it; 9084 rows take their names from it.
 */
import { StaffDirectory, USER_CHANGED_TOPIC, Where } from '@cskh/kit/data';
import { settle, startTestService, TestService } from '@cskh/kit/testing';
import { events_v1_events } from '@cskh/proto';
import { lookupModule } from '../src/module';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(lookupModule, { env: { INFO_WINDOW: '00:00-24:00' } });
});
afterAll(async () => {
  await t?.stop();
});

const event = (over: Partial<events_v1_events.UserChanged>) =>
  events_v1_events.UserChanged.fromPartial({
    event_id: `e-${Math.random()}`,
    role_name: 'Nhân viên kinh doanh',
    role_priority: 5,
    changed_at: new Date().toISOString(),
    ...over,
  });

async function publish(...events: events_v1_events.UserChanged[]) {
  await t.bus.publish(
    events.map((e) => ({ topic: USER_CHANGED_TOPIC, key: e.user_id, value: Buffer.from(events_v1_events.UserChanged.encode(e).finish()) })),
  );
}

const row = (username: string) => t.sql(`SELECT * FROM lookup.staff WHERE username = $1`, [username]).then((r) => r[0]);

it('keeps the staff auth announces, newest change wins whatever the arrival order', async () => {
  const t0 = Date.now();
  await publish(
    event({
      user_id: 'b1',
      username: 'cn_a',
      fullname: 'Chi nhánh A',
      role_priority: 3,
      role_name: 'Chi nhánh',
      changed_at: new Date(t0).toISOString(),
    }),
    event({
      user_id: 'l1',
      username: 'tn_a',
      fullname: 'Trưởng nhóm A',
      role_priority: 4,
      brand_id: 'b1',
      changed_at: new Date(t0).toISOString(),
    }),
    event({
      user_id: 's1',
      username: 'nv_a',
      fullname: 'Tên mới',
      brand_id: 'b1',
      group_id: 'l1',
      changed_at: new Date(t0 + 1000).toISOString(),
    }),
    // Redelivered or replayed late: older than what is stored, so it changes nothing.
    event({ user_id: 's1', username: 'nv_a', fullname: 'Tên cũ', brand_id: 'b1', group_id: 'l1', changed_at: new Date(t0).toISOString() }),
    event({ user_id: 's2', username: 'nv_b', fullname: 'Nhân viên B', brand_id: 'b2', group_id: 'l2', is_locked: true, is_deleted: true }),
  );
  // Each user's events travel in their own key's partition, consumed in no order across partitions:
  // wait for every user announced, not for one of them.
  const [, , a, b] = await settle(
    () => Promise.all(['cn_a', 'tn_a', 'nv_a', 'nv_b'].map(row)),
    (rows) => rows.every(Boolean),
  );
  expect(b).toMatchObject({ fullname: 'Nhân viên B', priority: 5, locked: true, deleted: true });
  expect(a).toMatchObject({ fullname: 'Tên mới', brand_id: 'b1', group_id: 'l1', priority: 5 });

  // The subtree rule: a branch sees its people, a leader their group, a salesperson themself.
  const staff = new StaffDirectory({ query: (q: string, p: unknown[]) => t.sql(q, p) } as never, 'lookup');
  const visible = async (viewer: { priority: number; userId: string; username: string }) => {
    const where = staff.scopeSql(new Where(), viewer, 'username');
    return (await t.sql(`SELECT username FROM lookup.staff ${where.sql} ORDER BY username`, where.params)).map((r) => r.username);
  };
  expect(await visible({ priority: 3, userId: 'b1', username: 'cn_a' })).toEqual(['cn_a', 'nv_a', 'tn_a']);
  expect(await visible({ priority: 4, userId: 'l1', username: 'tn_a' })).toEqual(['nv_a', 'tn_a']);
  expect(await visible({ priority: 5, userId: 's1', username: 'nv_a' })).toEqual(['nv_a']);
  expect((await visible({ priority: 2, userId: 'x', username: 'boss' })).length).toBeGreaterThanOrEqual(4);
  // Pickers leave out locked and deleted staff.
  expect((await staff.pickable({ priority: 2, userId: 'x', username: 'boss' })).map((s) => s.username)).not.toContain('nv_b');
});
