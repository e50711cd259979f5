/**
 * The bank service end to end on real PostgreSQL and Kafka: the VPBank import (server-side checks,
 * sheet row numbers, idempotent re-send), the list (filters, totals over the whole filter, masking
 * and hidden columns by priority, export ban for priority 5), processing and approval rules per
 * priority with their audit trail, and the approved event leaving through the outbox.
 */
import { ALL_ROWS_COUNT } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { failure, rand, settle, TestService } from '@cskh/kit/testing';
import { bank_v1_bank, events_v1_bank } from '@cskh/proto';
import { MESSAGE_APPROVED_TOPIC } from '../src/domain/events';
import { MSG } from '../src/domain/messages';
import { caller, sheetRow, startBank, todayAt } from './helpers';

const B = bank_v1_bank;
let t: TestService;
let bank: Awaited<ReturnType<typeof startBank>>['bank'];
let sub: Subscription;
const approvedEvents: Array<{ key: string; event: events_v1_bank.BankMessageApproved }> = [];

beforeAll(async () => {
  ({ t, bank } = await startBank());
  sub = await t.bus.subscribe({
    groupId: `bank-test-${rand()}`,
    topics: [MESSAGE_APPROVED_TOPIC],
    fromBeginning: true,
    handler: async (m) => void approvedEvents.push({ key: m.key, event: events_v1_bank.BankMessageApproved.decode(m.value) }),
  });
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
});

const senior = () => caller(t, 2, 'quanly');
const list = (over: Partial<bank_v1_bank.ListMessagesRequest>, who = senior()) =>
  bank.listMessages(B.ListMessagesRequest.fromPartial(over), { identity: who });
const importRows = (rows: bank_v1_bank.ImportMessageRow[], file_name: string, first_row = 13, who = senior()) =>
  bank.importMessages(B.ImportMessagesRequest.fromPartial({ rows, file_name, first_row }), { identity: who });

/** Imports rows tagged so that a list filter finds exactly them; returns the tag and the stored messages. */
async function seed(rows: Array<Partial<bank_v1_bank.ImportMessageRow>>) {
  const tag = `T${rand()}`;
  const reply = await importRows(
    rows.map((r, i) => sheetRow({ str_mes: `${tag} dong ${i}`, ...r })),
    `${tag}.xlsx`,
  );
  expect(reply.errorRows).toEqual([]);
  const page = await list({ message: tag, count: 100 });
  // In the order they were given (the list is newest first, and these share a time).
  const order = (m: bank_v1_bank.BankMessage) => Number(m.str_mes.split(' dong ')[1]);
  return { tag, messages: [...page.values].sort((a, b) => order(a) - order(b)) };
}

