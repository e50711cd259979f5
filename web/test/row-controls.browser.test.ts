/**
 * Controls on a row, in real Chromium, through the real gateway and services (auth, refunds,
 * payroll, care, orders) on real PostgreSQL/Redis/Kafka:
 * - a manager deletes a refund request marked for clawback after 'Xác nhận xoá bản ghi'; the
 *   report's clawback list and the payroll sheet (through cskh.refunds.changed) no longer count it;
 *   a salesperson gets no 'Xoá' and the server refuses them; a collected clawback refuses deletion.
 * - a salesperson marks an invite-next-day record 'Đã mời' from its row and back to 'Chưa mời'.
 * - a manager sets an mfy order's information approval from its column; the salesperson sees
 *   it read-only and the server refuses their change.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import { callApi, launchChromium, logIn, pickOption, toast, staffMaker } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, readUntil } from '../../scripts/testing';
import { PRICE_FIELDS } from '../../services/refunds/src/domain/prices';

const ADMIN_PASSWORD = 'Admin@123';
const PASSWORD = 'Matkhau@1';
let stack: Stack;
let browser: Browser;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) => callApi<T>(stack.url, path, token, body, method);

/** The status and envelope of a call expected to be refused. */
async function refused(path: string, token: string, body: unknown, method: string) {
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { msg?: string } };
}

async function confirmWith(page: Page, text: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await page.getByTestId('confirm-ok').click();
}

