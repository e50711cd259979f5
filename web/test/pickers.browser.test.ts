/**
 * The staff pickers in real Chromium, through the gateway and the real services (auth, care,
 * payroll, dataops) on real PostgreSQL/Redis/Kafka, with an office of two branches, a leader and
 * three salespeople made through the accounts API:
 * - the one staff picker: searchable (a name typed without diacritics finds it), the hierarchy's
 *   '--'/'----' in the open list, the name without dashes once chosen — care history's filter, the
 *   payroll filter and the detailed report's reassignment; a salesperson opens payroll with no 403;
 * - the payroll month: a month picker (MM/YYYY), picked from the calendar in Vietnamese;
 * - OTP 1414: 'Chặn số' opens the blacklist dialog with the number, saving puts it in the blacklist;
 * - data permission: each section saves alone, the others keep what they had;
 * - data split: leaders and salespeople nested under their branch.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Browser, Locator, Page } from 'playwright-core';
import { createLogger } from '@cskh/kit/observability';
import { createBus, EventBus } from '@cskh/kit/messaging';
import { events_v1_care } from '@cskh/proto';
import { callApi, input, launchChromium, logIn, nextFrames, pickOption, toast, staffMaker } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, readUntil } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
const PASSWORD = 'Matkhau@1';
let stack: Stack;
let browser: Browser;
let bus: EventBus;
let admin: string;
const tag = randomBytes(3).toString('hex');
const cnA = `cna${tag}`;
const tnA = `tna${tag}`;
const nvLan = `nvlan${tag}`;
const nvDuc = `nvduc${tag}`;
const cnB = `cnb${tag}`;
const nvB = `nvb${tag}`;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) => callApi<T>(stack.url, path, token, body, method);
const vnNow = () => new Date(Date.now() + 7 * 3600 * 1000);
const pad = (n: number) => String(n).padStart(2, '0');

/** The open picker's options as the user reads them. */
const optionTexts = (page: Page, testId: string) => page.locator(`[data-testid^="${testId}-option-"]`).allTextContents();

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  const env = isolatedStackEnv('web_pickers', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD });
  stack = await startStack({ env, only: ['auth', 'care', 'payroll', 'dataops'] });
  bus = createBus(env.KAFKA_BROKERS, 'web-pickers-test', createLogger('test', 'silent'), env.KAFKA_TOPIC_PREFIX ?? '');
  browser = await launchChromium();
  admin = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
  const user = await staffMaker(stack.url, admin, PASSWORD);
  const a = await user(cnA, 'Chi nhánh Hà Nội', 3);
  const leader = await user(tnA, 'Trưởng nhóm Hoà', 4, a.id);
  await user(nvLan, 'Nguyễn Thị Lan', 5, a.id, leader.id);
  await user(nvDuc, 'Phạm Văn Đức', 5, a.id, leader.id);
  const b = await user(cnB, 'Chi nhánh Hải Phòng', 3);
  await user(nvB, 'Lê Văn Bình', 5, b.id);
  // A confirmed invitation of Lan's, as care publishes it: one row of the detailed report.
  const e = events_v1_care.InviteRegistered.fromPartial({
    event_id: randomBytes(8).toString('hex'),
    invitation_id: randomBytes(8).toString('hex'),
    staff: nvLan,
    staff_fullname: 'Nguyễn Thị Lan',
    phone: `0912${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    package: 'MXH100',
    price: 100000,
    channel: '9332',
    request_type: 'DK',
    registered_at: new Date().toISOString(),
  });
  await bus.publish([
    { topic: 'cskh.care.invite-registered', key: e.phone, value: Buffer.from(events_v1_care.InviteRegistered.encode(e).finish()) },
  ]);
  // Every service's staff read model has the office.
  const mine = (v: Array<{ username: string }>) => v.filter((s) => s.username.endsWith(tag)).length;
  await readUntil(
    'payroll staff',
    () => api<{ values: Array<{ username: string }> }>('/api/v1/payroll/staff', admin),
    (r) => mine(r.values) === 6,
  );
  await readUntil(
    'care staff',
    () => api<{ values: Array<{ username: string }> }>('/api/v1/care/staff', admin),
    (r) => mine(r.values) === 6,
  );
  await readUntil(
    'dataops targets',
    () => api<{ values: Array<{ username: string }> }>('/api/v1/uploadchiadata/targets', admin),
    (r) => mine(r.values) === 6,
  );
}, 240000);

afterAll(async () => {
  await browser?.close();
  await bus?.close();
  await stack?.stop();
});

it('care history: the staff filter is searched without diacritics, drawn as the hierarchy, and filters by the person chosen', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/app/care-history').click();
  const picker = input(page, 'carehistory-filter-username');
  await picker.click();
  await picker.fill(tag);
  // The office in the hierarchy's order: the branch, its leader '--', the leader's salespeople '----'.
  await page.getByTestId(`carehistory-filter-username-option-${nvB}`).waitFor();
  expect(await optionTexts(page, 'carehistory-filter-username')).toEqual([
    'Tất cả',
    `${cnA} - Chi nhánh Hà Nội`,
    `--${tnA} - Trưởng nhóm Hoà`,
    `----${nvDuc} - Phạm Văn Đức`,
    `----${nvLan} - Nguyễn Thị Lan`,
    `${cnB} - Chi nhánh Hải Phòng`,
    `----${nvB} - Lê Văn Bình`,
  ]);
  // 'duc' finds 'Phạm Văn Đức'; once chosen the box shows the name without dashes.
  await picker.fill('van duc');
  await page.getByTestId(`carehistory-filter-username-option-${nvDuc}`).waitFor();
  expect(await optionTexts(page, 'carehistory-filter-username')).toEqual(['Tất cả', `----${nvDuc} - Phạm Văn Đức`]);
  const filtered = page.waitForRequest((r) => r.url().includes('/api/v1/care/history') && r.url().includes(`username=${nvDuc}`));
  await page.getByTestId(`carehistory-filter-username-option-${nvDuc}`).click();
  await filtered;
  expect(await picker.inputValue()).toBe(`${nvDuc} - Phạm Văn Đức`);
  await page.close();
}, 120000);

it("'Tỉ lệ bắt số': its staff filter is the same searchable picker", async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.goto(stack.url + '/app/tilebatso');
  const picker = input(page, 'tilebatso-filter-username');
  await picker.click();
  await picker.fill('van duc');
  await page.getByTestId(`tilebatso-filter-username-option-${nvDuc}`).waitFor();
  expect(await optionTexts(page, 'tilebatso-filter-username')).toEqual(['Tất cả', `----${nvDuc} - Phạm Văn Đức`]);
  await page.getByTestId(`tilebatso-filter-username-option-${nvDuc}`).click();
  expect(await picker.inputValue()).toBe(`${nvDuc} - Phạm Văn Đức`);
  await page.close();
}, 120000);

it('payroll: a month picker in Vietnamese, the staff picker; a leader and a salesperson open their screens without a refusal', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/app/tinhluong').click();
  const now = vnNow();
  const month = input(page, 'tinhluong-filter-startDate-value');
  await page.getByTestId('list-tinhluong').waitFor();
  expect(await month.inputValue()).toBe(`${pad(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`);
  // Picked from the calendar: the year, then the month, named in Vietnamese.
  const lastYear = now.getUTCFullYear() - 1;
  await page.getByRole('button', { name: /Chọn tháng/ }).click();
  await page.getByRole('radio', { name: String(lastYear), exact: true }).click();
  await page.getByRole('radio', { name: 'tháng 3', exact: true }).click();
  await readUntil(
    'month picked',
    () => month.inputValue(),
    (v) => v === `03/${lastYear}`,
    10000,
  );
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/v1/tinhluong?') && decodeURIComponent(r.url()).includes(`startDate=03/${lastYear}`),
  );
  await page.getByTestId('tinhluong-search').click();
  await asked;
  // The staff picker of the payroll filter: the same hierarchy, searched by name.
  const staff = input(page, 'tinhluong-filter-username');
  await staff.click();
  await staff.fill('lan');
  await page.getByTestId(`tinhluong-filter-username-option-${nvLan}`).waitFor();
  expect(await page.getByTestId(`tinhluong-filter-username-option-${nvLan}`).textContent()).toBe(`----${nvLan} - Nguyễn Thị Lan`);
  await page.close();

  // A leader opens the staff report: its picker lists their group only, and nothing is refused.
  const refused: string[] = [];
  const watch = (p: Page) =>
    p.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
  const lead = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watch(lead);
  await logIn(lead, stack.url, tnA, PASSWORD);
  await lead.getByTestId('menu-group-reports').click();
  await lead.getByTestId('menu-/app/reportstaffrevenue').click();
  await lead.getByTestId('list-reportstaffrevenue').waitFor();
  await input(lead, 'reportstaffrevenue-filter-username').click();
  await lead.getByTestId(`reportstaffrevenue-filter-username-option-${nvLan}`).waitFor();
  expect(await optionTexts(lead, 'reportstaffrevenue-filter-username')).toEqual([
    'Tất cả',
    `--${tnA} - Trưởng nhóm Hoà`,
    `----${nvDuc} - Phạm Văn Đức`,
    `----${nvLan} - Nguyễn Thị Lan`,
  ]);
  await lead.close();
  // A salesperson opens care history and OTP 1414: no staff filter, no 'Chặn số', nothing refused.
  await api('/api/v1/mes1414otp', admin, {
    phone_number: `0915${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    str_mes: 'Ma OTP cua ban la 111222',
    otp: '',
  });
  const sp = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watch(sp);
  await logIn(sp, stack.url, nvLan, PASSWORD);
  await sp.getByTestId('menu-/app/care-history').click();
  await sp.getByTestId('list-carehistory').waitFor();
  expect(await input(sp, 'carehistory-filter-username').count()).toBe(0);
  await sp.getByTestId('menu-/app/mes1414otp').click();
  await sp.getByTestId('list-mes1414otp').waitFor();
  await sp.locator('[data-testid^="mes1414otp-row-"]').first().waitFor();
  expect(await sp.locator('[data-testid^="mes1414otp-block-"]').count()).toBe(0);
  expect(refused).toEqual([]);
  await sp.close();
}, 120000);

it('detailed report: a senior reassigns a record by searching the staff picker in its row', async () => {
  type Detailed = { values: Array<{ id: string; username_nv: string; ten_nv: string }> };
  const rowOf = async () =>
    (
      await readUntil(
        'the record',
        () => api<Detailed>(`/api/v1/report90849332?page=1&count=50&username=${nvLan}`, admin),
        (r) => r.values.length === 1,
      )
    ).values[0];
  const rec = await rowOf();
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-group-reports').click();
  await page.getByTestId('menu-/app/report90849332').click();
  const cell = input(page, `report90849332-edit-username_nv-${rec.id}`);
  await cell.waitFor();
  expect(await cell.inputValue()).toBe(`${nvLan} - Nguyễn Thị Lan`);
  await cell.click();
  await cell.fill('binh');
  await page.getByTestId(`report90849332-edit-username_nv-${rec.id}-option-${nvB}`).waitFor();
  expect(await optionTexts(page, `report90849332-edit-username_nv-${rec.id}`)).toEqual([`----${nvB} - Lê Văn Bình`]);
  await page.getByTestId(`report90849332-edit-username_nv-${rec.id}-option-${nvB}`).click();
  await toast(page, 'Đã đổi nhân viên');
  await page.getByTestId(`report90849332-row-${rec.id}`).filter({ hasText: 'Lê Văn Bình' }).waitFor();
  const moved = await api<Detailed>(`/api/v1/report90849332?page=1&count=50&username=${nvB}`, admin);
  expect(moved.values.map((v) => v.id)).toContain(rec.id);
  await page.close();
}, 120000);

it("OTP 1414: 'Chặn số' opens the blacklist dialog with the number; saved, the row says 'Đã chặn'", async () => {
  const phone = `0913${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const otp = await api<{ id: string }>('/api/v1/mes1414otp', admin, { phone_number: phone, str_mes: 'Ma OTP cua ban la 582014', otp: '' });
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/app/mes1414otp').click();
  await page.getByTestId(`mes1414otp-block-${otp.id}`).click();
  const dialog = page.getByTestId('mes1414otp-block-dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('Thêm số vào danh sách đen');
  expect(await input(page, 'mes1414otp-block-phone_number').inputValue()).toBe(phone);
  expect(await input(page, 'mes1414otp-block-description').inputValue()).toContain('Ma OTP cua ban la 582014');
  await page.getByTestId('mes1414otp-block-submit').click();
  await toast(page, 'Đã thêm số vào danh sách đen');
  await page.getByTestId(`otp-blocked-${otp.id}`).waitFor();
  expect(await page.getByTestId(`mes1414otp-block-${otp.id}`).count()).toBe(0);
  const listed = await api<{ values: Array<{ phone_number: string }> }>(
    `/api/v1/blacklist?page=1&count=10&message=${phone.slice(-9)}`,
    admin,
  );
  expect(listed.values).toHaveLength(1);
  // The blacklist's route stays its own: a salesperson is refused by the server.
  const seller = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: nvLan, password: PASSWORD }))
    .access_token;
  const res = await fetch(`${stack.url}/api/v1/blacklist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller}` },
    body: JSON.stringify({ phone_number: '0913000111', description: 'x' }),
  });
  expect(res.status).toBe(403);
  await page.close();
}, 120000);

it('data permission saves each section alone; data split nests leaders and salespeople under their branch', async () => {
  const fileName = `chia-${tag}.xlsx`;
  const base = Math.floor(Math.random() * 1e5) * 10;
  const rows = [0, 1, 2, 3].map((i) => ({
    so_dien_thoai: `0914${String(base + i).padStart(6, '0')}`,
    loai_thue_bao: 'MC',
    goi_cuoc: 'MAX90',
    ngay_dang_ky: '',
    ngay_het_han: '',
    chu_ky_hien_tai: '1',
    trang_thai: 'ACTIVE',
    goi_co_the_dang_ky: 'MAX90',
    so_chu_ky_mien_phi_con_lai: '0',
    FileName: fileName,
  }));
  await api('/api/v1/uploadchiadata/import', admin, rows);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  // What the screen sent and got, said when an expectation below fails.
  const t0 = Date.now();
  const traffic: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/uploadchiadata/'))
      traffic.push(`${Date.now() - t0} ms → ${r.method()} ${r.url().replace(stack.url, '')} ${r.postData() ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.url().includes('/uploadchiadata/'))
      void r.text().then(
        (body) => traffic.push(`${Date.now() - t0} ms ← ${r.status()} ${r.url().replace(stack.url, '')} ${body.slice(0, 300)}`),
        () => undefined,
      );
  });
  page.on('console', (m) => traffic.push(`${Date.now() - t0} ms console.${m.type()}: ${m.text().slice(0, 300)}`));
  const saidOnFailure = async (what: () => Promise<void>) => {
    try {
      await what();
    } catch (e) {
      const toasts = await page
        .getByTestId('toast')
        .allTextContents()
        .catch(() => []);
      throw new Error(`${(e as Error).message}\nthe screen's traffic:\n${traffic.join('\n')}\ntoasts: ${JSON.stringify(toasts)}`);
    }
  };
  await page.getByTestId('menu-/sys/phanquyendata').click();
  const today = vnNow().toISOString().slice(0, 10).split('-').reverse().join('/');
  const grant = async (section: 'leader' | 'sale', username: string, name: string, whileLoading?: (s: Locator) => Promise<void>) => {
    const s = page.getByTestId(`perm-section-${section}`);
    await s.getByRole('combobox').click();
    await pickOption(page.getByRole('option', { name: `${username} - ${name}` }));
    await whileLoading?.(s);
    await s.getByRole('checkbox', { name: new RegExp(fileName.replace(/[.]/g, '\\.')) }).check();
    await s.getByRole('checkbox', { name: today, exact: true }).check();
    // This save's own answer: the toast alone could be the previous section's, still shown (the
    // same message is shown once), while this save is still on its way.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/uploadchiadata/handleCustomDataOption') && r.request().method() === 'POST',
    );
    await s.getByTestId(`perm-save-${section}`).click();
    expect((await saved).status()).toBe(200);
    await toast(page, 'Đã lưu cài đặt phân quyền!');
  };
  // Three sections, each with its own 'Lưu'.
  for (const k of ['branch', 'leader', 'sale']) await page.getByTestId(`perm-save-${k}`).waitFor();
  await saidOnFailure(() => grant('leader', tnA, 'Trưởng nhóm Hoà'));
  // The salesperson's current grants answer slowly: the boxes wait for them, so what the
  // coordinator ticks is neither overwritten by the late answer nor ticked before it.
  let answered = false;
  await page.route(`**/api/v1/uploadchiadata/getOptionDataByUsername/${nvLan}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
    answered = true;
  });
  await saidOnFailure(() =>
    grant('sale', nvLan, 'Nguyễn Thị Lan', async (sale) => {
      expect(await sale.getByRole('checkbox', { name: today, exact: true }).isDisabled()).toBe(true);
      expect(await sale.getByTestId('perm-save-sale').isDisabled()).toBe(true);
      expect(answered).toBe(false);
    }),
  );
  expect(answered).toBe(true);
  await page.unroute(`**/api/v1/uploadchiadata/getOptionDataByUsername/${nvLan}`);
  const iso = vnNow().toISOString().slice(0, 10);
  const options = (u: string) => api<{ files: string[]; ngay: string[] }>(`/api/v1/uploadchiadata/getOptionDataByUsername/${u}`, admin);
  // The staff section's save left the leader's grant as it was.
  const tnAOptions = await options(tnA);
  const lanOptions = await options(nvLan);
  await saidOnFailure(async () => {
    expect(tnAOptions).toMatchObject({ files: [fileName], ngay: [iso] });
    expect(lanOptions).toMatchObject({ files: [fileName], ngay: [iso] });
  });

  await page.getByTestId('menu-/sys/chiadata').click();
  await page.getByTestId('chiadata').waitFor();
  const order = async () =>
    (
      await page
        .locator('[data-testid^="split-row-"]')
        .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-depth')}:${e.getAttribute('data-testid')!.replace('split-row-', '')}`))
    ).filter((s) => s.endsWith(tag));
  await page.locator(`[data-testid="split-row-${cnB}"]`).waitFor();
  expect(await order()).toEqual([`0:${cnA}`, `0:${cnB}`]);
  await page.getByRole('button', { name: 'Danh sách trưởng nhóm' }).click();
  await page.getByRole('button', { name: 'Danh sách nhân viên' }).click();
  await page.locator(`[data-testid="split-row-${nvB}"]`).waitFor();
  expect(await order()).toEqual([`0:${cnA}`, `1:${tnA}`, `2:${nvDuc}`, `2:${nvLan}`, `0:${cnB}`, `2:${nvB}`]);
  await page.close();
}, 120000);

