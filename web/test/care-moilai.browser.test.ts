/**
 * On the care screens in real Chromium, through the real gateway and the
 * care service: a manager adds one customer by hand on 'Tải lên khách hàng' (and a repeated number is refused
 * in words); the salesperson it is handed to sees the customer they gave an appointment in
 * 'Khách hàng mới', presses 'Mời lại' and gets the customer back as the open case; the invite
 * history offers 10, 20 and 50 rows a page and asks for 10 first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Browser } from 'playwright-core';
import { callApi, input, launchChromium, logIn, snapshotWebDist, toast } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, readUntil } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
const ZERO = '00000000-0000-0000-0000-000000000000';
let stack: Stack;
let browser: Browser;
let dir: string;

const api = <T>(path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body);

/** A private copy of web/dist (others may rebuild it while this runs; see care.browser.test.ts). */

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'care-moilai-'));
  const webDist = await snapshotWebDist(join(dir, 'web-dist'));
  stack = await startStack({
    env: isolatedStackEnv('web_care_moilai', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, WEB_DIST: webDist }),
    only: ['auth', 'care'],
  });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("a customer added by hand, handed out, given an appointment, then 'Mời lại' makes it the open case again; the invite history pages by 10", async () => {
  const tag = randomBytes(3).toString('hex');
  const phone = `09${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}5`;
  const listName = `tay-${tag}`;
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('/api/v1/role?page=1&count=100', admin.access_token);
  const roleOf = (priority: number) => roles.values.find((r) => r.priority === priority)!.id;
  const branch = await api<{ id: string }>('/api/v1/users', admin.access_token, {
    fullname: 'Chi Nhánh Mời',
    username: `cnm${tag}`,
    password: 'Matkhau@1',
    email: `cnm${tag}@cskh.vn`,
    phone: '',
    brand: ZERO,
    group: ZERO,
    role: roleOf(3),
  });
  const seller = `nvm${tag}`;
  await api('/api/v1/users', admin.access_token, {
    fullname: 'Đỗ Mời Lại',
    username: seller,
    password: 'Matkhau@1',
    email: `${seller}@cskh.vn`,
    phone: '',
    brand: branch.id,
    group: ZERO,
    role: roleOf(5),
  });

  // The manager adds one customer on 'Tải lên khách hàng'; the same number again is refused in words.
  const boss = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await logIn(boss, stack.url, 'admin', ADMIN_PASSWORD);
  await boss.goto(stack.url + '/sys/upload');
  await boss.getByTestId('uploads-add-customer').click();
  await boss.getByTestId('customer-add-dialog').waitFor();
  await input(boss, 'customer-add-file_name').fill(listName);
  await input(boss, 'customer-add-phone').fill(phone);
  await input(boss, 'customer-add-package').fill('V90');
  await boss.getByTestId('customer-add-submit').click();
  await toast(boss, 'Đã thêm khách hàng vào danh sách');
  await boss.getByText(listName, { exact: true }).first().waitFor();
  const uploads = await api<{ values: Array<{ id: string; filename: string; totalCustomers: number }> }>(
    '/api/v1/upload?page=1&count=50',
    admin.access_token,
  );
  const upload = uploads.values.find((u) => u.filename === listName)!;
  expect(Number(upload.totalCustomers)).toBe(1);
  // From the list's own row: the same number again.
  await boss.getByTestId(`uploads-add-${upload.id}`).click();
  await boss.getByTestId('customer-add-dialog').waitFor();
  expect(await input(boss, 'customer-add-file_name').inputValue()).toBe(listName);
  await input(boss, 'customer-add-phone').fill(phone);
  await boss.getByTestId('customer-add-submit').click();
  await boss
    .getByTestId('customer-add-alert')
    .filter({ hasText: `Số ${phone} đã có trong danh sách này` })
    .waitFor();
  await boss.close();

  // Handed to the salesperson (the staff read model learns them from auth's event meanwhile: refused until then).
  await readUntil(
    'hand the customer to the salesperson',
    () => api(`/api/v1/customer/assign?upload_id=${upload.id}`, admin.access_token, [{ username: seller, count: 1 }]),
    () => true,
    60_000,
    200,
  );
  // The salesperson took the customer and gave an appointment (as the dialog would).
  const me = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: seller, password: 'Matkhau@1' });
  const taken = await api<{ value: { customer: { id: string } } }>('/api/v1/customer/new-care', me.access_token);
  const id = taken.value.customer.id;
  await api(`/api/v1/customer/${id}/care`, me.access_token, {
    status: 'APPOINTMENT',
    package: 'V90',
    appointmentAt: '27/11/2030 10:30',
    note: 'Gọi lại sau',
  });

  const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await logIn(page, stack.url, seller, 'Matkhau@1');
  await page.getByTestId('menu-/app/customer-care').click();
  await page.getByTestId(`appointments-row-${id}`).waitFor();
  // The server's answer about the open case is in ('Còn …' shows): no case is open.
  await page.getByTestId('care-left').waitFor();
  expect(await page.getByTestId('care-current').count()).toBe(0);
  await page.getByTestId(`appointments-moilai-${id}`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Xác nhận mời lại khách hàng');
  await page.getByTestId('confirm-ok').click();
  await toast(page, 'Đã mở lại ca chăm sóc');
  await page.getByTestId('care-current').waitFor();
  expect(await page.getByTestId('care-current-phone').textContent()).toContain(phone.slice(-9));
  expect(await page.getByTestId('care-new').isDisabled()).toBe(true);
  // It left the appointment list, and a reload still shows it (the server holds the case).
  await page.getByTestId(`appointments-row-${id}`).waitFor({ state: 'detached' });
  await page.reload();
  // This browser's copy shows the case at once; the server's answer is in once 'Còn …' shows.
  await page.getByTestId('care-left').waitFor();
  await page.getByTestId('care-current-phone').waitFor();
  expect(await page.getByTestId('care-current-phone').textContent()).toContain(phone.slice(-9));
  await page.close();

  // The invite history: 10 rows a page first, 10/20/50 offered.
  const inv = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await logIn(inv, stack.url, 'admin', ADMIN_PASSWORD);
  const first = inv.waitForRequest((r) => r.url().includes('/api/v1/vas/mobifone/invite?'));
  await inv.getByTestId('menu-/app/invite').click();
  expect(new URL((await first).url()).searchParams.get('count')).toBe('10');
  await inv.locator('.MuiTablePagination-select').first().click();
  expect(await inv.getByRole('option').allTextContents()).toEqual(['10', '20', '50']);
  await inv.close();
}, 240000);

