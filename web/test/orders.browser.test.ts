/**
 * The mfy order list end to end in real Chromium, through the real gateway, the orders service,
 * the realtime tier and real PostgreSQL/Redis/Kafka: a salesperson creates an order and sees the
 * countdown of the server's 10-minute deadline; the 10 minutes pass (the order's deadline is moved
 * into the past in the database — the stack runs on the system clock, the service tests move an
 * injected clock); the server cancels the
 * order and pushes the change, so the salesperson's open list shows huy_qua_han without a reload;
 * then a manager changes the status after the confirm dialog and sees both changes in the audit
 * trail (the server's as __AUTO, their own). Then a manager keeps the 9279 price list (create with
 * the dialog, an Excel import where the last row of a name wins, the name search on Enter, the
 * Gia-goi-dangky9279.xlsx export), creates a 9279 order, changes its status after the confirm
 * dialog, and exports Bao-cao-dang-ky-9279.xlsx with spec 3 §9's columns in order. Last, the
 * reminders: they write the phone as the list does, and close in every open browser of their
 * recipients the moment their order moves on (and stay closed on a new connection); after 'Duyệt'
 * the manager and the salesperson read the request status by one name.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { Browser, Page, WebSocketRoute } from 'playwright-core';
import { callApi, chooseOption, input, launchChromium, logIn, nextFrames, pickOption, showLoad, showSearch } from './browser-session';
import * as XLSX from 'xlsx';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let env: NodeJS.ProcessEnv;

const api = <T>(path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body);

const login = (page: Page, username: string, password: string) => logIn(page, stack.url, username, password);

const ZERO = '00000000-0000-0000-0000-000000000000';
const tokenOf = async (username: string, password: string) =>
  (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username, password })).access_token;
let phoneSeq = Math.floor(Math.random() * 90_000);
/** A new mobile number; no two of one run share their last 5 digits (what a salesperson's mask shows). */
const newPhone = () => `09${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${String(phoneSeq++ % 100_000).padStart(5, '0')}`;
/** A user made by the admin (password 'Matkhau@1'); a salesperson's `brand` is their branch's id. */
async function newUser(admin: string, username: string, fullname: string, priority: number, brand = ZERO) {
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('/api/v1/role?page=1&count=100', admin);
  const role = roles.values.find((r) => r.priority === priority)!.id;
  const body = { fullname, username, password: 'Matkhau@1', email: `${username}@cskh.vn`, phone: '', brand, group: ZERO, role };
  return api<{ id: string }>('/api/v1/users', admin, body);
}

