/**
 * Refund amounts, deletion on the report and the hand-out, in real Chromium through the real gateway,
 * the refunds service and real PostgreSQL/Redis/Kafka:
 *  - the 'Nạp tiền chiết khấu' and 'Hoàn tiền gói cước' dialogs show what the customer transfers as
 *    the face amount is typed (10 % prepaid, 5 % postpaid: the server's rates), and fill the face
 *    amount back from a typed transfer amount; the list then shows 'Số tiền khách chuyển khoản';
 *  - a salesperson gets neither 'Tiền sau chiết khấu' nor its total, and reads 'Chênh lệch chiết
 *    khấu' coloured; a manager edits it uncoloured and copies a phone's last 9 digits ('Đã copy: …');
 *  - a manager hands the waiting request out ('Phân chia', 'Phân chia dữ liệu thành công.') and finds
 *    it under 'Được giao cho tôi';
 *  - a manager deletes a request from 'Báo cáo yêu cầu hoàn tiền' after 'Xác nhận xoá bản ghi';
 *  - the working day: 'Cài đặt' names each setting and what it does (never its key), the report names a
 *    top-up's method in words, a manager corrects a request's phone ('Sửa số thuê bao') and imports
 *    requests from Excel, the refused row reported with its sheet row and reason.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { randomBytes } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import {
  callApi,
  chooseOption,
  input,
  pickOption,
  launchChromium,
  logIn,
  showLoad,
  showSearch,
  toast,
  staffMaker,
} from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';
import { PRICE_FIELDS } from '../../services/refunds/src/domain/prices';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) => callApi<T>(stack.url, path, token, body, method);

async function confirmWith(page: Page, text: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await page.getByTestId('confirm-ok').click();
}

/** Waits until an input holds this value (the dialog computes it as the other field is typed). */
const holds = (page: Page, testId: string, value: string) =>
  page.waitForFunction(([id, v]) => (document.querySelector(`input[data-testid="${id}"]`) as HTMLInputElement | null)?.value === v, [
    testId,
    value,
  ] as const);

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  stack = await startStack({
    env: isolatedStackEnv('web_refunds_amounts', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }),
    only: ['auth', 'refunds'],
  });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('the dialogs show the transfer amount both ways; the list keeps the discounted amount from salespeople and colours their difference; managers copy phones and delete from the report', async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `CK${tag}`.toUpperCase();
  const admin = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
  const prices = Object.fromEntries(PRICE_FIELDS.map((k) => [k, 30000]));
  await api('/api/v1/giahoantien', admin, { ten_goi_cuoc: pkg, ...prices });
  await api('/api/v1/setting/ti_le_chiet_khau', admin, { value: '10' }, 'PUT');
  await api('/api/v1/setting/ti_le_chiet_khau_tra_sau', admin, { value: '5' }, 'PUT');
  const user = await staffMaker(stack.url, admin);
  const branch = await user(`cnck${tag}`, 'Chi Nhánh Chiết Khấu', 3);
  const seller = `nvck${tag}`;
  await user(seller, 'Phạm Chiết Khấu', 5, branch.id);
  const boss = `qlck${tag}`;
  await user(boss, 'Đỗ Quản Lý', 2);
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  // ── The salesperson's top-up: face → transfer as typed, the type's rate, then transfer → face.
  const page = await browser.newPage();
  await logIn(page, stack.url, seller, 'Matkhau@1');
  await page.getByTestId('menu-/app/requestrefund').click();
  await page.getByTestId('list-requestrefund').waitFor();
  await page.getByTestId('requestrefund-create-topup').click();
  await page.getByTestId('topup-form-dialog').waitFor();
  await input(page, 'topup-form-number_phone').fill(phone);
  await input(page, 'topup-form-package_code').fill(pkg);
  expect(await page.getByTestId('topup-form-dialog').textContent()).toContain('Chọn loại thuê bao để tính số tiền khách chuyển khoản');
  await chooseOption(page, 'topup-form-number_type', 'Trả trước (MC)');
  await input(page, 'topup-form-refund_price').fill('100000');
  await holds(page, 'topup-form-transfer_final_amount', '90,000');
  expect(await page.getByTestId('topup-form-dialog').textContent()).toContain('Tỉ lệ chiết khấu trả trước 10%');
  // Postpaid: the other rate, at once.
  await chooseOption(page, 'topup-form-number_type', 'Trả sau (MG)');
  await holds(page, 'topup-form-transfer_final_amount', '95,000');
  await chooseOption(page, 'topup-form-number_type', 'Trả trước (MC)');
  // Backwards: the customer will transfer 45,000 → a 50,000 top-up.
  await input(page, 'topup-form-transfer_final_amount').fill('45000');
  await holds(page, 'topup-form-refund_price', '50,000');
  await holds(page, 'topup-form-transfer_final_amount', '45,000');
  await chooseOption(page, 'topup-form-cho_len_don', 'no');
  await page.getByTestId('topup-form-submit').click();
  await page.getByTestId('topup-form-dialog').waitFor({ state: 'detached' });
  await toast(page, '[NẠP TIỀN CHIẾT KHẤU]');

  // ── The refund dialog's chained top-up shows its transfer amount too.
  await page.getByTestId('requestrefund-create-refund').click();
  await page.getByTestId('refund-form-dialog').waitFor();
  await input(page, 'refund-form-number_phone').fill(phone);
  await chooseOption(page, 'refund-form-number_type', 'Trả trước (MC)');
  await input(page, 'refund-form-package_code').fill(pkg);
  await chooseOption(page, 'refund-form-request_type', 'Hoàn trước');
  await chooseOption(page, 'refund-form-request_method', '1');
  await chooseOption(page, 'refund-form-cho_len_don', 'yes');
  await input(page, 'refund-form-nap_tien').fill('200000');
  await holds(page, 'refund-form-transfer_final_amount', '180,000');
  await page.getByTestId('refund-form-cancel').click();

  // ── The salesperson's list: what the customer transfers, no discounted amount nor its total.
  await input(page, 'requestrefund-filter-message').fill(phone.slice(-9));
  await showSearch(page, { id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: phone.slice(-9) } });
  const row = page.locator('[data-testid^="requestrefund-row-"]').filter({ hasText: 'Nạp tiền' });
  await row.waitFor();
  const id = (await row.getAttribute('data-testid'))!.replace('requestrefund-row-', '');
  expect(await row.textContent()).toContain('45,000');
  expect(await page.getByTestId('list-requestrefund').textContent()).toContain('Khách chuyển');
  expect(await page.getByTestId('requestrefund-tongTienSauChietKhau').count()).toBe(0);
  await page.getByTestId('requestrefund-columns').click();
  await page.getByTestId('requestrefund-column-chenh_lech').waitFor();
  expect(await page.getByTestId('requestrefund-column-tien_hoan_sau_chiet_khau').count()).toBe(0);
  // The masked number offers no copy.
  expect(await page.getByTestId(`requestrefund-copy-phone-${id}`).count()).toBe(0);

  // ── The manager sets a difference; the salesperson reads it coloured, read-only.
  const bossToken = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: boss, password: 'Matkhau@1' }))
    .access_token;
  await api('/api/v1/requestrefund/updateTienChenhLech', bossToken, { id, chenh_lech: -2000 });
  await page.getByTestId('requestrefund-column-chenh_lech').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('requestrefund-search').click();
  const diff = page.getByTestId(`requestrefund-chenh_lech-${id}`);
  await page.waitForFunction(
    (tid) => document.querySelector(`[data-testid="${tid}"]`)?.textContent === '-2,000',
    `requestrefund-chenh_lech-${id}`,
  );
  const colour = await diff.evaluate((el) => getComputedStyle(el).color);
  const plain = await page.getByTestId(`requestrefund-row-${id}`).evaluate((el) => getComputedStyle(el).color);
  expect(colour).not.toBe(plain);
  expect(colour).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
  const [r, g] = colour.match(/\d+/g)!.map(Number);
  expect(r).toBeGreaterThan(g); // red: a negative difference
  await page.close();

  // ── The manager: the discounted amount, an editable uncoloured difference, the phone's copy.
  const ctx = await browser.newContext();
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const mgr = await ctx.newPage();
  await logIn(mgr, stack.url, boss, 'Matkhau@1');
  await mgr.getByTestId('menu-/app/requestrefund').click();
  await mgr.getByTestId('list-requestrefund').waitFor();
  await input(mgr, 'requestrefund-filter-message').fill(phone.slice(-9));
  await showSearch(mgr, { id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: phone.slice(-9) } });
  await mgr.getByTestId(`requestrefund-row-${id}`).waitFor();
  expect(await mgr.getByTestId('requestrefund-tongTienSauChietKhau').textContent()).toContain('45,000');
  await mgr.getByTestId(`requestrefund-copy-phone-${id}`).click();
  await toast(mgr, `Đã copy: ${phone.slice(-9)}`);
  expect(await mgr.evaluate(() => navigator.clipboard.readText())).toBe(phone.slice(-9));
  await mgr.getByTestId('requestrefund-columns').click();
  await mgr.getByTestId('requestrefund-column-chenh_lech').click();
  await mgr.keyboard.press('Escape');
  await mgr.getByTestId(`requestrefund-edit-chenh_lech-${id}`).waitFor();
  expect(await mgr.getByTestId(`requestrefund-chenh_lech-${id}`).count()).toBe(0);

  // ── Hand-out: the one request waiting is handed to the manager, who finds it under 'Được giao cho tôi'.
  await mgr.getByTestId('requestrefund-assign').click();
  await mgr.getByTestId('requestrefund-assign-total').filter({ hasText: 'Còn 1 yêu cầu chưa giao' }).waitFor();
  const picker = input(mgr, 'requestrefund-assign-staff-0');
  await picker.click();
  await picker.fill(boss);
  await pickOption(mgr.getByTestId(`requestrefund-assign-staff-0-option-${boss}`));
  await input(mgr, 'requestrefund-assign-count-0').fill('1');
  await mgr.getByTestId('requestrefund-assign-submit').click();
  await toast(mgr, 'Phân chia dữ liệu thành công.');
  // The searched list already shows this one row: wait for the assigned list's own answer on screen.
  const handed = await showLoad<{ id: string }>(mgr, { id: 'requestrefund', endpoint: '/api/v1/requestrefund/assign' }, () =>
    mgr.getByTestId('requestrefund-mine').click(),
  );
  expect(handed.map((r) => r.id)).toEqual([id]);
  await mgr.getByText('Yêu cầu hoàn tiền được giao cho tôi').first().waitFor();
  await mgr.getByTestId(`requestrefund-row-${id}`).waitFor();
  expect(await mgr.locator('[data-testid^="requestrefund-row-"]').count()).toBe(1);
  await mgr.getByTestId('requestrefund-mine').click();

  // ── The report: 'Xoá' after 'Xác nhận xoá bản ghi'; the row is gone.
  await mgr.goto(stack.url + '/app/requestrefundreport');
  await mgr.getByTestId('list-requestrefundreport').waitFor();
  await input(mgr, 'requestrefundreport-filter-message').fill(phone.slice(-9));
  await showSearch(mgr, { id: 'requestrefundreport', endpoint: '/api/v1/requestrefundreport', params: { message: phone.slice(-9) } });
  await mgr.getByTestId(`requestrefundreport-row-${id}`).waitFor();
  await mgr.getByTestId(`requestrefundreport-delete-${id}`).click();
  await confirmWith(mgr, 'Xác nhận xoá bản ghi');
  await toast(mgr, 'Xoá bản ghi thành công');
  await mgr.getByTestId(`requestrefundreport-row-${id}`).waitFor({ state: 'detached' });
  const trail = await api<{ values: Array<{ field: string; username: string }> }>(
    `/api/v1/requestrefund/${id}/history?page=1&count=10`,
    bossToken,
  ).catch((e: Error) => e);
  // The request is gone (404 for its trail through the list), its deletion audited (service tests read it).
  expect(trail).toBeInstanceOf(Error);
  await ctx.close();
}, 240000);

