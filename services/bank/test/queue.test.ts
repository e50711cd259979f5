/**
 * Each staff member's queue of handed bank messages and what reaches them: the
 * assignment pushes a notice to each person it handed messages to (through the outbox, with the
 * assignment), the queue answers what is still waiting, only managers hand out and see whom they
 * may hand to; and the refunds read model leading a transfer to its refund request, whose fields
 * the export carries for seniors only.
 */
import { REALTIME_PUSH_TOPIC } from '@cskh/kit/messaging';
import { Subscription } from '@cskh/kit/service';
import { announceStaff, failure, rand, settle, TestService, until } from '@cskh/kit/testing';
import { bank_v1_bank, events_v1_realtime, events_v1_refunds } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { REFUND_CHANGED_TOPIC } from '../src/workers/refund-changes';
import { caller, sheetRow, startBank, todayAt } from './helpers';

let t: TestService;
let bank: Awaited<ReturnType<typeof startBank>>['bank'];
let sub: Subscription;
const pushes: Array<{ room: string; event: string; payload: { count: number; message: string } }> = [];

beforeAll(async () => {
  ({ t, bank } = await startBank());
  sub = await t.bus.subscribe({
    groupId: `bank-queue-test-${rand()}`,
    topics: [REALTIME_PUSH_TOPIC],
    fromBeginning: true,
    handler: async (m) => {
      const p = events_v1_realtime.RealtimePush.decode(m.value);
      pushes.push({ room: p.room, event: p.event, payload: JSON.parse(p.payload_json) });
    },
  });
  await announceStaff(t, [
    { username: 'qcn1', user_id: 'qb1', role_priority: 3 },
    { username: 'qtn1', user_id: 'ql1', role_priority: 4, brand_id: 'qb1' },
    { username: 'qnv1', user_id: 'qs1', brand_id: 'qb1', group_id: 'ql1' },
    { username: 'qnv2', user_id: 'qs2', brand_id: 'qb1', group_id: 'ql1' },
    { username: 'qnv9', user_id: 'qs9', brand_id: 'qb1', group_id: 'ql1', is_locked: true },
    { username: 'qcn2', user_id: 'qb2', role_priority: 3 },
    { username: 'qnv3', user_id: 'qs3', brand_id: 'qb2' },
  ]);
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
});

const manager = () => caller(t, 2, 'quanly');
const assign = (items: Array<{ username: string; count: number }>, who = manager()) =>
  bank.assign(bank_v1_bank.AssignRequest.fromPartial({ items }), { identity: who });
const queue = (username: string, priority = 5) => bank.listAssigned({ page: 1, count: 100 }, { identity: caller(t, priority, username) });

async function importSome(n: number, over: Partial<bank_v1_bank.ImportMessageRow> = {}) {
  const rows = Array.from({ length: n }, (_, i) => sheetRow({ datetime: todayAt(`01:00:${String(i).padStart(2, '0')}`), ...over }));
  await bank.importMessages({ rows, file_name: `q-${rand()}.xlsx`, first_row: 13 }, { identity: manager() });
}

it('hands messages to each person, tells each of them at once, and their queue holds what still waits', async () => {
  await t.sql(`UPDATE bank.bank_message SET assigned_to = 'done' WHERE assigned_to IS NULL`);
  await importSome(5);
  const reply = await assign([
    { username: 'qnv1', count: 3 },
    { username: 'qnv2', count: 4 },
  ]);
  // The pool had 5: the manager is told who got fewer than asked.
  expect(reply.assigned).toBe(5);
  expect(reply.items).toEqual([
    { username: 'qnv1', count: 3 },
    { username: 'qnv2', count: 2 },
  ]);
  expect(reply.msg).toBe('Phân chia dữ liệu thành công. Không còn đủ tin nhắn chưa giao, đã giao: qnv2 2/4.');

  // Each person's notice, pushed to their own room (whoever is online sees it at once).
  const mine = await until('both pushes', () => {
    const got = pushes.filter((p) => p.event === 'mesbank.assigned');
    return got.length >= 2 && got;
  });
  expect(mine.map((p) => [p.room, p.payload.message]).sort()).toEqual([
    ['user:qnv1', 'Bạn được giao 3 tin nhắn ngân hàng mới'],
    ['user:qnv2', 'Bạn được giao 2 tin nhắn ngân hàng mới'],
  ]);

  // Offline meanwhile: the queue answers what waits for them when they come back.
  const q1 = await queue('qnv1');
  expect(q1.count).toBe(3);
  expect(q1.pending).toBe(3);
  expect(q1.values.every((m) => m.assigned_to === 'qnv1' && m.assigned_at.endsWith('+07:00'))).toBe(true);
  // A processed message no longer waits; it stays in the queue.
  await bank.setProcessing({ id: q1.values[0].id, is_read: 1 }, { identity: manager() });
  const after = await queue('qnv1');
  expect([after.count, after.pending]).toEqual([3, 2]);
  // Nobody else's messages.
  expect((await queue('qnv3')).count).toBe(0);
});