async function sql<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new PgClient({ connectionString: env.DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  env = isolatedStackEnv('web_orders', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD });
  // Only what this screen needs (auth for logins and staff, orders); the realtime tier and carrier simulator come with the stack.
  stack = await startStack({ env, only: ['auth', 'orders'] });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('a salesperson sees the countdown, the server cancels at the deadline and the list shows it at once; a manager changes the status after confirming and sees the trail', async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `MXH${tag}`.toUpperCase();
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  await api('/api/v1/giagoimfy', admin.access_token, {
    ten_goi_cuoc: pkg,
    phi_thu_hoi: '0',
    gia_t1: '100000',
    gia_t2: '90000',
    gia_t3: '80000',
  });
  // A salesperson sits under a branch (priority 3 account).
  const seller = `nvkd${tag}`;
  await newUser(admin.access_token, seller, 'Phạm Bán Hàng', 5, (await newUser(admin.access_token, `cn${tag}`, 'Chi Nhánh Một', 3)).id);

  // The salesperson creates an order (no employee field at priority 5) and sees its countdown.
  // Staff work on Vietnam's clock: the list's default day ('today') is the browser's.
  const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await login(page, seller, 'Matkhau@1');
  await page.getByTestId('menu-/app/mfy').click();
  await page.getByTestId('list-mfy').waitFor();
  await page.getByTestId('mfy-create').click();
  await page.getByTestId('mfy-form-dialog').waitFor();
  expect(await page.getByTestId('mfy-form-username_nv').count()).toBe(0);
  await page.getByTestId('mfy-form-submit').click();
  expect(await page.getByTestId('mfy-form-alert').textContent()).toContain('[Lỗi] Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
  const phone = newPhone();
  await input(page, 'mfy-form-so_dien_thoai').fill(phone);
  await chooseOption(page, 'mfy-form-ma_goi', pkg);
  await page.getByTestId('mfy-form-gia_ban_goi').click();
  const t1 = page.getByTestId('mfy-form-gia_ban_goi-option-T1');
  expect(await t1.textContent()).toContain('100,000');
  await pickOption(t1);
  await page.getByTestId('mfy-form-submit').click();
  await page.getByTestId('toast').filter({ hasText: 'Tạo đơn thành công' }).first().waitFor();

  const [order] = await sql<{ id: string }>(`SELECT id FROM orders.sale_order WHERE so_dien_thoai = $1`, [phone]);
  const row = page.getByTestId(`mfy-row-${order.id}`);
  await row.waitFor();
  expect(await row.textContent()).toContain(`****${phone.slice(-5)}`);
  const countdown = page.getByTestId(`mfy-countdown-${order.id}`);
  await countdown.waitFor();
  const left = Number(await countdown.getAttribute('data-seconds'));
  expect(left).toBeGreaterThan(570);
  expect(left).toBeLessThanOrEqual(600);
  expect(await page.getByTestId(`mfy-status-${order.id}`).getAttribute('data-status')).toBe('dang_cho_duyet');

  // The 10 minutes pass: the order's deadline moves 10 minutes into the past (its creation day
  // stays, so that the list's default filter of today still shows it around midnight).
  await sql(`UPDATE orders.sale_order SET cancel_due_at = cancel_due_at - interval '10 minutes' WHERE id = $1`, [order.id]);
  // No reload: the server cancels it and pushes the change to the open list.
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="mfy-status-${id}"]`)?.getAttribute('data-status') === 'huy_qua_han',
    order.id,
    { timeout: 20000 },
  );
  expect(await page.getByTestId(`mfy-countdown-${order.id}`).count()).toBe(0);
  await page.close();

  // A manager (the administrator) changes the status after the confirm dialog and sees the trail.
  const boss = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await login(boss, 'admin', ADMIN_PASSWORD);
  await boss.getByTestId('menu-/app/mfy').click();
  await boss.getByTestId(`mfy-row-${order.id}`).waitFor();
  expect(await boss.getByTestId(`mfy-row-${order.id}`).textContent()).toContain(phone.slice(-9));
  await boss.getByTestId(`mfy-edit-trang_thai-${order.id}`).click();
  await pickOption(boss.getByRole('option', { name: 'Đăng ký thành công' }));
  const confirm = boss.getByTestId('confirm-dialog');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Xác nhận đổi trạng thái thành Đăng ký thành công?');
  await boss.getByTestId('confirm-ok').click();
  await boss.getByTestId('toast').filter({ hasText: 'Cập nhật trạng thái thành công' }).first().waitFor();
  await boss.getByTestId(`mfy-history-${order.id}`).click();
  const history = boss.getByTestId('mfy-history-dialog');
  await history.waitFor();
  await history.getByText('Đăng ký thành công').first().waitFor();
  const text = await history.textContent();
  // Newest first: the manager's change, then the server's own (who: 'Tự động (__AUTO)').
  expect(text).toContain('admin');
  expect(text).toContain('__AUTO');
  expect(text).toContain('Huỷ quá hạn');
  expect(text!.indexOf('Đăng ký thành công')).toBeLessThan(text!.indexOf('__AUTO'));
  const [stored] = await sql(`SELECT trang_thai, username_thay_doi_trang_thai AS who FROM orders.sale_order WHERE id = $1`, [order.id]);
  expect(stored).toEqual({ trang_thai: 'dang_ky_thanh_cong', who: 'admin' });
  await boss.close();
}, 180000);

it('a manager keeps the 9279 price list (create, import, search, export), creates a 9279 order, changes its status after the confirm and exports the spec columns', async () => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const dir = mkdtempSync(join(tmpdir(), 'orders-browser-'));
  // The order's salesperson (the staff read model learns them from auth's event meanwhile).
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const seller = `nv9279${tag.toLowerCase()}`;
  const branch = await newUser(admin.access_token, `cn9279${tag.toLowerCase()}`, 'Chi Nhánh Hai', 3);
  await newUser(admin.access_token, seller, 'Lê Đăng Ký', 5, branch.id);
  const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh', acceptDownloads: true });
  await login(page, 'admin', ADMIN_PASSWORD);

  // Price list: create through the dialog (all five fields; amounts default to 0).
  await page.getByTestId('menu-/sys/giagoidangky9279').click();
  await page.getByTestId('list-giagoidangky9279').waitFor();
  await page.getByTestId('giagoidangky9279-create').click();
  await page.getByTestId('giagoidangky9279-form-dialog').waitFor();
  expect(await input(page, 'giagoidangky9279-form-gia_t3').inputValue()).toBe('0');
  const created = `DK${tag}A`;
  await input(page, 'giagoidangky9279-form-ten_goi_cuoc').fill(created);
  await input(page, 'giagoidangky9279-form-phi_thu_hoi').fill('5000');
  await input(page, 'giagoidangky9279-form-gia_t1').fill('120000');
  await input(page, 'giagoidangky9279-form-gia_t2').fill('110000');
  await input(page, 'giagoidangky9279-form-gia_t3').fill('100000');
  await page.getByTestId('giagoidangky9279-form-submit').click();
  await page.getByTestId('toast').filter({ hasText: 'Thêm giá gói thành công' }).first().waitFor();

  // Import: header skipped, the same name twice → the last row wins.
  const imported = `DK${tag}B`;
  const sheet = join(dir, `gia-${tag}.xlsx`);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['Tên gói', 'Phí thu hồi', 'T1', 'T2', 'T3'],
      [imported, 1000, 50000, 45000, 40000],
      [`DK${tag}C`, 0, 70000, 60000, 50000],
      [imported, 2000, 55000, 50000, 45000],
    ]),
    'Sheet1',
  );
  XLSX.writeFile(wb, sheet);
  await page.getByTestId('giagoidangky9279-import-file').setInputFiles(sheet);
  // Every row is answered saved; the name given twice is one price, the last row's.
  await page
    .getByTestId('toast')
    .filter({ hasText: `gia-${tag}.xlsx: đã lưu 3 bản ghi` })
    .first()
    .waitFor();
  expect(await sql(`SELECT phi_thu_hoi, gia_t1 FROM orders.package_price WHERE kind = '9279' AND ten_goi_cuoc = $1`, [imported])).toEqual([
    { phi_thu_hoi: '2000', gia_t1: '55000' },
  ]);

  // Name search on Enter: this run's three packages only.
  const search = input(page, 'giagoidangky9279-filter-ten_goi_cuoc');
  await search.fill(tag);
  // Three rows may already show before the search (this run's three, the import's reload): wait for
  // the name search's own answer on screen.
  const searched = await showLoad(
    page,
    { id: 'giagoidangky9279', endpoint: '/api/v1/giagoidangky9279', params: { ten_goi_cuoc: tag } },
    () => search.press('Enter'),
  );
  expect(searched).toHaveLength(3);

  // Export: Gia-goi-dangky9279.xlsx with the searched rows.
  const [priceDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('giagoidangky9279-export').click()]);
  expect(priceDownload.suggestedFilename()).toBe('Gia-goi-dangky9279.xlsx');
  const priceFile = join(dir, 'gia.xlsx');
  await priceDownload.saveAs(priceFile);
  const priceBook = XLSX.readFile(priceFile);
  const priceRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(priceBook.Sheets[priceBook.SheetNames[0]]);
  expect(priceRows.map((r) => r['Tên gói cước']).sort()).toEqual([created, imported, `DK${tag}C`].sort());
  expect(priceRows.find((r) => r['Tên gói cước'] === created)).toMatchObject({
    'Phí thu hồi': 5000,
    'Giá T1': 120000,
    'Giá T2': 110000,
    'Giá T3': 100000,
  });

  // A 9279 renewal order for the salesperson, at T1 of the created package.
  await page.getByTestId('menu-/app/dangky9279').click();
  await page.getByTestId('list-dangky9279').waitFor();
  await page.getByTestId('dangky9279-create').click();
  await page.getByTestId('dangky9279-form-dialog').waitFor();
  const phone = newPhone();
  await input(page, 'dangky9279-form-so_dien_thoai').fill(phone);
  await chooseOption(page, 'dangky9279-form-ma_goi', created);
  await page.getByTestId('dangky9279-form-gia_ban_goi').click();
  const t1 = page.getByTestId('dangky9279-form-gia_ban_goi-option-T1');
  expect(await t1.textContent()).toContain('120,000');
  await pickOption(t1);
  await chooseOption(page, 'dangky9279-form-hinh_thuc', 'Gia hạn');
  await chooseOption(page, 'dangky9279-form-username_nv', seller);
  await page.getByTestId('dangky9279-form-submit').click();
  await page.getByTestId('toast').filter({ hasText: 'Tạo đơn thành công' }).first().waitFor();
  const [order] = await sql<{ id: string }>(`SELECT id FROM orders.sale_order WHERE kind = '9279' AND so_dien_thoai = $1`, [phone]);
  const row = page.getByTestId(`dangky9279-row-${order.id}`);
  await row.waitFor();
  // Revenue from the list's T1 price; the package is an inline edit (its value is in the cell's input).
  expect(await row.textContent()).toContain('120,000');
  expect(await sql(`SELECT ma_goi, hinh_thuc, gia_ban_goi, username_nv FROM orders.sale_order WHERE id = $1`, [order.id])).toEqual([
    { ma_goi: created, hinh_thuc: 'gia_han', gia_ban_goi: 1, username_nv: seller },
  ]);

  // The manager's status change happens only after the confirm dialog.
  await page.getByTestId(`dangky9279-edit-trang_thai-${order.id}`).click();
  await pickOption(page.getByRole('option', { name: 'Y1', exact: true }));
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Xác nhận đổi trạng thái thành Y1?');
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('toast').filter({ hasText: 'Cập nhật trạng thái thành công' }).first().waitFor();
  expect(
    await sql(`SELECT trang_thai, trang_thai_yeu_cau, username_thay_doi_trang_thai AS who FROM orders.sale_order WHERE id = $1`, [
      order.id,
    ]),
  ).toEqual([{ trang_thai: 'y1', trang_thai_yeu_cau: 'soan_y1', who: 'admin' }]);

  // The export: Bao-cao-dang-ky-9279.xlsx with spec 3 §9's columns, in order.
  await input(page, 'dangky9279-filter-phone').fill(phone);
  // The export is of the search: wait for its answer on screen, not for any one row.
  expect(await showSearch(page, { id: 'dangky9279', endpoint: '/api/v1/dangky9279', params: { phone } })).toHaveLength(1);
  const [orderDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dangky9279-export').click()]);
  expect(orderDownload.suggestedFilename()).toBe('Bao-cao-dang-ky-9279.xlsx');
  const orderFile = join(dir, 'dk9279.xlsx');
  await orderDownload.saveAs(orderFile);
  const orderBook = XLSX.readFile(orderFile);
  expect(orderBook.SheetNames).toEqual(['Sheet 1']);
  const [header, ...body] = XLSX.utils.sheet_to_json<unknown[]>(orderBook.Sheets['Sheet 1'], { header: 1 });
  expect(header).toEqual([
    '#',
    'Công ty đối tác',
    'Hình thức',
    'Số thuê bao',
    'Mã gói',
    'Doanh thu',
    'Tên đăng nhập nhân viên',
    'Tên nhân viên',
    'Trạng thái yêu cầu',
    'Trạng thái',
    'Ghi chú cập nhật trạng thái',
    'Loại giá',
    'Doanh thu tính lương',
    'Tỉ lệ doanh thu tính lương',
    'Ngày tạo',
    'Ghi chú',
  ]);
  expect(body).toHaveLength(1);
  expect(body[0]).toEqual(expect.arrayContaining([1, 'Gia hạn', phone, created, 120000, seller, 'Lê Đăng Ký', 'Soạn Y1', 'Y1', 'T1']));
  expect(String(body[0][10])).toMatch(/^admin - \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  await page.close();
}, 180000);

it("a reminder reads the phone as the list does and closes in every open browser when its order moves on; after 'Duyệt' manager and salesperson read one name", async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `MNH${tag}`.toUpperCase();
  const admin = await tokenOf('admin', ADMIN_PASSWORD);
  await api('/api/v1/giagoimfy', admin, { ten_goi_cuoc: pkg, phi_thu_hoi: '0', gia_t1: '100000', gia_t2: '90000', gia_t3: '80000' });
  const seller = `nvnh${tag}`;
  await newUser(admin, seller, 'Trần Nhắc Nhở', 5, (await newUser(admin, `cnnh${tag}`, 'Chi Nhánh Ba', 3)).id);
  const own = await tokenOf(seller, 'Matkhau@1');
  const phone = newPhone();
  const order = await api<{ id: string }>('/api/v1/mfy', own, { so_dien_thoai: phone, ma_goi: pkg, gia_ban_goi: '1' });
  const setStatus = (trang_thai: string) => callApi(stack.url, `/api/v1/mfy/setTrangThai/${order.id}`, admin, { trang_thai }, 'PUT');
  const openList = async (username: string, password: string) => {
    const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
    await login(page, username, password);
    await page.getByTestId('menu-/app/mfy').click();
    await page.getByTestId(`mfy-row-${order.id}`).waitFor();
    return page;
  };
  const reminder = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

  // The salesperson's 'soan Y' reminder, then the manager approves from the list.
  const sales = await openList(seller, 'Matkhau@1');
  const salesReminder = reminder(sales, `Đơn ****${phone.slice(-5)} đang chờ soạn Y lần 1. Vui lòng kiểm tra!`);
  await salesReminder.first().waitFor({ timeout: 15000 });
  const boss = await openList('admin', ADMIN_PASSWORD);
  await boss.getByTestId(`mfy-edit-trang_thai-${order.id}`).click();
  await pickOption(boss.getByRole('option', { name: 'Duyệt', exact: true }));
  await boss.getByTestId('confirm-ok').click();
  await boss.getByTestId('toast').filter({ hasText: 'Cập nhật trạng thái thành công' }).first().waitFor();
  // The order no longer waits for the customer's Y: the salesperson's reminder closes at once.
  await salesReminder.first().waitFor({ state: 'detached', timeout: 15000 });
  // Both read the request status by the same name.
  for (const page of [boss, sales])
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="mfy-row-${id}"]`)?.textContent?.includes('Đang chờ xử lý'),
      order.id,
      { timeout: 15000 },
    );
  expect(await boss.getByTestId(`mfy-row-${order.id}`).textContent()).not.toContain('Chờ soạn Y');

  // The first Y arrives: every manager's browser (a second one on the home screen) is asked to
  // approve, the number written as the list writes it.
  const home = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  await login(home, 'admin', ADMIN_PASSWORD);
  await setStatus('da_soan_y_lan_1');
  const text = `Đơn ${phone} cần duyệt. Vui lòng kiểm tra!`;
  expect(await boss.getByTestId(`mfy-row-${order.id}`).textContent()).toContain(phone);
  for (const page of [boss, home]) await reminder(page, text).first().waitFor({ timeout: 15000 });

  // The order succeeds: the reminder closes in both browsers (well before its 30 s)…
  await setStatus('dang_ky_thanh_cong');
  for (const page of [boss, home]) await reminder(page, text).first().waitFor({ state: 'detached', timeout: 15000 });
  // …and a new connection does not bring it back.
  const answered = home.waitForResponse((r) => r.url().includes('/api/v1/mfy/nhacNhanVien'));
  await home.reload();
  // The answer read by the page (its body in) and what it shows painted: only then does no toast say anything.
  await (await answered).finished();
  await nextFrames(home, 3);
  await home.getByTestId('menu-/app/mfy').waitFor();
  expect(await reminder(home, 'cần duyệt').count()).toBe(0);
  for (const page of [sales, boss, home]) await page.close();
}, 180000);

