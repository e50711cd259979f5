/**
 * Approved bank transfers (cskh.bank.message-approved, through real Kafka) settle discount top-ups
 * on real PostgreSQL: a transfer for exactly the amount due marks the oldest open top-up of that
 * subscriber and package 'Đã CK' and approved by '__AUTO' (audited, refunds.changed); a transfer
 * approved before its request settles it at creation; a short payment, a redelivered event or a
 * second request leave the rest open.
 */
import { randomUUID } from 'node:crypto';
import { vnDateTime } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_bank, events_v1_refunds, refunds_v1_refunds as R } from '@cskh/proto';
import { MESSAGE_APPROVED_TOPIC } from '../src/workers/bank-transfers';
import { RMSG } from '../src/domain/messages';
import { REFUND_CHANGED_TOPIC } from '../src/store/requests';
import { caller, opts, RefundsApi, startRefunds } from './helpers';

let t: TestService;
let api: RefundsApi;
let sub: Subscription;
const events: events_v1_refunds.RefundChanged[] = [];

beforeAll(async () => {
  ({ t, api } = await startRefunds());
  sub = await t.bus.subscribe({
    groupId: `refunds-bank-${rand()}`,
    topics: [REFUND_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_refunds.RefundChanged.decode(m.value)),
  });
  await api.updateSetting({ key: 'ti_le_chiet_khau', value: '10' }, opts(caller(t, 1, ['settings'])));
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
});

const manager = () => caller(t, 2, ['requestrefund', 'requestrefund.duyet-don-chuyen-khoan'], 'quanly_ck');
let ms = Date.now();
/** A prepaid top-up of 100 000 đ: 90 000 đ due at 10 %. */
const topUp = (phone: string, pkg: string) =>
  api
    .createTopUp(
      R.CreateTopUpRequest.fromPartial({
        millisecond_created_at: ++ms,
        number_phone: phone,
        number_type: 1,
        package_code: pkg,
        refund_price: 100000,
        cho_len_don: 0,
      }),
      opts(caller(t, 5)),
    )
    .then((r) => r.values[0]);
const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** What the bank service writes when its approver approves a transfer message's phone and package. */
async function approveTransfer(p: { phone: string; pkg: string; amount: number; transferId?: string }) {
  const e = events_v1_bank.BankMessageApproved.fromPartial({
    event_id: randomUUID(),
    transfer_id: p.transferId ?? randomUUID(),
    phone: p.phone,
    package: p.pkg,
    amount: p.amount,
    approver: 'ketoan',
    approved_at: vnDateTime(new Date()),
    sender: 'VPBANK',
    transfer_at: vnDateTime(new Date()),
  });
  await t.bus.publish([
    { topic: MESSAGE_APPROVED_TOPIC, key: e.transfer_id, value: Buffer.from(events_v1_bank.BankMessageApproved.encode(e).finish()) },
  ]);
  return e;
}
const stored = async (id: string) => api.getRequest({ id }, opts(manager()));
const transferRow = async (id: string) => (await t.sql(`SELECT request_id FROM refunds.bank_transfer WHERE transfer_id = $1`, [id]))[0];