it('the working day: settings in words, a top-up’s method in words, a phone corrected and requests imported from Excel', async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `SUA${tag}`.toUpperCase();
  const admin = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
  await api('/api/v1/giahoantien', admin, { ten_goi_cuoc: pkg, ...Object.fromEntries(PRICE_FIELDS.map((k) => [k, 40000])) });
  await api('/api/v1/setting/cong_nap_the_1', admin, { value: 'Đối tác Một' }, 'PUT');
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('/api/v1/role?page=1&count=100', admin);
  const ZERO = '00000000-0000-0000-0000-000000000000';
  const boss = `qlsua${tag}`;
  await api('/api/v1/users', admin, {
    fullname: 'Trần Sửa Số',
    username: boss,
    password: 'Matkhau@1',
    email: `${boss}@cskh.vn`,
    phone: '',
    brand: ZERO,
    group: ZERO,
    role: roles.values.find((r) => r.priority === 2)!.id,
  });
  const bossToken = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: boss, password: 'Matkhau@1' }))
    .access_token;
  const number = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [wrong, right, imported] = [number(), number(), number()];
  const created = await api<{ values: Array<{ id: string }> }>('/api/v1/requestrefund/createNapTienChietKhau', bossToken, {
    millisecond_created_at: Date.now(),
    number_phone: wrong,
    number_type: 1,
    package_code: pkg,
    refund_price: 100000,
    cho_len_don: 0,
    is_transfer: 0,
  });
  const id = created.values[0].id;

  // ── 'Cài đặt': each setting by its name and meaning, never its key.
  const page = await browser.newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.goto(stack.url + '/sys/settings');
  const settings = page.getByTestId('list-system-settings');
  await settings.getByText('Tên hiển thị của Cổng nạp thẻ 1').waitFor();
  const shown = (await settings.textContent()) ?? '';
  expect(shown).toContain('Tỉ lệ chiết khấu trả trước (%)');
  expect(shown).toContain('Phần trăm được trừ khi tính số tiền khách chuyển khoản');
  for (const key of ['ti_le_chiet_khau', 'cong_nap_the_1', 'kenh_hoan_tien', 'khong_qua_api']) expect(shown).not.toContain(key);
  await page.close();

  // ── The report: the top-up's method in words, not 'Hình thức: 0'.
  const mgr = await browser.newPage();
  await logIn(mgr, stack.url, boss, 'Matkhau@1');
  await mgr.goto(stack.url + '/app/requestrefundreport');
  await mgr.getByTestId('list-requestrefundreport').waitFor();
  await input(mgr, 'requestrefundreport-filter-message').fill(wrong.slice(-9));
  await showSearch(mgr, { id: 'requestrefundreport', endpoint: '/api/v1/requestrefundreport', params: { message: wrong.slice(-9) } });
  const reportRow = mgr.getByTestId(`requestrefundreport-row-${id}`);
  await reportRow.waitFor();
  expect(await reportRow.textContent()).toContain('Nạp tiền chiết khấu');

  // ── The list: 'Sửa số thuê bao' corrects the phone and type; the row is found under the right number.
  await mgr.goto(stack.url + '/app/requestrefund');
  await mgr.getByTestId('list-requestrefund').waitFor();
  await input(mgr, 'requestrefund-filter-message').fill(wrong.slice(-9));
  await showSearch(mgr, { id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: wrong.slice(-9) } });
  await mgr.getByTestId(`requestrefund-subscriber-${id}`).click();
  await mgr.getByTestId('subscriber-form-dialog').waitFor();
  await input(mgr, 'subscriber-form-number_phone').fill(right);
  await chooseOption(mgr, 'subscriber-form-number_type', 'Trả sau (MG)');
  await mgr.getByTestId('subscriber-form-submit').click();
  await toast(mgr, 'Đã sửa số thuê bao');
  await input(mgr, 'requestrefund-filter-message').fill(right.slice(-9));
  await showSearch(mgr, { id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: right.slice(-9) } });
  await mgr.getByTestId(`requestrefund-row-${id}`).waitFor();

  // ── 'Nhập Excel': the good row becomes a request, the refused one comes back with its row and reason.
  const dir = mkdtempSync(join(tmpdir(), 'refunds-import-'));
  try {
    const fileName = `yeu-cau-${tag}.xlsx`;
    const wb = XLSX.utils.book_new();
    const sheet = [
      [
        'Nhân viên',
        'Số điện thoại',
        'Loại thuê bao (MC/MG)',
        'Gói cước',
        'Yêu cầu',
        'Hình thức',
        'Số tiền nạp',
        'Hoàn thêm',
        'Lý do hoàn thêm',
      ],
      ['', imported, 'MC', pkg, 'Hoàn trước', 'Gia hạn', '', 5000, 'Khách báo lỗi'],
      ['', imported, 'MC', 'KHONGCO', 'Hoàn sau', 'G1', '', '', ''],
    ];
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheet), 'Sheet1');
    XLSX.writeFile(wb, join(dir, fileName));
    await mgr.getByTestId('requestrefund-import-file').setInputFiles(join(dir, fileName));
    await toast(mgr, `${fileName}: đã lưu 1 bản ghi`);
    const errors = mgr.getByTestId('requestrefund-import-errors');
    await errors.waitFor();
    const refused = errors.getByTestId('requestrefund-import-error-row');
    expect(await refused.count()).toBe(1);
    expect(await refused.first().getAttribute('data-row')).toBe('3');
    expect(await refused.first().textContent()).toContain('Không tìm thấy giá hoàn tiền của gói cước KHONGCO');
    await mgr.getByTestId('requestrefund-import-errors-close').click();
    await input(mgr, 'requestrefund-filter-message').fill(imported.slice(-9));
    await showSearch(mgr, { id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: imported.slice(-9) } });
    const row = mgr.locator('[data-testid^="requestrefund-row-"]').filter({ hasText: 'Hoàn trước' });
    await row.waitFor();
    expect(await row.textContent()).toContain('40,000');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await mgr.close();
}, 240000);
