/**
 * On the Mfy screen in real Chromium, through the real gateway, the
 * orders and care services and the carrier simulator: a manager keeps the partner-company list
 * ('Công ty đối tác') and picks an order's company from it; changes an order's package by choosing
 * from the price list (no free text); uploads an mfy sheet whose rows have no staff and hands them
 * out with 'Chia đơn'; and 'Mời tự động' answers in Vietnamese words, never a raw partner code.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import * as XLSX from 'xlsx';
import { Browser } from 'playwright-core';
import { callApi, chooseOption, input, launchChromium, logIn, pickOption, snapshotWebDist, toast } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, readUntil } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let env: NodeJS.ProcessEnv;

const api = <T>(path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body);

async function sql<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new PgClient({ connectionString: env.DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** A private copy of web/dist (others may rebuild it while this runs; see care.browser.test.ts). */

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  const webDist = await snapshotWebDist(join(mkdtempSync(join(tmpdir(), 'orders-assign-dist-')), 'web-dist'));
  env = isolatedStackEnv('web_orders_assign', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, WEB_DIST: webDist });
  stack = await startStack({ env, only: ['auth', 'orders', 'care'] });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('a manager keeps the company list, picks an order’s company and package from lists, uploads orders without staff and hands them out, and reads the invite result in words', async () => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const dir = mkdtempSync(join(tmpdir(), 'orders-assign-'));
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const pkgA = `MA${tag}`;
  const pkgB = `MB${tag}`;
  for (const p of [pkgA, pkgB])
    await api('/api/v1/giagoimfy', admin.access_token, {
      ten_goi_cuoc: p,
      phi_thu_hoi: '0',
      gia_t1: '100000',
      gia_t2: '90000',
      gia_t3: '80000',
    });
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('/api/v1/role?page=1&count=100', admin.access_token);
  const ZERO = '00000000-0000-0000-0000-000000000000';
  const branch = await api<{ id: string }>('/api/v1/users', admin.access_token, {
    fullname: 'Chi Nhánh Ba',
    username: `cnb${tag.toLowerCase()}`,
    password: 'Matkhau@1',
    email: `cnb${tag.toLowerCase()}@cskh.vn`,
    phone: '',
    brand: ZERO,
    group: ZERO,
    role: roles.values.find((r) => r.priority === 3)!.id,
  });
  const seller = `nvc${tag.toLowerCase()}`;
  await api('/api/v1/users', admin.access_token, {
    fullname: 'Trần Chia Đơn',
    username: seller,
    password: 'Matkhau@1',
    email: `${seller}@cskh.vn`,
    phone: '',
    brand: branch.id,
    group: ZERO,
    role: roles.values.find((r) => r.priority === 5)!.id,
  });
  // An order of the salesperson (phone ending 1: the simulator registers it).
  const phone = `091${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}1`;
  // The staff read model learns the salesperson from auth's event: refused until it has.
  const order = await readUntil(
    'an order of the new salesperson',
    () =>
      api<{ id: string }>('/api/v1/mfy', admin.access_token, {
        so_dien_thoai: phone,
        ma_goi: pkgA,
        gia_ban_goi: '1',
        username_nv: seller,
      }),
    () => true,
    60_000,
    200,
  );
  expect(order.id).toBeTruthy();

  const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh', acceptDownloads: true });
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/app/mfy').click();
  await page.getByTestId(`mfy-row-${order.id}`).waitFor();

  // 'Công ty đối tác': add a company; the same name again is refused in words.
  const company = `Đối tác ${tag}`;
  await page.getByTestId('mfy-companies').click();
  await page.getByTestId('mfy-companies-dialog').waitFor();
  await input(page, 'mfy-company-name').fill(company);
  await page.getByTestId('mfy-company-add').click();
  await toast(page, `Đã thêm công ty ${company}`);
  await page.getByTestId(`mfy-company-${company}`).waitFor();
  await input(page, 'mfy-company-name').fill(company.toUpperCase());
  await page.getByTestId('mfy-company-add').click();
  await toast(page, `Công ty ${company.toUpperCase()} đã có trong danh sách`);
  await page.getByTestId('mfy-companies-dialog').getByRole('button', { name: 'Đóng', exact: true }).click();

  // The order's company is chosen from that list (a select, not a text box).
  await page.getByTestId(`mfy-note-${order.id}`).click();
  await page.getByTestId('mfy-note-dialog').waitFor();
  expect(await page.locator('input[data-testid="mfy-note-cty"]').count()).toBe(0);
  await chooseOption(page, 'mfy-note-cty', company);
  await page.getByTestId('mfy-note-submit').click();
  await toast(page, 'Cập nhật thành công');
  expect((await sql(`SELECT cty FROM orders.sale_order WHERE id = $1`, [order.id]))[0].cty).toBe(company);

  // The package cell offers the price list's packages; choosing one asks for confirmation.
  await page.getByTestId(`mfy-edit-ma_goi-${order.id}`).click();
  const options = await page.getByRole('option').allTextContents();
  expect(options).toEqual(expect.arrayContaining([pkgA, pkgB]));
  await pickOption(page.getByRole('option', { name: pkgB, exact: true }));
  await page.getByTestId('confirm-dialog').waitFor();
  expect(await page.getByTestId('confirm-dialog').textContent()).toContain(`Xác nhận đổi gói cước thành ${pkgB}?`);
  // The company's 'Cập nhật thành công' may still be up: wait for this change's own answer.
  const saved = page.waitForResponse((r) => r.url().includes('/updatePackageCode'));
  await page.getByTestId('confirm-ok').click();
  expect((await saved).ok()).toBe(true);
  await toast(page, 'Cập nhật thành công');
  expect((await sql(`SELECT ma_goi FROM orders.sale_order WHERE id = $1`, [order.id]))[0].ma_goi).toBe(pkgB);

  // 'Mời tự động': the toast names the channel and the result in words, no raw code.
  await page.getByTestId(`mfy-invite-${order.id}`).click();
  await page.getByTestId('confirm-ok').click();
  const inviteToast = page.getByTestId('toast').filter({ hasText: "Thông báo từ 'Đăng ký trực tiếp'" }).first();
  await inviteToast.waitFor({ timeout: 20000 });
  const said = (await inviteToast.textContent()) ?? '';
  expect(said).toContain('(Đăng ký thành công)');
  expect(said).not.toMatch(/SUCCESS|FAIL|'dk'|REGISTER/);

  // The mfy upload: two rows without staff join the pool; 'Chia đơn' hands them to the salesperson.
  const sheet = join(dir, `mfy-${tag}.xlsx`);
  const wb = XLSX.utils.book_new();
  const p1 = `092${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const p2 = `093${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['Công ty', 'Số thuê bao', 'Mã gói', 'Nhân viên', 'Doanh thu', 'Loại giá', 'Ngày tạo', 'Ghi chú'],
      [company, p1, pkgA, '', '', 'T1', '05/03/2026', ''],
      ['', p2, pkgB, '', '', 'T2', '06/03/2026', ''],
    ]),
    'Sheet1',
  );
  XLSX.writeFile(wb, sheet);
  await page.getByTestId('mfy-import-file').setInputFiles(sheet);
  await toast(page, `Tải file thành công: mfy-${tag}.xlsx (2 bản ghi)`);
  expect(await sql(`SELECT username_nv FROM orders.sale_order WHERE kind = 'mfy' AND so_dien_thoai IN ($1, $2)`, [p1, p2])).toEqual([
    { username_nv: '' },
    { username_nv: '' },
  ]);

  await page.getByTestId('mfy-assign').click();
  await page.getByTestId('mfy-assign-total').filter({ hasText: 'Số đơn chưa chia: 2' }).waitFor();
  const picker = input(page, 'mfy-assign-staff-0');
  await picker.click();
  await picker.fill(seller);
  await page.getByTestId(`mfy-assign-staff-0-option-${seller}`).click();
  await input(page, 'mfy-assign-count-0').fill('2');
  await page.getByTestId('mfy-assign-submit').click();
  await toast(page, `Phân chia dữ liệu thành công. Đã chia 2 đơn (${seller}: 2).`);
  expect(
    await sql(`SELECT DISTINCT username_nv, ten_nv FROM orders.sale_order WHERE kind = 'mfy' AND so_dien_thoai IN ($1, $2)`, [p1, p2]),
  ).toEqual([{ username_nv: seller, ten_nv: 'Trần Chia Đơn' }]);
  await page.close();

  // The salesperson sees neither the company list nor 'Chia đơn' (the server refuses them too).
  const sales = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await logIn(sales, stack.url, seller, 'Matkhau@1');
  await sales.getByTestId('menu-/app/mfy').click();
  await sales.getByTestId('list-mfy').waitFor();
  expect(await sales.getByTestId('mfy-companies').count()).toBe(0);
  expect(await sales.getByTestId('mfy-assign').count()).toBe(0);
  await sales.close();
}, 240000);
