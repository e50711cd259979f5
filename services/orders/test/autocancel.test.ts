/**
 * The server owns time (spec 3 §4 "Automatic cancel rule", §8 reminders): on real PostgreSQL,
 * Kafka and Redis, with a clock the test moves instead of sleeping 10 minutes —
 *  - two service instances on one database cancel every due order exactly once (one trail row,
 *    one event each), at the deadline itself, marked __AUTO;
 *  - a manual change before the deadline wins; a deadline survives a restart;
 *  - reminders reach the right user's socket through two realtime replicas, pushed, no polling;
 *  - reminders are state: whoever connects late gets every pending one from
 *    listReminders, and the server repeats each every ORDERS_REMINDER_REPEAT_MS while it waits —
 *    once per interval with two instances — and stops when the order moves on.
 */
import { io as connect, Socket } from 'socket.io-client';
import { Subscription } from '@cskh/kit/service';
import { announceStaff, rand, TestService, testToken, until } from '@cskh/kit/testing';
import { events_v1_orders, orders_v1_orders } from '@cskh/proto';
import { RealtimeHandle, startRealtime } from '../../realtime/src/main';
import { realtimeTestEnv } from '../../realtime/test/fixtures/env';
import { STATUS_CHANGED_TOPIC } from '../src/domain/events';
import { DEFAULT_REMINDER_REPEAT_MS } from '../src/domain/reminders';
import { caller, listPackage, MINUTE, newPhone, startOrders, TestClock } from './helpers';

const O = orders_v1_orders;
const clock = new TestClock();
let first: Awaited<ReturnType<typeof startOrders>>;
let second: Awaited<ReturnType<typeof startOrders>> | undefined;
let t: TestService;
let sub: Subscription;
/** The client of an instance that is running (the restart test replaces it). */
let live: Awaited<ReturnType<typeof startOrders>>['mfy'];
const events: events_v1_orders.OrderStatusChanged[] = [];
const PKG = `MFY${rand()}`;
const nv = `nv_${rand()}`;

beforeAll(async () => {
  first = await startOrders(clock);
  t = first.t;
  live = first.mfy;
  second = await startOrders(clock, t);
  await listPackage(t, 'mfy', PKG);
  await announceStaff(t, [
    { username: nv, role_priority: 5 },
    { username: 'quanly_rt', role_priority: 2 },
  ]);
  sub = await t.bus.subscribe({
    groupId: `orders-autocancel-${rand()}`,
    topics: [STATUS_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_orders.OrderStatusChanged.decode(m.value)),
  });
});
afterAll(async () => {
  await sub?.stop();
  await second?.t.stop();
  await t?.stop();
});

const sales = () => caller(t, 5, nv);
const manager = () => caller(t, 2, 'quanly_rt');
const create = () =>
  live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: newPhone(), ma_goi: PKG, gia_ban_goi: '1' }), { identity: sales() });

const statusOf = async (id: string) =>
  (
    await t.sql(
      `SELECT trang_thai, trang_thai_yeu_cau, username_thay_doi_trang_thai AS who, thoi_diem_thay_doi_trang_thai AS at FROM orders.sale_order WHERE id = $1`,
      [id],
    )
  )[0];