describe('VPBank import', () => {
  it('checks every row again, names refused rows by their sheet row, and stores the rest', async () => {
    const file = `saoke-${rand()}.xlsx`;
    const rows = [
      sheetRow({ str_mes: 'CK 0912345678 MXH100', money: '1.500.000' }),
      sheetRow({ money: '0' }),
      sheetRow({ datetime: '32/01/2025 10:00:00' }),
      sheetRow({ str_mes: '   ' }),
      sheetRow({ sender: 'ACB' }),
      sheetRow({ money: '250000' }),
    ];
    const reply = await importRows(rows, file);
    expect(reply.saved).toBe(2);
    expect(reply.errorRows.map((e) => [e.row, e.index, e.error_type, e.error_file])).toEqual([
      [14, 1, MSG.moneyNotPositive, file],
      [15, 2, MSG.datetimeInvalid, file],
      [16, 3, MSG.contentRequired, file],
      [17, 4, MSG.senderInvalid, file],
    ]);
    expect(JSON.parse(reply.errorRows[0].error_data)).toMatchObject({ money: '0' });
    const stored = await t.sql(
      `SELECT sender, money::int AS money, ten_file_upload, is_read, created_by FROM bank.bank_message WHERE ten_file_upload = $1 ORDER BY money`,
      [file],
    );
    expect(stored).toEqual([
      { sender: 'VPBANK', money: 250000, ten_file_upload: file, is_read: 0, created_by: 'quanly' },
      { sender: 'VPBANK', money: 1500000, ten_file_upload: file, is_read: 0, created_by: 'quanly' },
    ]);
  });

  it('a re-sent chunk creates no duplicates, and answers the same saved count', async () => {
    const file = `resend-${rand()}.xlsx`;
    const rows = [sheetRow(), sheetRow(), sheetRow({ money: 'abc' })];
    const first = await importRows(rows, file);
    const again = await importRows(rows, file);
    expect(first.saved).toBe(2);
    expect(again.saved).toBe(2);
    expect(again.errorRows.map((e) => e.row)).toEqual([15]);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM bank.bank_message WHERE ten_file_upload = $1`, [file]);
    expect(n).toBe(2);
    // The same transfer on another sheet row is another transfer.
    await importRows([rows[0]], file, 40);
    const [{ n: n2 }] = await t.sql(`SELECT count(*)::int AS n FROM bank.bank_message WHERE ten_file_upload = $1`, [file]);
    expect(n2).toBe(3);
  });

  it('is refused above 200 rows and for staff above priority 2', async () => {
    const many = Array.from({ length: 201 }, () => sheetRow());
    expect(await failure(importRows(many, 'big.xlsx'))).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await failure(importRows([sheetRow()], 'x.xlsx', 13, caller(t, 3)))).toMatchObject({ status: 403 });
  });
});

describe('the list', () => {
  it('totals are over the whole filter, not the page; filters narrow them', async () => {
    const { tag } = await seed([
      { money: '100000', sender: 'VPBANK' },
      { money: '200000', sender: 'Techcombank' },
      { money: '300000', sender: 'VPBANK' },
      { money: '400000', sender: 'VPBANK' },
    ]);
    const page = await list({ message: tag, page: 2, count: 3 });
    expect(page.values).toHaveLength(1);
    expect(page).toMatchObject({ count: 4, tongDonChuyen: 4, tongChuyenKhoan: 1000000 });
    expect(await list({ message: tag.toLowerCase(), sender: 'Techcombank' })).toMatchObject({ count: 1, tongChuyenKhoan: 200000 });
    expect(await list({ message: tag, sender: 'vpbank' })).toMatchObject({ count: 3, tongChuyenKhoan: 800000 });
    expect(await list({ message: tag, is_read: '1' })).toMatchObject({ count: 0, tongChuyenKhoan: 0 });
    expect(await list({ message: tag, is_read: '0' })).toMatchObject({ count: 4, tongChuyenKhoan: 1000000 });
  });

  it('shows this month to today by default; other days on request (Vietnam days)', async () => {
    const tag = `D${rand()}`;
    await importRows(
      [sheetRow({ str_mes: `${tag} cu`, datetime: '15/03/2024 23:30:00' }), sheetRow({ str_mes: `${tag} moi` })],
      `${tag}.xlsx`,
    );
    expect((await list({ message: tag })).values.map((v) => v.str_mes)).toEqual([`${tag} moi`]);
    const march = await list({ message: tag, startDate: '15/03/2024', endDate: '15/03/2024' });
    expect(march.values.map((v) => [v.str_mes, v.datetime])).toEqual([[`${tag} cu`, '2024-03-15T23:30:00+07:00']]);
    expect((await list({ message: tag, startDate: '16/03/2024', endDate: '16/03/2024' })).count).toBe(0);
  });

  it('masks the phone and leaves out the senior columns for priority 3 and above', async () => {
    const { messages } = await seed([{}]);
    const id = messages[0].id;
    await bank.updateMessage(B.UpdateMessageRequest.fromPartial({ id, so_dien_thoai: '0912345678', goi_cuoc: 'MXH100' }), {
      identity: senior(),
    });
    const seen = async (priority: number) => (await list({ message: messages[0].str_mes }, caller(t, priority))).values[0];
    for (const p of [1, 2]) {
      const m = await seen(p);
      expect(m).toMatchObject({
        so_dien_thoai: '912345678',
        goi_cuoc: 'MXH100',
        is_read: 0,
        nguoi_cap_nhat: 'quanly',
        trang_thai_duyet_thong_tin: 0,
      });
      expect(m.username_duyet_trang_thai_duyet_thong_tin).toBe('');
      expect(m).toMatchObject({ can_edit_phone: true, can_edit_package: true, can_decide: true, can_process: true });
    }
    for (const p of [3, 4, 5]) {
      const m = await seen(p);
      expect(m.so_dien_thoai).toBe('****45678');
      expect(m.goi_cuoc).toBe('MXH100');
      expect(m.is_read).toBeUndefined();
      expect(m.nguoi_cap_nhat).toBeUndefined();
      expect(m.trang_thai_duyet_thong_tin).toBeUndefined();
      expect(m.username_duyet_trang_thai_duyet_thong_tin).toBeUndefined();
      expect(m.thoi_gian_duyet_trang_thai_duyet_thong_tin).toBeUndefined();
      // Filled already: staff may no longer change them, nor decide or process.
      expect(m).toMatchObject({ can_edit_phone: false, can_edit_package: false, can_decide: false, can_process: false });
    }
  });

  it('the export (page 0, count 9999999999 = every row) is refused for priority 5 only', async () => {
    const { tag } = await seed(Array.from({ length: 25 }, () => ({})));
    const all = { message: tag, page: 0, count: ALL_ROWS_COUNT };
    expect(await failure(list(all, caller(t, 5)))).toEqual({ status: 403, code: 'FORBIDDEN', msg: MSG.exportForbidden });
    expect((await list(all, caller(t, 4))).values).toHaveLength(25);
    // A normal page is fine for priority 5; page 0 reads as page 1.
    expect((await list({ message: tag, page: 0, count: 20 }, caller(t, 5))).values).toHaveLength(20);
  });

  it('refuses filters it cannot read with a Vietnamese message', async () => {
    expect(await failure(list({ sender: 'ACB' }))).toEqual({ status: 400, code: 'VALIDATION', msg: MSG.senderInvalid });
    expect(await failure(list({ is_read: '2' }))).toEqual({ status: 400, code: 'VALIDATION', msg: MSG.isReadInvalid });
    expect(await failure(list({ startDate: '31/02/2025' }))).toMatchObject({ status: 400, code: 'VALIDATION' });
  });
});

describe('processing and approval (spec 1 §4)', () => {
  const update = (id: string, fields: { so_dien_thoai?: string; goi_cuoc?: string }, who = senior()) =>
    bank.updateMessage(B.UpdateMessageRequest.fromPartial({ id, ...fields }), { identity: who });
  const setRead = (id: string, is_read: number, who = senior()) => bank.setProcessing({ id, is_read }, { identity: who });

  it('staff above priority 2 fill an empty phone and package; only seniors change them', async () => {
    const { messages } = await seed([{}]);
    const id = messages[0].id;
    const staff = caller(t, 5, 'nvkd');
    const filled = await update(id, { so_dien_thoai: '0912345678' }, staff);
    expect(filled.so_dien_thoai).toBe('****45678');
    expect(await failure(update(id, { so_dien_thoai: '0987654321' }, staff))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      msg: MSG.phoneFilled,
    });
    await update(id, { goi_cuoc: 'MXH100' }, caller(t, 3));
    expect(await failure(update(id, { goi_cuoc: 'V90' }, caller(t, 4)))).toMatchObject({ status: 403, msg: MSG.packageFilled });
    const changed = await update(id, { so_dien_thoai: '0987654321', goi_cuoc: 'V90' }, senior());
    expect(changed).toMatchObject({ so_dien_thoai: '987654321', goi_cuoc: 'V90', nguoi_cap_nhat: 'quanly' });
    expect(await failure(update(id, { so_dien_thoai: '123' }))).toEqual({ status: 400, code: 'VALIDATION', msg: MSG.phoneInvalid });
  });

  it('processing goes 0 → 1 by priority below 3, not back; then phone and package are read-only', async () => {
    const { messages } = await seed([{}]);
    const id = messages[0].id;
    expect(await failure(setRead(id, 1, caller(t, 3)))).toEqual({ status: 403, code: 'FORBIDDEN', msg: MSG.processingForbidden });
    const done = await setRead(id, 1, caller(t, 1, 'giamdoc'));
    expect(done).toMatchObject({ is_read: 1, nguoi_cap_nhat: 'giamdoc' });
    expect(await failure(setRead(id, 0))).toMatchObject({ status: 422, code: 'PRECONDITION', msg: MSG.alreadyProcessed });
    expect(await failure(update(id, { so_dien_thoai: '0912345678' }))).toMatchObject({ status: 422, msg: MSG.readOnlyProcessed });
    expect(await failure(update(id, { goi_cuoc: 'X' }, caller(t, 5)))).toMatchObject({ status: 422, msg: MSG.readOnlyProcessed });
    expect(await failure(setRead(id, 7))).toMatchObject({ status: 400, msg: MSG.isReadInvalid });
  });

  it('approve and deny: priority below 3, phone and package filled, once; who and when recorded', async () => {
    const { messages } = await seed([{ money: '777000' }, {}]);
    const [a, d] = messages.map((m) => m.id);
    expect(await failure(bank.approve({ id: a }, { identity: senior() }))).toMatchObject({ status: 422, msg: MSG.decideNeedsInfo });
    await update(a, { so_dien_thoai: '0912345678', goi_cuoc: 'MXH100' });
    await update(d, { so_dien_thoai: '0911111111', goi_cuoc: 'V90' });
    expect(await failure(bank.approve({ id: a }, { identity: caller(t, 3) }))).toMatchObject({ status: 403, msg: MSG.decideForbidden });

    const before = Date.now();
    const approved = await bank.approve({ id: a }, { identity: senior() });
    expect(approved).toMatchObject({ trang_thai_duyet_thong_tin: 1, username_duyet_trang_thai_duyet_thong_tin: 'quanly' });
    expect(Date.parse(approved.thoi_gian_duyet_trang_thai_duyet_thong_tin!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await failure(bank.deny({ id: a }, { identity: caller(t, 1, 'giamdoc') }))).toMatchObject({
      status: 422,
      msg: MSG.alreadyDecided('quanly'),
    });
    expect(await failure(update(a, { goi_cuoc: 'V90' }))).toMatchObject({ status: 422, msg: MSG.readOnlyDecided });

    const denied = await bank.deny({ id: d }, { identity: caller(t, 1, 'giamdoc') });
    expect(denied).toMatchObject({ trang_thai_duyet_thong_tin: 2, username_duyet_trang_thai_duyet_thong_tin: 'giamdoc' });
    expect(await failure(bank.approve({ id: d }, { identity: senior() }))).toMatchObject({
      status: 422,
      msg: MSG.alreadyDecided('giamdoc'),
    });

    // Only the approval leaves as an event, through the outbox, keyed by the message id.
    await settle(() => approvedEvents.some((e) => e.event.transfer_id === a), Boolean);
    const mine = approvedEvents.filter((e) => e.event.transfer_id === a);
    expect(mine).toHaveLength(1);
    expect(mine[0].key).toBe(a);
    expect(mine[0].event).toMatchObject({ phone: '0912345678', package: 'MXH100', amount: 777000, approver: 'quanly', sender: 'VPBANK' });
    expect(mine[0].event.approved_at).toBe(approved.thoi_gian_duyet_trang_thai_duyet_thong_tin);
    expect(mine[0].event.event_id).not.toBe('');
    expect(approvedEvents.some((e) => e.event.transfer_id === d)).toBe(false);
    // The relay marks the row after Kafka acknowledges it, so the event can reach a consumer a moment before the mark commits.
    const [row] = await settle(
      () => t.sql(`SELECT published_at FROM bank.outbox WHERE key = $1`, [a]),
      ([r]) => Boolean(r?.published_at),
    );
    expect(row?.published_at).not.toBeNull();
  });

  it('every change is in the message history: all of it for seniors, phone and package (masked) for staff', async () => {
    const { messages } = await seed([{}]);
    const id = messages[0].id;
    await update(id, { so_dien_thoai: '0912345678' }, caller(t, 5, 'nvkd'));
    await update(id, { goi_cuoc: 'MXH100' });
    await bank.approve({ id }, { identity: senior() });
    await setRead(id, 1);
    const history = (who = senior()) => bank.messageHistory({ id, page: 1, count: 50 }, { identity: who });
    const full = await history();
    expect(full.count).toBe(4);
    expect(full.values.map((e) => [e.field, e.from_value, e.to_value, e.username])).toEqual([
      ['is_read', '0', '1', 'quanly'],
      ['trang_thai_duyet_thong_tin', '0', '1', 'quanly'],
      ['goi_cuoc', '', 'MXH100', 'quanly'],
      ['so_dien_thoai', '', '0912345678', 'nvkd'],
    ]);
    const staffView = await history(caller(t, 5));
    expect(staffView.count).toBe(2);
    expect(staffView.values.map((e) => [e.field, e.from_value, e.to_value, e.username])).toEqual([
      ['goi_cuoc', '', 'MXH100', ''],
      ['so_dien_thoai', '', '****45678', ''],
    ]);
    expect(await failure(bank.messageHistory({ id: 'not-an-id', page: 1, count: 10 }, { identity: senior() }))).toMatchObject({
      status: 404,
      msg: MSG.notFound,
    });
  });

  it('deleting: seniors only, never an approved message; the deletion stays in the history', async () => {
    const { messages } = await seed([{}, {}]);
    const [keep, gone] = messages.map((m) => m.id);
    await update(keep, { so_dien_thoai: '0912345678', goi_cuoc: 'X' });
    await bank.approve({ id: keep }, { identity: senior() });
    expect(await failure(bank.deleteMessage({ id: keep }, { identity: senior() }))).toMatchObject({ status: 422, msg: MSG.deleteApproved });
    expect(await failure(bank.deleteMessage({ id: gone }, { identity: caller(t, 3) }))).toMatchObject({ status: 403 });
    expect(await bank.deleteMessage({ id: gone }, { identity: senior() })).toEqual({ ok: true, msg: MSG.deleted });
    expect(await failure(bank.deleteMessage({ id: gone }, { identity: senior() }))).toMatchObject({ status: 404, msg: MSG.notFound });
    expect((await bank.messageHistory({ id: gone, page: 1, count: 10 }, { identity: senior() })).values.map((e) => e.field)).toEqual([
      'deleted',
    ]);
  });

  it('creates a single message (priority below 3), checked like an import row', async () => {
    const created = await bank.createMessage(
      B.CreateMessageRequest.fromPartial({
        sender: 'Techcombank',
        money: '50000',
        datetime: todayAt('01:00:00'),
        str_mes: `tao ${rand()}`,
      }),
      { identity: senior() },
    );
    expect(created).toMatchObject({ sender: 'Techcombank', money: 50000, is_read: 0 });
    expect(
      await failure(
        bank.createMessage(B.CreateMessageRequest.fromPartial({ money: '0', datetime: todayAt('01:00:00'), str_mes: 'x' }), {
          identity: senior(),
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'VALIDATION',
      msg: MSG.moneyNotPositive,
    });
  });
});