it("data permission: switching to another person and back, the boxes wait for the last pick's answer, not the first's", async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/sys/phanquyendata').click();
  const sale = page.getByTestId('perm-section-sale');
  await page.getByTestId('perm-save-sale').waitFor();
  // Lan's grants answer only when the test lets them: two loads of the same person in flight.
  const held: Array<() => Promise<void>> = [];
  await page.route(`**/api/v1/uploadchiadata/getOptionDataByUsername/${nvLan}`, async (route) => {
    await new Promise<void>((release) => held.push(async () => release()));
    await route.continue();
  });
  const choose = async (username: string, name: string) => {
    await sale.getByRole('combobox').click();
    await pickOption(page.getByRole('option', { name: `${username} - ${name}` }));
  };
  const answered = () => page.waitForResponse((r) => r.url().endsWith(`/getOptionDataByUsername/${nvLan}`));
  await choose(nvLan, 'Nguyễn Thị Lan');
  await choose(nvDuc, 'Phạm Văn Đức');
  await choose(nvLan, 'Nguyễn Thị Lan');
  await readUntil(
    'both loads of Lan held',
    async () => held.length,
    (n) => n === 2,
  );
  // The first pick's answer arrives: the second is still due, so the boxes stay closed.
  const first = answered();
  await held[0]();
  await first;
  await nextFrames(page);
  expect(await sale.getByTestId('perm-save-sale').isDisabled()).toBe(true);
  // The second's: now they open.
  const second = answered();
  await held[1]();
  await second;
  await nextFrames(page);
  expect(await sale.getByTestId('perm-save-sale').isEnabled()).toBe(true);
  await page.unroute(`**/api/v1/uploadchiadata/getOptionDataByUsername/${nvLan}`);
  await page.close();
}, 120000);