let tag: string;
let admin: string;
let seller: string;
let boss: string;
let sellerToken: string;
let bossToken: string;
let branchToken: string;

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  stack = await startStack({
    env: isolatedStackEnv('web_rowctl', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }),
    only: ['auth', 'refunds', 'payroll', 'care', 'orders'],
  });
  browser = await launchChromium();
  tag = randomBytes(3).toString('hex');
  admin = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
  const user = await staffMaker(stack.url, admin, PASSWORD);
  const branch = await user(`cn${tag}`, 'Chi Nhánh Một', 3);
  seller = `nv${tag}`;
  await user(seller, 'Lê Bán Hàng', 5, branch.id);
  boss = `ql${tag}`;
  await user(boss, 'Trần Quản Lý', 2);
  const token = async (u: string) =>
    (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: u, password: PASSWORD })).access_token;
  sellerToken = await token(seller);
  bossToken = await token(boss);
  branchToken = await token(`cn${tag}`);
}, 240000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('12: a manager deletes a refund request after "Xác nhận xoá bản ghi"; its clawback leaves the report and the payroll sheet', async () => {
  const pkg = `XO${tag}`.toUpperCase();
  const prices = Object.fromEntries(PRICE_FIELDS.map((k) => [k, 10000]));
  await api('/api/v1/giahoantien', admin, { ten_goi_cuoc: pkg, ...prices, gia_gia_han: 50000 });
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const create = (ms: number) =>
    api<{ values: Array<{ id: string }> }>('/api/v1/requestrefund/createHoanTienGoiCuoc', sellerToken, {
      millisecond_created_at: ms,
      number_phone: phone,
      number_type: 1,
      package_code: pkg,
      request_type: 1,
      request_method: 1,
      other_refund: 0,
      other_reason: '',
      cho_len_don: 0,
    });
  const id = (await create(Date.now())).values[0].id;
  const kept = (await create(Date.now() + 1)).values[0].id;
  await api(
    `/api/v1/requestrefundreport/setTrangThaiTruyThuHoanTheoGoi/${id}`,
    bossToken,
    { trang_thai_truy_thu_hoan_theo_goi: 'truy_thu' },
    'PUT',
  );
  await api(
    `/api/v1/requestrefundreport/setTrangThaiTruyThuHoanTheoGoi/${kept}`,
    bossToken,
    { trang_thai_truy_thu_hoan_theo_goi: 'da_truy_thu' },
    'PUT',
  );

  const now = new Date(Date.now() + 7 * 3600 * 1000);
  const month = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
  const sheet = () =>
    api<{ values: Array<{ username: string; truyThuSauChietKhau: number; dang_tinh_toan?: boolean }> }>(
      `/api/v1/tinhluong?startDate=${encodeURIComponent(month)}&username=${seller}&page=1&count=20`,
      bossToken,
    );
  const clawbackOf = (s: Awaited<ReturnType<typeof sheet>>) => s.values.find((r) => r.username === seller);
  await readUntil(
    'payroll counts the clawback',
    sheet,
    (s) => Number(clawbackOf(s)?.truyThuSauChietKhau) === 50000 && !clawbackOf(s)?.dang_tinh_toan,
  );
  const list = () =>
    api<{ values: Array<{ staff_username: string; tong_truy_thu: number }> }>(
      `/api/v1/requestrefundreport/xuatdstruythu?username=${seller}`,
      bossToken,
    );
  expect((await list()).values.find((r) => r.staff_username === seller)?.tong_truy_thu).toBe(50000);

  // The server: a salesperson and a branch (priority 3) may not delete; a collected clawback refuses.
  expect((await refused(`/api/v1/requestrefund/${id}`, sellerToken, {}, 'DELETE')).status).toBe(403);
  expect((await refused(`/api/v1/requestrefundreport/${id}`, branchToken, {}, 'DELETE')).status).toBe(403);
  const collected = await refused(`/api/v1/requestrefund/${kept}`, bossToken, {}, 'DELETE');
  expect(collected.status).toBe(422);
  expect(collected.json.msg).toContain('Yêu cầu đã truy thu, không thể xoá');

  // The salesperson's screen offers no 'Xoá'.
  const sp = await (await browser.newContext()).newPage();
  await logIn(sp, stack.url, seller, PASSWORD);
  await sp.getByTestId('menu-/app/requestrefund').click();
  await sp.getByTestId(`requestrefund-row-${id}`).waitFor();
  expect(await sp.getByTestId(`requestrefund-delete-${id}`).count()).toBe(0);
  await sp.close();

  // The manager deletes it from the row, after the spec's prompt.
  const page = await (await browser.newContext()).newPage();
  await logIn(page, stack.url, boss, PASSWORD);
  await page.getByTestId('menu-/app/requestrefund').click();
  await page.getByTestId(`requestrefund-row-${id}`).waitFor();
  expect(await page.getByTestId(`requestrefund-delete-${kept}`).count()).toBe(0);
  await page.getByTestId(`requestrefund-delete-${id}`).click();
  await confirmWith(page, 'Xác nhận xoá bản ghi');
  await toast(page, 'Xoá bản ghi thành công');
  await page.getByTestId(`requestrefund-row-${id}`).waitFor({ state: 'detached' });
  await page.getByTestId(`requestrefund-row-${kept}`).waitFor();
  await page.close();

  // Its clawback is undone: the report's list and, through the event, the payroll sheet.
  expect((await list()).values.find((r) => r.staff_username === seller)).toBeUndefined();
  await readUntil(
    'payroll drops the clawback',
    sheet,
    (s) => Number(clawbackOf(s)?.truyThuSauChietKhau) === 0 && !clawbackOf(s)?.dang_tinh_toan,
  );
  expect((await refused(`/api/v1/requestrefund/${id}`, bossToken, {}, 'GET')).status).toBe(404);
}, 240000);

