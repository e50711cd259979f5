/**
 * Bank messages handed out on screen, end to end in real Chromium on the real stack:
 * a manager divides unprocessed messages among salespeople in 'Phân chia tin nhắn'; the salesperson
 * who is online reads the notice at once and finds them in 'Tin nhắn được giao cho tôi', the one who
 * logs in later is told what waits; and from a transfer a manager goes to its refund request and the
 * subscriber's Mfy orders, each screen opened filtered to it, and the export carries the request's
 * fields in Vietnamese.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { Browser, Page } from 'playwright-core';
import { callApi, input, launchChromium, logIn, pickOption, searchUntil, toast, staffMaker } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';
import { isFieldNameHeader, isRawValue } from '../src/list/rawCodes';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let dir: string;
let adminToken: string;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) => callApi<T>(stack.url, path, token, body, method);
const login = (page: Page, username: string, password = 'Matkhau@1') => logIn(page, stack.url, username, password);

/** Types into the hand-out's staff picker of line `i`, and chooses the person it finds; returns what the option read. */
async function pickStaff(page: Page, i: number, typed: string, username: string): Promise<string | null> {
  const picker = input(page, `mesbank-assign-staff-${i}`);
  await picker.click();
  await picker.fill(typed);
  const option = page.getByTestId(`mesbank-assign-staff-${i}-option-${username}`);
  await option.waitFor();
  const text = await option.textContent();
  await pickOption(option);
  return text;
}

function vnToday(): string {
  const d = new Date(Date.now() + 7 * 3600 * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

async function people(tag: string) {
  const user = await staffMaker(stack.url, adminToken);
  const branch = await user(`cn${tag}`, 'Chi Nhánh Giao Tin', 3);
  await user(`nva${tag}`, 'Nguyễn Văn An', 5, branch.id);
  await user(`nvb${tag}`, 'Trần Thị Bình', 5, branch.id);
  await user(`ql${tag}`, 'Lê Quản Lý', 2);
}

/** Messages as the VPBank upload sends them (the screen's upload is bank.browser.test.ts's). */
async function importMessages(tag: string, rows: Array<{ content: string; money: number; time: string }>) {
  await api(
    `/api/v1/mesbank/import?file_name=${encodeURIComponent(`${tag}.xlsx`)}&first_row=13`,
    adminToken,
    rows.map((r) => ({
      ten_file_upload: `${tag}.xlsx`,
      sender: 'VPBANK',
      str_mes: r.content,
      money: String(r.money),
      datetime: `${vnToday()} ${r.time}`,
    })),
  );
}

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'bank-assign-browser-'));
  stack = await startStack({ env: isolatedStackEnv('web_bank_assign', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }) });
  browser = await launchChromium();
  adminToken = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const openBank = async (page: Page) => {
  await page.getByTestId('menu-/app/bank-lookup').click();
  await page.getByTestId('list-mesbank').waitFor();
};

