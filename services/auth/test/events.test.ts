import { Subscription } from '@cskh/kit/service';
import { settle } from '@cskh/kit/testing';
import { auth_v1_auth, events_v1_events } from '@cskh/proto';
import { AuthHarness, createUser, startAuth, uniq } from './helpers';

let h: AuthHarness;
let sub: Subscription;
const received: Array<{ key: string; event: events_v1_events.UserChanged }> = [];

beforeAll(async () => {
  h = await startAuth();
  sub = await h.bus.subscribe({
    groupId: uniq('auth-events-test-'),
    topics: ['cskh.auth.user-changed'],
    fromBeginning: true,
    handler: async (m) => {
      received.push({ key: m.key, event: events_v1_events.UserChanged.decode(m.value) });
    },
  });
});
afterAll(async () => {
  await sub?.stop();
  await h?.stop();
});

const eventsFor = (userId: string, n: number, timeoutMs = 30000) =>
  settle(
    () => received.filter((r) => r.event.user_id === userId),
    (mine) => mine.length >= n,
    timeoutMs,
  );

describe('cskh.auth.user-changed', () => {
  it('announces a created user, keyed by its id', async () => {
    const branch = await createUser(h, { priority: 3 });
    const u = await createUser(h, { priority: 5, brand: branch.id });
    const [ev] = await eventsFor(u.id, 1);
    expect(ev).toBeDefined();
    expect(ev.key).toBe(u.id);
    expect(ev.event).toMatchObject({
      user_id: u.id,
      username: u.username,
      fullname: u.fullname,
      role_id: h.roleIds[5],
      role_priority: 5,
      role_name: 'Nhân viên kinh doanh',
      brand_id: branch.id,
      group_id: '00000000-0000-0000-0000-000000000000',
      is_deleted: false,
    });
    expect(ev.event.event_id).not.toBe('');
    expect(Number.isNaN(Date.parse(ev.event.changed_at))).toBe(false);
  });

  it('announces lock, unlock and a role change, in order', async () => {
    const u = await createUser(h, { priority: 2 });
    await h.call(h.clients.users, 'lock', { id: u.id }, h.admin);
    await h.call(h.clients.users, 'unlock', { id: u.id }, h.admin);
    await h.call<auth_v1_auth.User>(
      h.clients.users,
      'updateUser',
      { id: u.id, fullname: 'Đổi vai trò', email: 'x@x', phone: '', brand: '', group: '', role: h.roleIds[3] },
      h.admin,
    );
    const evs = await eventsFor(u.id, 4);
    expect(evs.map((e) => [e.event.is_deleted, e.event.role_priority])).toEqual([
      [false, 2],
      [true, 2],
      [false, 2],
      [false, 3],
    ]);
    expect(evs[3].event.fullname).toBe('Đổi vai trò');
  });

  it('leaves nothing pending in the outbox once relayed', async () => {
    const u = await createUser(h, { priority: 2 });
    await eventsFor(u.id, 1);
    const [{ pending }] = await settle(
      () => h.sql<{ pending: number }>('SELECT count(*)::int AS pending FROM auth.outbox WHERE published_at IS NULL'),
      ([r]) => r.pending === 0,
      10000,
    );
    expect(pending).toBe(0);
  });
});