describe('auto-cancel', () => {
  it('two instances cancel every due order exactly once, at its deadline, as __AUTO — and not a minute early', async () => {
    const orders = await Promise.all(Array.from({ length: 40 }, () => create()));
    const ids = orders.map((o) => o.id);
    clock.advance(9 * MINUTE + 59_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(
      (await t.sql(`SELECT count(*)::int AS n FROM orders.sale_order WHERE id = ANY($1) AND trang_thai = 'huy_qua_han'`, [ids]))[0].n,
    ).toBe(0);

    clock.advance(2_000);
    await until(
      'all cancelled',
      async () =>
        (await t.sql(`SELECT count(*)::int AS n FROM orders.sale_order WHERE id = ANY($1) AND trang_thai = 'huy_qua_han'`, [ids]))[0].n ===
        40,
    );
    const trail = await t.sql(
      `SELECT record_id, count(*)::int AS n, min(username) AS who FROM orders.audit_log WHERE record_id = ANY($1) AND field = 'trang_thai' AND to_value = 'huy_qua_han' GROUP BY record_id`,
      [ids],
    );
    expect(trail).toHaveLength(40);
    expect(trail.every((r) => r.n === 1 && r.who === '__AUTO')).toBe(true);
    const o = await statusOf(ids[0]);
    expect(o).toMatchObject({ trang_thai: 'huy_qua_han', trang_thai_yeu_cau: 'qua_han', who: '__AUTO' });
    const [{ created }] = await t.sql(`SELECT created_at AS created FROM orders.sale_order WHERE id = $1`, [ids[0]]);
    expect(o.at.getTime()).toBe(created.getTime() + 10 * MINUTE);
    await until('40 events', async () => ids.every((id) => events.some((e) => e.order_id === id && e.to_status === 'huy_qua_han')));
    await new Promise((r) => setTimeout(r, 500));
    for (const id of ids)
      expect(events.filter((e) => e.order_id === id && e.to_status === 'huy_qua_han').map((e) => e.by)).toEqual(['__AUTO']);
  });

  it('a manual change before the deadline wins; the second window (lần 2) runs from its own change', async () => {
    const a = await create();
    const b = await create();
    clock.advance(9 * MINUTE);
    await live.setStatus(O.SetStatusRequest.fromPartial({ id: a.id, trang_thai: 'da_soan_y_lan_1' }), { identity: manager() });
    await live.setStatus(O.SetStatusRequest.fromPartial({ id: b.id, trang_thai: 'duyet_lan_2' }), { identity: manager() });
    clock.advance(2 * MINUTE);
    await new Promise((r) => setTimeout(r, 400));
    expect(await statusOf(a.id)).toMatchObject({ trang_thai: 'da_soan_y_lan_1', who: 'quanly_rt' });
    expect(await statusOf(b.id)).toMatchObject({ trang_thai: 'duyet_lan_2', trang_thai_yeu_cau: 'cho_soan_y_lan_2' });
    clock.advance(8 * MINUTE + 1000);
    await until('second-window cancel', async () => (await statusOf(b.id)).trang_thai === 'huy_qua_han_lan_2');
    expect(await statusOf(b.id)).toMatchObject({ trang_thai_yeu_cau: 'qua_han_lan_2', who: '__AUTO' });
  });

  it('a deadline survives a restart: an order created before the stop is cancelled by the instance started after', async () => {
    await second!.t.stop();
    second = undefined;
    const o = await create();
    // Stop the remaining instance too; start a fresh one on the same database after the deadline.
    await first.t.service.stop();
    clock.advance(11 * MINUTE);
    const again = await startOrders(clock, t);
    second = again;
    live = again.mfy;
    await until('cancel after restart', async () => (await statusOf(o.id)).trang_thai === 'huy_qua_han');
  });
});

describe('reminders pushed through two realtime replicas', () => {
  let a: RealtimeHandle;
  let b: RealtimeHandle;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const env = realtimeTestEnv(t.topicPrefix);
    a = await startRealtime(env);
    await a.ready;
    b = await startRealtime(env);
    await b.ready;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.stop();
    await b?.stop();
  });

  const open = (rt: RealtimeHandle, username: string, priority: number) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${rt.port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { host: 'cskh.test', token: testToken(caller(t, priority, username)), client_id: `c-${rand()}` },
        reconnection: false,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });

  it('the salesperson on replica A gets their soan_y reminder, a manager on B the can_duyet one, others nothing', async () => {
    const mine = await open(a, nv, 5);
    const boss = await open(b, 'quanly_rt', 2);
    const other = await open(b, `khac_${rand()}`, 5);
    const got = { mine: [] as any[], boss: [] as any[], other: [] as any[] };
    mine.on('nhacNhanVien', (p) => got.mine.push(p));
    boss.on('nhacNhanVien', (p) => got.boss.push(p));
    other.on('nhacNhanVien', (p) => got.other.push(p));
    const changed: any[] = [];
    boss.on('ordersChanged', (p) => changed.push(p));

    const phone = newPhone();
    const o = await live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: phone, ma_goi: PKG, gia_ban_goi: '1' }), {
      identity: sales(),
    });
    const r = await until('soan_y reminder', async () => got.mine.find((p) => p.data.id === o.id));
    expect(r).toMatchObject({
      result: 'success',
      data: { yeu_cau: 'soan_y', phone_number: `****${phone.slice(-5)}` },
      message: `Đơn ****${phone.slice(-5)} đang chờ soạn Y lần 1. Vui lòng kiểm tra!`,
    });
    await until('list refresh on B', async () => changed.find((p) => p.id === o.id));

    await live.setStatus(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai: 'da_soan_y_lan_1' }), { identity: manager() });
    const c = await until('can_duyet reminder', async () => got.boss.find((p) => p.data.id === o.id));
    expect(c).toMatchObject({
      data: { yeu_cau: 'can_duyet', phone_number: phone.slice(-9) },
      message: `Đơn ${phone} cần duyệt. Vui lòng kiểm tra!`,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(got.other).toEqual([]);
    expect(got.mine.filter((p) => p.data.id === o.id)).toHaveLength(1);

    // The polled answer says the same.
    await live.setStatus(O.SetStatusRequest.fromPartial({ id: o.id, trang_thai: 'duyet_lan_2' }), { identity: manager() });
    const polled = await live.listReminders({}, { identity: sales() });
    expect(polled).toMatchObject({ result: 'success', data: { yeu_cau: 'soan_y_lan_2', id: o.id } });
  });
  it('a salesperson who connects late sees every pending reminder; the server repeats each while it waits, once per interval with two instances, and stops when it moves on', async () => {
    const late = `nv_late_${rand()}`;
    await announceStaff(t, [{ username: late, role_priority: 5 }]);
    const me = () => caller(t, 5, late);
    const [p1, p2] = [newPhone(), newPhone()];
    // Two orders start waiting while the salesperson is offline: the pushes reach nobody.
    const o1 = await live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: p1, ma_goi: PKG, gia_ban_goi: '1' }), {
      identity: me(),
    });
    clock.advance(1000);
    const o2 = await live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: p2, ma_goi: PKG, gia_ban_goi: '1' }), {
      identity: me(),
    });

    // What the browser asks on (re)connect: every pending reminder, most urgent first, masked, with its text.
    const pending = await live.listReminders({}, { identity: me() });
    expect(pending.result).toBe('success');
    expect(pending.values.map((v) => v.id)).toEqual([o1.id, o2.id]);
    expect(pending.values[1]).toMatchObject({
      yeu_cau: 'soan_y',
      phone_number: `****${p2.slice(-5)}`,
      message: `Đơn ****${p2.slice(-5)} đang chờ soạn Y lần 1. Vui lòng kiểm tra!`,
    });
    expect(pending.data?.id).toBe(o1.id);
    // Nobody else's: another salesperson has none of them; a manager's poll holds no soan_y of theirs.
    expect((await live.listReminders({}, { identity: caller(t, 5, `khac_${rand()}`) })).result).toBe('empty');

    // A second instance on the same database: the repeats still go out once per interval.
    const extra = await startOrders(clock, t);
    try {
      const sock = await open(a, late, 5);
      const got: any[] = [];
      sock.on('nhacNhanVien', (p) => got.push(p));
      const count = (id: string) => got.filter((p) => p.data.id === id).length;

      clock.advance(DEFAULT_REMINDER_REPEAT_MS + 1000);
      await until('first repeat of both', async () => count(o1.id) >= 1 && count(o2.id) >= 1);
      await new Promise((r) => setTimeout(r, 600));
      expect([count(o1.id), count(o2.id)]).toEqual([1, 1]);
      expect(got.find((p) => p.data.id === o2.id)).toMatchObject({
        result: 'success',
        data: { yeu_cau: 'soan_y', phone_number: `****${p2.slice(-5)}` },
        message: `Đơn ****${p2.slice(-5)} đang chờ soạn Y lần 1. Vui lòng kiểm tra!`,
      });
      // Not again before the interval has passed.
      clock.advance(DEFAULT_REMINDER_REPEAT_MS / 2);
      await new Promise((r) => setTimeout(r, 600));
      expect([count(o1.id), count(o2.id)]).toEqual([1, 1]);

      // The first order moves on (approved: no longer waiting for a Y): only the second keeps reminding.
      await live.setStatus(O.SetStatusRequest.fromPartial({ id: o1.id, trang_thai: 'duyet' }), { identity: manager() });
      clock.advance(DEFAULT_REMINDER_REPEAT_MS / 2 + 1000);
      await until('second repeat', async () => count(o2.id) >= 2);
      await new Promise((r) => setTimeout(r, 600));
      expect([count(o1.id), count(o2.id)]).toEqual([1, 2]);
      expect((await live.listReminders({}, { identity: me() })).values.map((v) => v.id)).toEqual([o2.id]);
    } finally {
      await extra.t.stop();
    }
  });
  it("a waiting order handed to another salesperson closes the old one's reminder and opens the new one's, in one change", async () => {
    const [from, to] = [`nv_from_${rand()}`, `nv_to_${rand()}`];
    await announceStaff(t, [
      { username: from, role_priority: 5 },
      { username: to, role_priority: 5 },
    ]);
    const [old, next] = [await open(a, from, 5), await open(b, to, 5)];
    const got = { reminded: [] as any[], ended: [] as any[], toNew: [] as any[] };
    old.on('nhacNhanVien', (p) => got.reminded.push(p));
    old.on('nhacNhanVienXong', (p) => got.ended.push(p));
    next.on('nhacNhanVien', (p) => got.toNew.push(p));
    const phone = newPhone();
    const o = await live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: phone, ma_goi: PKG, gia_ban_goi: '1' }), {
      identity: caller(t, 5, from),
    });
    await until('first reminder', async () => got.reminded.find((p) => p.data.id === o.id));

    // Still waiting for the customer's Y, now another salesperson's order.
    await live.updateCompanyNote(O.CompanyNoteRequest.fromPartial({ id: o.id, username_nv: to }), { identity: manager() });
    expect(await until('old toast closed', async () => got.ended.find((p) => p.data.id === o.id))).toMatchObject({
      data: { id: o.id, yeu_cau: 'soan_y' },
    });
    expect(await until('new one reminded', async () => got.toNew.find((p) => p.data.id === o.id))).toMatchObject({
      data: { yeu_cau: 'soan_y', phone_number: `****${phone.slice(-5)}` },
      message: `Đơn ****${phone.slice(-5)} đang chờ soạn Y lần 1. Vui lòng kiểm tra!`,
    });
    expect((await live.listReminders({}, { identity: caller(t, 5, from) })).result).toBe('empty');
    expect((await live.listReminders({}, { identity: caller(t, 5, to) })).values.map((v) => v.id)).toEqual([o.id]);
  });

  it('whoever was offline gets every reminder pending for them on connect, not only the first twenty', async () => {
    const busy = `nv_busy_${rand()}`;
    await announceStaff(t, [{ username: busy, role_priority: 5 }]);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const o = await live.createOrder(O.SaveOrderRequest.fromPartial({ so_dien_thoai: newPhone(), ma_goi: PKG, gia_ban_goi: '1' }), {
        identity: caller(t, 5, busy),
      });
      ids.push(o.id);
      clock.advance(10);
    }
    const pending = await live.listReminders({}, { identity: caller(t, 5, busy) });
    expect(pending.values.map((v) => v.id)).toEqual(ids);
    expect(pending.data?.id).toBe(ids[0]);
  });
});