it('a manager divides messages on screen; the salesperson online is told at once and finds them in their queue, the one offline is told at login', async () => {
  const tag = randomBytes(3).toString('hex');
  await people(tag);
  // Whatever an earlier test left in the pool goes first (oldest first): hand it to the admin.
  const pool = await api<{ total: number }>('/api/v1/mesbank/count-assign', adminToken);
  if (Number(pool.total) > 0) await api('/api/v1/mesbank/assign', adminToken, [{ username: 'admin', count: Number(pool.total) }]);
  await importMessages(tag, [
    { content: `GT${tag} chuyen khoan 1`, money: 100000, time: '00:01:00' },
    { content: `GT${tag} chuyen khoan 2`, money: 200000, time: '00:02:00' },
    { content: `GT${tag} chuyen khoan 3`, money: 300000, time: '00:03:00' },
  ]);

  // The salesperson A is online, their queue empty.
  const ctxA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const seller = await ctxA.newPage();
  await login(seller, `nva${tag}`);
  await openBank(seller);
  // A salesperson does not hand messages out.
  expect(await seller.getByTestId('mesbank-assign-open').count()).toBe(0);
  await seller.getByTestId('mesbank-tab-mine').click();
  await seller.getByTestId('list-mesbank-mine').waitFor();
  expect(await seller.getByTestId('mesbank-mine-pending').textContent()).toBe('0');

  // The manager divides: 2 to A, 1 to B (who is offline).
  const ctxM = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const boss = await ctxM.newPage();
  await login(boss, `ql${tag}`);
  await openBank(boss);
  await boss.getByTestId('mesbank-assign-open').click();
  const dialog = boss.getByTestId('mesbank-assign-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('mesbank-assign-total').filter({ hasText: 'Số tin nhắn chưa giao: 3' }).waitFor();
  // Nothing chosen: the manager is told what is missing, nothing is sent.
  await boss.getByTestId('mesbank-assign-submit').click();
  await toast(boss, 'Bạn chưa chọn nhân viên và số lượng cần phân chia');
  // Staff found by name in the picker, a salesperson shown under their branch with the spec's dashes.
  expect(await pickStaff(boss, 0, 'van an', `nva${tag}`)).toBe(`----nva${tag} - Nguyễn Văn An`);
  await input(boss, 'mesbank-assign-count-0').fill('2');
  await boss.getByTestId('mesbank-assign-add').click();
  await pickStaff(boss, 1, `nvb${tag}`, `nvb${tag}`);
  await input(boss, 'mesbank-assign-count-1').fill('1');
  await boss.getByTestId('mesbank-assign-submit').click();
  await toast(boss, 'Phân chia dữ liệu thành công.');
  await dialog.waitFor({ state: 'detached' });
  // Who holds what: one click away in 'Cột'.
  await input(boss, 'mesbank-filter-message').fill(`GT${tag}`);
  await boss.getByTestId('mesbank-search').click();
  await boss.getByTestId('mesbank-columns').click();
  await boss.getByTestId('mesbank-column-assigned_to').click();
  await boss.keyboard.press('Escape');
  await boss
    .locator('[data-testid^="mesbank-row-"]')
    .filter({ hasText: `GT${tag} chuyen khoan 1` })
    .filter({ hasText: `nva${tag}` })
    .waitFor();
  await boss
    .locator('[data-testid^="mesbank-row-"]')
    .filter({ hasText: `GT${tag} chuyen khoan 3` })
    .filter({ hasText: `nvb${tag}` })
    .waitFor();

  // A, online, is told at once and the queue follows by itself: the two oldest.
  await toast(seller, 'Bạn được giao 2 tin nhắn ngân hàng mới');
  await seller.waitForFunction(() => document.querySelector('[data-testid="mesbank-mine-pending"]')?.textContent === '2');
  const mine = seller.locator('[data-testid^="mesbank-mine-row-"]');
  await mine.filter({ hasText: `GT${tag} chuyen khoan 1` }).waitFor();
  await mine.filter({ hasText: `GT${tag} chuyen khoan 2` }).waitFor();
  expect(await mine.count()).toBe(2);
  // The badge has a call of its own, answered apart from the queue's: wait for it to show the count.
  const badge = seller.getByTestId('mesbank-tab-mine-badge');
  await badge.locator('.MuiBadge-badge').filter({ hasText: /^2$/ }).waitFor();
  expect(await badge.textContent()).toContain('2');
  // A fills the phone of a handed message in the queue.
  const first = mine.filter({ hasText: `GT${tag} chuyen khoan 1` });
  const id = (await first.getAttribute('data-testid'))!.replace('mesbank-mine-row-', '');
  const phone = input(seller, `mesbank-mine-edit-so_dien_thoai-${id}`);
  await phone.fill('0987654321');
  await phone.press('Enter');
  await toast(seller, 'Cập nhật số điện thoại thành công');

  // B was offline: at login they are told what waits for them.
  const ctxB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const late = await ctxB.newPage();
  await login(late, `nvb${tag}`);
  await toast(late, 'Bạn có 1 tin nhắn ngân hàng được giao đang chờ xử lý');
  await openBank(late);
  await late.getByTestId('mesbank-tab-mine').click();
  await late
    .locator('[data-testid^="mesbank-mine-row-"]')
    .filter({ hasText: `GT${tag} chuyen khoan 3` })
    .waitFor();

  await Promise.all([ctxA.close(), ctxM.close(), ctxB.close()]);
}, 180000);

it('from a transfer a manager opens its refund request and the subscriber Mfy orders, filtered to it; the export carries the request in Vietnamese', async () => {
  const tag = randomBytes(3).toString('hex');
  await people(tag);
  await api('/api/v1/setting/ti_le_chiet_khau', adminToken, { value: '10' }, 'PUT');
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const pkg = `MX${tag}`.toUpperCase();
  const seller = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: `nva${tag}`, password: 'Matkhau@1' }))
    .access_token;
  await api('/api/v1/requestrefund/createNapTienChietKhau', seller, {
    millisecond_created_at: Date.now(),
    number_phone: phone,
    number_type: 1,
    package_code: pkg,
    refund_price: 120000,
    cho_len_don: 0,
  });
  await importMessages(tag, [{ content: `LK${tag} CK ${phone} ${pkg}`, money: 108000, time: '00:04:00' }]);
  const list = await api<{ values: Array<{ id: string; str_mes: string }> }>(
    `/api/v1/mesbank?page=1&count=20&message=LK${tag}`,
    adminToken,
  );
  await api(`/api/v1/mesbank/${list.values[0].id}`, adminToken, { so_dien_thoai: phone, goi_cuoc: pkg }, 'PUT');
  const rowId = list.values[0].id;

  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  await login(page, `ql${tag}`);
  await openBank(page);
  await input(page, 'mesbank-filter-message').fill(`LK${tag}`);
  // The refund request reaches the bank side as an event: search again until the transfer leads to it.
  const links = page.getByTestId(`mesbank-links-${rowId}`);
  await searchUntil(
    page,
    { id: 'mesbank', endpoint: '/api/v1/mesbank', params: { message: `LK${tag}` } },
    async () =>
      (await page
        .locator('[data-testid^="mesbank-row-"]')
        .filter({ hasText: `LK${tag}` })
        .count()) > 0 &&
      (await links.count()) > 0 &&
      !!(await links.getAttribute('aria-label'))?.includes('Yêu cầu hoàn tiền'),
    'the transfer leading to its refund request',
  );
  await links.click();
  const dialog = page.getByTestId('mesbank-links-dialog');
  await dialog.waitFor();
  await dialog
    .getByTestId('mesbank-link-refund')
    .filter({ hasText: `Yêu cầu hoàn tiền ngày ${vnToday()}` })
    .click();
  // The refund screen opens, filtered to the subscriber on the request's day: that request alone.
  await page.getByTestId('list-requestrefund').waitFor();
  expect(await input(page, 'requestrefund-filter-message').inputValue()).toBe(phone.slice(-9));
  const linked = await api<{ values: Array<{ refund_request_id: string }> }>(
    `/api/v1/mesbank?page=1&count=20&message=LK${tag}`,
    adminToken,
  );
  await page.getByTestId(`requestrefund-row-${linked.values[0].refund_request_id}`).waitFor();
  expect(await page.locator('[data-testid^="requestrefund-row-"]').count()).toBe(1);

  // Back on the bank tab, the subscriber's Mfy orders: the list filtered to the number, any day.
  await page.getByTestId('tab-/app/bank-lookup').click();
  await links.click();
  await page.getByTestId('mesbank-link-mfy').click();
  await page.getByTestId('list-mfy').waitFor();
  expect(await input(page, 'mfy-filter-phone').inputValue()).toBe(phone.slice(-9));

  // The export: the request's fields under Vietnamese headers, values as the refund screen words them.
  await page.getByTestId('tab-/app/bank-lookup').click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.getByTestId('mesbank-export').click()]);
  const file = join(dir, `export-${tag}.xlsx`);
  await download.saveAs(file);
  const cells = XLSX.utils.sheet_to_json<unknown[]>(XLSX.readFile(file).Sheets['Sheet 1'], { header: 1, raw: true });
  const [header, ...rows] = cells;
  const row = rows.find((r) => String(r[header.indexOf('Nội dung')]).includes(`LK${tag}`))!;
  const cell = (h: string) => row[header.indexOf(h)];
  expect(cell('Loại yêu cầu hoàn tiền')).toBe('Nạp tiền');
  expect(cell('Số tiền hoàn / nạp')).toBe(120000);
  expect(cell('Số tiền chuyển sau chiết khấu')).toBe(108000);
  expect(cell('Tỉ lệ chiết khấu (%)')).toBe(10);
  expect(header.filter((h) => isFieldNameHeader(h))).toEqual([]);
  expect(row.filter((v) => isRawValue(v))).toEqual([]);
  await ctx.close();
}, 180000);