it('only managers hand out, to the people they may pick', async () => {
  expect(await failure(assign([{ username: 'qnv1', count: 1 }], caller(t, 5, 'qnv2')))).toEqual({
    status: 403,
    code: 'FORBIDDEN',
    msg: MSG.assignForbidden,
  });
  expect(await failure(bank.listAssignableStaff({}, { identity: caller(t, 5, 'qnv2') }))).toMatchObject({
    status: 403,
    msg: MSG.assignForbidden,
  });
  // A leader picks from their group (active only), a branch from its branch.
  const byLeader = await bank.listAssignableStaff({}, { identity: caller(t, 4, 'qtn1', 'ql1') });
  expect(byLeader.values.map((s) => s.username).sort()).toEqual(['qnv1', 'qnv2', 'qtn1']);
  expect(byLeader.values.find((s) => s.username === 'qnv1')).toMatchObject({ level: 2, priority: 5 });
  const byBranch = await bank.listAssignableStaff({}, { identity: caller(t, 3, 'qcn2', 'qb2') });
  expect(byBranch.values.map((s) => s.username).sort()).toEqual(['qcn2', 'qnv3']);
});

describe('the refund request of a transfer', () => {
  const publish = (e: Partial<events_v1_refunds.RefundChanged>, key?: string) => {
    const ev = events_v1_refunds.RefundChanged.fromPartial({
      event_id: rand(),
      version: 1,
      request_type: 5,
      created_time: '2026-01-02T08:00:00+07:00',
      ...e,
    });
    return t.bus.publish([
      { topic: REFUND_CHANGED_TOPIC, key: key ?? ev.request_id, value: Buffer.from(events_v1_refunds.RefundChanged.encode(ev).finish()) },
    ]);
  };
  const find = async (tag: string, priority = 2) => {
    const list = await bank.listMessages(bank_v1_bank.ListMessagesRequest.fromPartial({ page: 1, count: 20, message: tag }), {
      identity: caller(t, priority),
    });
    return list.values[0];
  };

  it('leads a transfer to the request of its subscriber and package, with the fields the export reads for seniors', async () => {
    const tag = `HT${rand()}`;
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await importSome(1, { str_mes: `${tag} CK ${phone} MXH100`, money: '90000' });
    const msg = await find(tag);
    await bank.updateMessage({ id: msg.id, so_dien_thoai: phone, goi_cuoc: 'MXH100' }, { identity: manager() });
    const id = `req-${rand()}`;
    await publish({
      request_id: id,
      phone,
      package_code: 'mxh100',
      request_method: 0,
      refund_price: 100000,
      transfer_final_amount: 90000,
      ti_le_chiet_khau: 10,
      trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong',
      trang_thai_truy_thu_hoan_them: 'truy_thu',
    });
    const linked = await settle(
      () => find(tag),
      (m) => m.refund_request_id === id,
    );
    expect(linked).toMatchObject({
      refund_request_id: id,
      refund_created_day: '02/01/2026',
      request_type: 5,
      refund_price: 100000,
      transfer_final_amount: 90000,
      ti_le_chiet_khau: 10,
      trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong',
      trang_thai_truy_thu_hoan_them: 'truy_thu',
    });
    // Staff above priority 2 get the way in, not the request's amounts.
    const branch = await find(tag, 3);
    expect(branch.refund_request_id).toBe(id);
    expect(branch.refund_price).toBeUndefined();
    expect(branch.trang_thai_truy_thu_hoan_them).toBeUndefined();
    // A later change is kept; an older event arriving late changes nothing (a sentinel sent after
    // it under the same key shows it was read); a deletion drops the link.
    await publish({ request_id: id, version: 3, phone, package_code: 'MXH100', refund_price: 120000, transfer_final_amount: 90000 });
    await settle(
      () => find(tag),
      (m) => m.refund_price === 120000,
    );
    await publish({ request_id: id, version: 2, phone, package_code: 'MXH100', refund_price: 1 });
    const sentinel = `sentinel-${rand()}`;
    await publish({ request_id: sentinel, phone: '0000000000', package_code: 'X' }, id);
    await until(
      'the sentinel read',
      async () => (await t.sql(`SELECT 1 FROM bank.refund_ref WHERE request_id = $1`, [sentinel])).length > 0,
    );
    expect((await find(tag)).refund_price).toBe(120000);
    await publish({ request_id: id, version: 4, phone, package_code: 'MXH100', deleted: true });
    expect(
      (
        await settle(
          () => find(tag),
          (m) => m.refund_request_id === '',
        )
      ).refund_request_id,
    ).toBe('');
  });
});