it('13: a salesperson marks an invite-next-day record invited from its row, and back', async () => {
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`.replace(/[09]$/, '1');
  const rec = await api<{ id: string; status: number }>('/api/v1/moigoihomsau', sellerToken, { phone, package: 'MXH120' });
  expect(rec.status).not.toBe(1);
  const page = await (await browser.newContext()).newPage();
  await logIn(page, stack.url, seller, PASSWORD);
  await page.goto(`${stack.url}/app/moigoihomsau`);
  const row = page.getByTestId(`moigoihomsau-row-${rec.id}`);
  await row.waitFor();
  expect(await row.textContent()).toContain('Chưa mời');
  await page.getByTestId(`moigoihomsau-status-${rec.id}`).click();
  await confirmWith(page, "Xác nhận đổi trạng thái thành 'Đã mời'?");
  await toast(page, "Đã đánh dấu 'Đã mời'");
  await readUntil(
    'the row shows it invited',
    async () => (await row.textContent()) ?? '',
    (t) => t.includes('Đã mời'),
    15000,
  );
  expect((await api<{ status: number }>(`/api/v1/moigoihomsau/${rec.id}`, sellerToken)).status).toBe(1);
  await page.getByTestId(`moigoihomsau-status-${rec.id}`).click();
  await confirmWith(page, "Xác nhận đổi trạng thái thành 'Chưa mời'?");
  await toast(page, "Đã chuyển về 'Chưa mời'");
  await readUntil(
    'the row shows it not invited',
    async () => (await row.textContent()) ?? '',
    (t) => t.includes('Chưa mời'),
    15000,
  );
  expect((await api<{ status: number }>(`/api/v1/moigoihomsau/${rec.id}`, sellerToken)).status).toBe(0);
  await page.close();
}, 180000);

it("15: a manager sets an mfy order's information approval from its column; the salesperson sees it read-only", async () => {
  const pkg = `MF${tag}`.toUpperCase();
  await api('/api/v1/giagoimfy', admin, { ten_goi_cuoc: pkg, phi_thu_hoi: '0', gia_t1: '100000', gia_t2: '90000', gia_t3: '80000' });
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const order = await api<{ id: string; trang_thai_duyet_thong_tin: string }>('/api/v1/mfy', sellerToken, {
    so_dien_thoai: phone,
    ma_goi: pkg,
    gia_ban_goi: 1,
  });
  expect(order.trang_thai_duyet_thong_tin).toBe('dang_cho_duyet');
  expect(
    (await refused(`/api/v1/mfy/setTrangThaiDuyetThongTin/${order.id}`, sellerToken, { trang_thai_duyet_thong_tin: 'da_duyet' }, 'PUT'))
      .status,
  ).toBe(403);

  const page = await (await browser.newContext()).newPage();
  await logIn(page, stack.url, boss, PASSWORD);
  await page.getByTestId('menu-/app/mfy').click();
  await page.getByTestId(`mfy-row-${order.id}`).waitFor();
  await page.getByTestId(`mfy-edit-trang_thai_duyet_thong_tin-${order.id}`).click();
  await pickOption(page.getByRole('option', { name: 'Đã duyệt', exact: true }));
  await confirmWith(page, "Xác nhận đổi trạng thái duyệt thông tin thành 'Đã duyệt'?");
  await toast(page, 'Cập nhật thành công');
  const after = await readUntil(
    'approved',
    () =>
      api<{ trang_thai_duyet_thong_tin: string; username_duyet_trang_thai_duyet_thong_tin: string }>(`/api/v1/mfy/${order.id}`, bossToken),
    (o) => o.trang_thai_duyet_thong_tin === 'da_duyet',
    15000,
  );
  expect(after.username_duyet_trang_thai_duyet_thong_tin).toBe(boss);
  await page.close();

  const sp = await (await browser.newContext()).newPage();
  await logIn(sp, stack.url, seller, PASSWORD);
  await sp.getByTestId('menu-/app/mfy').click();
  const chip = sp.getByTestId(`mfy-info-approval-${order.id}`);
  await chip.waitFor();
  expect(await chip.getAttribute('data-status')).toBe('da_duyet');
  expect(await chip.textContent()).toBe('Đã duyệt');
  expect(await sp.getByTestId(`mfy-edit-trang_thai_duyet_thong_tin-${order.id}`).count()).toBe(0);
  await sp.close();
}, 180000);