it("'Tải lên khách hàng' is in the admin menu: its search box finds a list, the edit icon renames it, and 'Phân chia dữ liệu' opens the division", async () => {
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const tag = randomBytes(3).toString('hex');
  for (const [file, phone] of [
    [`Hết hạn ${tag}`, '0912000111'],
    [`Khác ${tag}`, '0912000112'],
  ])
    await api('/api/v1/customer', admin.access_token, { file_name: file, phone, package: 'V90' });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Ho_Chi_Minh' });
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/sys/upload').click();
  await page.getByText(`Khác ${tag}`, { exact: true }).waitFor();
  await input(page, 'uploads-filter-message').fill(`hết hạn ${tag}`);
  await page.getByTestId('uploads-search').click();
  await page.getByText(`Khác ${tag}`, { exact: true }).waitFor({ state: 'detached' });
  await page.getByText(`Hết hạn ${tag}`, { exact: true }).waitFor();
  const uploads = await api<{ values: Array<{ id: string; filename: string }> }>(
    `/api/v1/upload?page=1&count=50&message=${encodeURIComponent(tag)}`,
    admin.access_token,
  );
  const id = uploads.values.find((u) => u.filename === `Hết hạn ${tag}`)!.id;
  await page.getByTestId(`uploads-rename-${id}`).click();
  await page.getByTestId('upload-rename-dialog').waitFor();
  expect(await input(page, 'upload-rename-file_name').inputValue()).toBe(`Hết hạn ${tag}`);
  await input(page, 'upload-rename-file_name').fill(`Tháng 11 ${tag}`);
  await page.getByTestId('upload-rename-submit').click();
  await toast(page, 'Đổi tên danh sách thành công');
  // The list still searched for the old name: it is gone from it; searched by the new name, there.
  await input(page, 'uploads-filter-message').fill(`Tháng 11 ${tag}`);
  await page.getByTestId('uploads-search').click();
  await page.getByText(`Tháng 11 ${tag}`, { exact: true }).waitFor();
  await page.getByTestId('uploads-divide').click();
  await page.getByTestId('tab-/sys/division').waitFor();
  expect(new URL(page.url()).pathname).toBe('/sys/division');
  await page.close();
}, 120000);
