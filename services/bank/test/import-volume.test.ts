/**
 * Imports at the edges, on the bank service's VPBank import with
 * real PostgreSQL: a 100,000-row statement sent as the browser sends it (500 chunks of 200, one
 * after the other, one chunk re-sent after a "lost" answer), a sheet whose columns are in the wrong
 * places, Unicode that looks alike but is encoded differently, and a chunk that fails while being
 * stored. Every refused row is named by its sheet row; nothing is stored twice or half.
 */
import { failure, rand, TestService } from '@cskh/kit/testing';
import { bank_v1_bank } from '@cskh/proto';
import { MSG } from '../src/domain/messages';
import { caller, sheetRow, startBank, todayAt } from './helpers';

const B = bank_v1_bank;
let t: TestService;
let bank: Awaited<ReturnType<typeof startBank>>['bank'];

beforeAll(async () => {
  ({ t, bank } = await startBank());
}, 120000);

afterAll(async () => {
  await t?.stop();
});

const FIRST_ROW = 2; // the sheet's header is row 1
const importRows = (rows: bank_v1_bank.ImportMessageRow[], file_name: string, first_row: number) =>
  bank.importMessages(B.ImportMessagesRequest.fromPartial({ rows, file_name, first_row }), { identity: caller(t, 2, 'quanly') });
const storedOf = async (file: string) =>
  (
    await t.sql(`SELECT count(*)::int AS n, count(DISTINCT import_key)::int AS keys FROM bank.bank_message WHERE ten_file_upload = $1`, [
      file,
    ])
  )[0] as { n: number; keys: number };

it('a 100,000-row statement: 500 chunks, one re-sent; every good row stored once, every bad row named by its sheet row', async () => {
  const file = `saoke-100k-${rand()}.xlsx`;
  const ROWS = 100_000;
  const bad = (i: number) => i % 1000 === 999; // 100 rows with an amount that is no number
  const rowAt = (i: number) =>
    sheetRow({
      str_mes: `CK 09${String(i).padStart(8, '0')} MXH100 ${file}`,
      money: bad(i) ? 'mot tram' : String(10_000 + i),
      datetime: todayAt('08:00:00'),
    });
  const started = Date.now();
  let saved = 0;
  const refused: number[] = [];
  for (let c = 0; c < ROWS / 200; c++) {
    const rows = Array.from({ length: 200 }, (_, k) => rowAt(c * 200 + k));
    const reply = await importRows(rows, file, FIRST_ROW + c * 200);
    saved += reply.saved;
    refused.push(...reply.errorRows.map((e) => e.row));
    if (c === 250) {
      // The answer was lost on the way: the browser sends the same chunk again.
      const again = await importRows(rows, file, FIRST_ROW + c * 200);
      expect(again.saved).toBe(reply.saved);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`100,000-row import: ${seconds.toFixed(1)} s, ${Math.round(ROWS / seconds)} rows/s (500 chunks + 1 re-sent, one at a time)`);
  expect(saved).toBe(ROWS - 100);
  expect(refused).toEqual(Array.from({ length: 100 }, (_, k) => FIRST_ROW + k * 1000 + 999));
  expect(await storedOf(file)).toEqual({ n: ROWS - 100, keys: ROWS - 100 });
}, 600000);

it('a sheet with its columns in the wrong places: every row refused with its reason, nothing stored', async () => {
  const file = `lech-cot-${rand()}.xlsx`;
  // Amount and time swapped, time and content swapped, content in the channel column: what a
  // statement laid out by another bank gives.
  const rows = [
    sheetRow({ money: todayAt('08:00:00'), datetime: '150000' }),
    sheetRow({ money: '150000', str_mes: todayAt('08:00:00'), datetime: 'CK 0912345678 MXH100' }),
    sheetRow({ sender: 'CK 0912345678 MXH100', money: 'VPBANK' }),
  ];
  const reply = await importRows(rows, file, FIRST_ROW);
  expect(reply.saved).toBe(0);
  expect(reply.errorRows.map((e) => [e.row, e.error_type])).toEqual([
    [2, MSG.moneyInvalid],
    [3, MSG.datetimeInvalid],
    [4, MSG.senderInvalid],
  ]);
  expect((await storedOf(file)).n).toBe(0);
});

it('the same row in decomposed and composed Unicode is one row; emoji and CJK are kept as sent', async () => {
  const file = `unicode-${rand()}.xlsx`;
  const content = 'CK 0912345678 Nguyễn Thị Ánh nạp gói ST90K 😀 说';
  const composed = sheetRow({ str_mes: content, datetime: todayAt('09:00:00') });
  const decomposed = { ...composed, str_mes: content.normalize('NFD') };
  expect(decomposed.str_mes).not.toBe(content);
  // Sent from a Mac (decomposed), the answer lost, sent again from another browser (composed).
  expect((await importRows([decomposed], file, FIRST_ROW)).saved).toBe(1);
  expect((await importRows([composed], file, FIRST_ROW)).saved).toBe(1);
  const stored = await t.sql(`SELECT str_mes FROM bank.bank_message WHERE ten_file_upload = $1`, [file]);
  expect(stored).toEqual([{ str_mes: content }]);
});

it('a chunk that fails while it is stored keeps none of its rows; sent again, each row is stored once', async () => {
  const file = `hong-${rand()}.xlsx`;
  const rows = Array.from({ length: 200 }, (_, i) => sheetRow({ str_mes: `CK ${file} dong ${i}`, money: String(1000 + i) }));
  // The database refuses the 150th row of the statement (as a full disk or a dropped connection
  // would fail the chunk part way).
  await t.sql(`CREATE FUNCTION bank.fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.str_mes LIKE '%dong 149' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
  await t.sql(`CREATE TRIGGER fail_once BEFORE INSERT ON bank.bank_message FOR EACH ROW EXECUTE FUNCTION bank.fail_once()`);
  const err = await failure(importRows(rows, file, FIRST_ROW));
  expect(err.status).toBeGreaterThanOrEqual(500);
  expect(err.msg).toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/);
  expect((await storedOf(file)).n).toBe(0);
  await t.sql(`DROP TRIGGER fail_once ON bank.bank_message`);
  expect((await importRows(rows, file, FIRST_ROW)).saved).toBe(200);
  expect((await importRows(rows, file, FIRST_ROW)).saved).toBe(200);
  expect(await storedOf(file)).toEqual({ n: 200, keys: 200 });
});