it("a salesperson's reminder follows the order handed to a colleague; a reconnect keeps the toast of an order still waiting, however many wait", async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `MNG${tag}`.toUpperCase();
  const admin = await tokenOf('admin', ADMIN_PASSWORD);
  await api('/api/v1/giagoimfy', admin, { ten_goi_cuoc: pkg, phi_thu_hoi: '0', gia_t1: '100000', gia_t2: '90000', gia_t3: '80000' });
  const branch = (await newUser(admin, `cnbg${tag}`, 'Chi Nhánh Bàn Giao', 3)).id;
  const [from, to] = [`nvbg${tag}`, `nvnhan${tag}`];
  await newUser(admin, from, 'Lê Bàn Giao', 5, branch);
  await newUser(admin, to, 'Phạm Nhận Đơn', 5, branch);
  const own = await tokenOf(from, 'Matkhau@1');
  const order = (phone: string) => api<{ id: string }>('/api/v1/mfy', own, { so_dien_thoai: phone, ma_goi: pkg, gia_ban_goi: '1' });
  const reminder = (page: Page, phone: string) =>
    page.getByTestId('toast').filter({ hasText: `Đơn ****${phone.slice(-5)} đang chờ soạn Y lần 1.` });
  const open = async (username: string) => {
    const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
    await login(page, username, 'Matkhau@1');
    return page;
  };

  // Still waiting for the customer's Y, the order is handed to a colleague: the reminder goes with it.
  const handed = newPhone();
  const { id } = await order(handed);
  const [mine, theirs] = [await open(from), await open(to)];
  await reminder(mine, handed).waitFor({ timeout: 15000 });
  await callApi(stack.url, `/api/v1/mfy/${id}`, admin, { username_nv: to }, 'PUT');
  await reminder(mine, handed).waitFor({ state: 'detached', timeout: 15000 });
  await reminder(theirs, handed).waitFor({ timeout: 15000 });
  await Promise.all([mine.close(), theirs.close()]);

  // Twenty orders wait while the salesperson is away; back, they see the most urgent, then a new one.
  const waiting = Array.from({ length: 20 }, newPhone);
  for (const phone of waiting) await order(phone);
  const page = await browser.newPage({ timezoneId: 'Asia/Ho_Chi_Minh' });
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await login(page, from, 'Matkhau@1');
  await reminder(page, waiting[0]).waitFor({ timeout: 15000 });
  const latest = newPhone();
  await order(latest);
  await reminder(page, latest).waitFor({ timeout: 15000 });
  // The connection drops and comes back: the answer lists all 21 waiting orders, the new one's toast stays.
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/mfy/nhacNhanVien'));
  await sockets.at(-1)!.close();
  // The answer's body in (its headers alone come before the page can act on it), then painted.
  await (await answered).finished();
  await nextFrames(page, 3);
  expect(await reminder(page, latest).count()).toBe(1);
  await page.close();
}, 180000);