describe('approved bank transfers settle discount top-ups', () => {
  it('the transfer of the amount due settles the oldest open top-up: Đã CK, approved by __AUTO, audited, announced', async () => {
    const p = phone();
    const pkg = `MXH${rand()}`.toUpperCase();
    const first = await topUp(p, pkg.toLowerCase());
    const second = await topUp(p, pkg);
    expect(first).toMatchObject({ is_transfer: 0, approver: '' });
    const e = await approveTransfer({ phone: `84${p.slice(1)}`, pkg, amount: 90000 });
    await until('the first top-up settled by the transfer', async () => (await stored(first.id)).approver === '__AUTO');
    expect(await stored(first.id)).toMatchObject({
      is_transfer: 1,
      status_duyet_don: 1,
      approver: '__AUTO',
      username_duyet_trang_thai_chuyen_khoan: '__AUTO',
    });
    expect(await transferRow(e.transfer_id)).toEqual({ request_id: first.id });
    const history = await api.requestHistory({ id: first.id, page: 1, count: 20 }, opts(manager()));
    expect(history.values.filter((v) => v.username === '__AUTO').map((v) => v.field)).toEqual(
      expect.arrayContaining(['is_transfer', 'approver', 'status_duyet_don']),
    );
    await until("the first top-up's bank_transfer event", async () =>
      events.some((ev) => ev.request_id === first.id && ev.change === 'bank_transfer' && ev.changed_by === '__AUTO'),
    );
    // Nobody approves it again by hand; the second request is still open for its own transfer.
    expect(await failure(api.approveTopUp({ id: first.id, status_duyet_don: 1, currentOriginUrl: '' }, opts(manager())))).toMatchObject({
      status: 422,
      msg: RMSG.alreadyApproved('__AUTO'),
    });
    expect(await stored(second.id)).toMatchObject({ is_transfer: 0, approver: '' });

    // The same event again (at-least-once delivery) settles nothing more; a new transfer settles the second.
    await t.bus.publish([
      { topic: MESSAGE_APPROVED_TOPIC, key: e.transfer_id, value: Buffer.from(events_v1_bank.BankMessageApproved.encode(e).finish()) },
    ]);
    const next = await approveTransfer({ phone: p, pkg, amount: 90000 });
    await until('the second top-up settled by the transfer', async () => (await stored(second.id)).approver === '__AUTO');
    expect(await transferRow(next.transfer_id)).toEqual({ request_id: second.id });
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM refunds.bank_transfer WHERE transfer_id = $1`, [e.transfer_id]);
    expect(n).toBe(1);
  });

  it('a transfer approved before its request waits, and settles the top-up at its creation', async () => {
    const p = phone();
    const pkg = `D${rand()}`.toUpperCase();
    const e = await approveTransfer({ phone: p, pkg, amount: 90000 });
    await until(
      'the transfer stored',
      async () => !!(await t.sql(`SELECT 1 FROM refunds.bank_transfer WHERE transfer_id = $1`, [e.transfer_id])).length,
    );
    const created = await topUp(p, pkg);
    expect(created).toMatchObject({ is_transfer: 1, approver: '__AUTO', status_duyet_don: 1 });
    expect(await transferRow(e.transfer_id)).toEqual({ request_id: created.id });
  });

  it('a short payment, another package or a decided request are left to a person', async () => {
    const p = phone();
    const pkg = `V${rand()}`.toUpperCase();
    const open = await topUp(p, pkg);
    const decided = await topUp(p, pkg);
    await api.approveTopUp({ id: decided.id, status_duyet_don: 2, currentOriginUrl: '' }, opts(manager()));
    const short = await approveTransfer({ phone: p, pkg, amount: 89000 });
    const other = await approveTransfer({ phone: p, pkg: `${pkg}X`, amount: 90000 });
    await until(
      'both transfers stored',
      async () =>
        (await t.sql(`SELECT 1 FROM refunds.bank_transfer WHERE transfer_id = ANY($1)`, [[short.transfer_id, other.transfer_id]]))
          .length === 2,
    );
    expect(await stored(open.id)).toMatchObject({ is_transfer: 0, approver: '' });
    expect(await stored(decided.id)).toMatchObject({ is_transfer: 0, approver: 'quanly_ck', status_duyet_don: 2 });
    expect(await transferRow(short.transfer_id)).toEqual({ request_id: null });
  });

  it('a transfer and its top-up crossing in flight still meet; two transfers for one top-up settle it once', async () => {
    const p = phone();
    const pkg = `X${rand()}`.toUpperCase();
    const [a, created, b] = await Promise.all([
      approveTransfer({ phone: p, pkg, amount: 90000 }),
      topUp(p, pkg),
      approveTransfer({ phone: p, pkg, amount: 90000 }),
    ]);
    await until(
      'both transfers stored',
      async () =>
        (await t.sql(`SELECT 1 FROM refunds.bank_transfer WHERE transfer_id = ANY($1)`, [[a.transfer_id, b.transfer_id]])).length === 2,
    );
    await until('the new top-up settled by a waiting transfer', async () => (await stored(created.id)).approver === '__AUTO');
    const settledBy = (await t.sql(`SELECT transfer_id FROM refunds.bank_transfer WHERE request_id = $1`, [created.id])).map((r) =>
      String(r.transfer_id),
    );
    expect(settledBy).toHaveLength(1);
    expect([a.transfer_id, b.transfer_id]).toContain(settledBy[0]);
  });
});
