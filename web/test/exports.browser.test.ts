/**
 * Every export file a user gets is in Vietnamese, in real Chromium against the whole
 * product: the demo office is put in through the API (scripts/demo/seed.ts, as its staff would: staff,
 * prices, customers and their care, invitations, orders in every state, refunds, bank messages,
 * revenue, payroll) plus a small file on each scan screen; then the administrator opens every screen
 * of their menu, presses each export there (the list's 'Xuất Excel', a toolbar export such as
 * 'Xuất DS truy thu', a row's 'Xuất file' on the first row, after the scan has run), reads the .xlsx
 * and fails on
 *   - a header that is a field name or English (snake_case, camelCase/PascalCase, SCREAMING_CASE,
 *     or a plain English field word such as Username or Status),
 *   - a cell that is a raw code ('DA_QUET', 'khong_qua_api', '__AUTO', a status word such as
 *     SUCCESS or running), a picker's hierarchy dashes ('----nv_tuan - …'), or an ISO date,
 *   - an export without a data row (the seeding gives each one some), or a button giving no file.
 * Usernames are data, not codes: the office's logins are allowed in cells. The codes the office has
 * ('__AUTO', DA_QUET, khong_qua_api, FAILD) must show in words. Every finding of every screen is
 * reported together. EXPORTS_DEBUG=<dir> logs each screen's export buttons and saves a screenshot.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { Browser, Page } from 'playwright-core';
import { callApi, launchChromium, logIn } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, settle } from '../../scripts/testing';
import { seedDemo } from '../../scripts/demo/seed';
import { STAFF, vnDate, vnToday } from '../../scripts/demo/office';
import { isFieldNameHeader, isRawValue } from '../src/list/rawCodes';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let dir: string;

const api = <T>(path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body);

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'exports-browser-'));
  stack = await startStack({ env: isolatedStackEnv('web_exports', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, SCAN_RATE_PER_SECOND: '200' }) });
  browser = await launchChromium();
  await seedDemo(stack.url, { adminPassword: ADMIN_PASSWORD });
  // The two scan screens the office leaves empty get a small file each.
  const admin = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;
  for (const [path, file] of [
    ['/api/v1/uploadquetdatakhonggoi/import', 'Quet-khong-goi.xlsx'],
    ['/api/v1/uploadquetdtct/import', 'Quet-dtct.xlsx'],
  ])
    await api(
      `${path}?file_name=${file}&first_row=2`,
      admin,
      Array.from({ length: 5 }, (_, i) => ({ PhoneNumber: `091234${String(5000 + i)}`, FileName: file })),
    );
  // A clawback on the office's package refund (DANH-SACH-TRUY-THU lists the staff who owe one).
  const refunds = await api<{ values: Array<{ id: string; request_type: number }> }>('/api/v1/requestrefundreport?page=1&count=20', admin);
  const refund = refunds.values.find((r) => r.request_type !== 5);
  if (!refund) throw new Error('the office has no package refund');
  await callApi(
    stack.url,
    `/api/v1/requestrefundreport/setTrangThaiTruyThuHoanTheoGoi/${refund.id}`,
    admin,
    { trang_thai_truy_thu_hoan_theo_goi: 'truy_thu' },
    'PUT',
  );
  // A red report with its result set, and a lookup log row of today (the office has neither).
  const day = vnToday();
  const today = vnDate(day, day.d);
  const red = await api<{ id: string }>('/api/v1/baodo', admin, {
    so_dien_thoai: '0912345101',
    ngay_thanh_cong: today,
    username_nv: 'nv_tuan',
    ten_goi_cuoc: 'MXH120',
    kenh: '9084 (3)',
    ly_do: 'Khách báo không đăng ký',
  });
  await callApi(stack.url, `/api/v1/baodo/setTrangThai/${red.id}`, admin, { trang_thai: 'FAILD' }, 'PUT');
  await api('/api/v1/lstracuu/import?file_name=tra-cuu.xlsx&first_row=2', admin, [
    {
      username: 'nv_tuan',
      full_name: '',
      so_dien_thoai: '0912345102',
      ten_tra_cuu: 'Tra cứu số dư',
      noi_dung: 'Số dư: 12.000đ',
      createdAt: `${today} 00:05`,
    },
  ]);
}, 400000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function menuPaths(page: Page): Promise<string[]> {
  await page.locator('[data-testid^="menu-/"], [data-testid^="menu-group-"]').first().waitFor();
  for (const group of await page.locator('[data-testid^="menu-group-"]').all()) await group.click();
  const ids = await page.locator('[data-testid^="menu-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
  return [...new Set(ids.map((id) => id.slice('menu-'.length)))];
}

/** The export buttons of the open screen: list and toolbar exports, and a row's export on the first row only. */
async function exportButtons(page: Page, path: string): Promise<string[]> {
  const ids = await page
    .getByTestId(`tab-panel-${path}`)
    .locator('[data-testid$="-export"], [data-testid*="-export-"]')
    .evaluateAll((els) =>
      els
        .filter((e) => !(e as HTMLButtonElement).disabled && (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getAttribute('data-testid')!),
    );
  const rowAction = /^scan-\w+-export-/;
  return [...ids.filter((id) => !rowAction.test(id)), ...ids.filter((id) => rowAction.test(id)).slice(0, 1)];
}

function findingsOf(cells: unknown[][], allowed: Set<string>): string[] {
  const found: string[] = [];
  const [header = [], ...rows] = cells;
  for (const h of header) if (isFieldNameHeader(h)) found.push(`header '${h}'`);
  if (!rows.length) found.push('no data row');
  const seen = new Set<string>();
  rows.forEach((row, r) =>
    row.forEach((v, c) => {
      const text = String(v ?? '').trim();
      if (seen.has(`${c}:${text}`)) return;
      if (isRawValue(text, allowed)) {
        seen.add(`${c}:${text}`);
        found.push(`row ${r + 2} '${header[c]}': '${text}'`);
      }
    }),
  );
  return found;
}

test('every export as the administrator: Vietnamese headers and values, no raw code, field name or ISO date', async () => {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const allowed = new Set(['admin', ...STAFF.map((p) => p.username)]);
  const findings: string[] = [];
  const exported: string[] = [];
  const texts = new Set<string>();
  // The screen's requests, finished: no request in flight for 500 ms.
  let inFlight = 0;
  let lastActivity = Date.now();
  const busy = (d: number) => () => {
    inFlight += d;
    lastActivity = Date.now();
  };
  page.on('request', busy(1));
  page.on('requestfinished', busy(-1));
  page.on('requestfailed', busy(-1));
  // No request in flight and none for 500 ms (at most 20 s).
  const quiet = () => settle(() => inFlight === 0 && Date.now() - lastActivity >= 500, Boolean, 20000, 50);
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  const paths = await menuPaths(page);
  for (const path of paths) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL(stack.url + path);
    // The screen's tab, its list drawn and loaded (a busy machine takes its time over each).
    const panel = page.getByTestId(`tab-panel-${path}`);
    await panel.waitFor({ state: 'visible', timeout: 30000 });
    await panel
      .locator('[data-testid^="list-"]')
      .first()
      .waitFor({ timeout: 15000 })
      .catch(() => undefined);
    await quiet();
    await panel
      .locator('[role="progressbar"]')
      .first()
      .waitFor({ state: 'detached', timeout: 15000 })
      .catch(() => undefined);
    await quiet();
    // A scan screen: run the first file's scan to its end first, so the export has results.
    const state = panel.locator('[data-testid^="scan-state-"]').first();
    if ((await state.count()) && (await state.getAttribute('data-state')) !== 'done') {
      await panel.locator('[data-testid^="scan-"][data-testid*="-start-"]').first().click();
      await page
        .waitForFunction(
          (p) =>
            document.querySelector(`[data-testid="tab-panel-${p}"] [data-testid^="scan-state-"]`)?.getAttribute('data-state') === 'done',
          path,
          { timeout: 60000 },
        )
        .catch(() => findings.push(`${path}: the scan did not finish`));
    }
    const buttons = await exportButtons(page, path);
    if (process.env.EXPORTS_DEBUG) {
      const all = await page
        .locator('[data-testid$="-export"], [data-testid*="-export-"]')
        .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}:${(e as HTMLElement).offsetParent !== null}`));
      console.log(`${path}: ${buttons.join(',')} | all: ${all.join(',')} | panel: ${await panel.count()} ${await panel.isVisible()}`);
      await page.screenshot({ path: join(process.env.EXPORTS_DEBUG, `${path.replace(/\//g, '_')}.png`) });
    }
    for (const id of buttons) {
      const download = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.getByTestId(id).click()])
        .then(([d]) => d)
        .catch(() => undefined);
      if (!download) {
        findings.push(`${path} ${id}: no file`);
        continue;
      }
      const file = join(dir, `${exported.length}-${download.suggestedFilename()}`);
      await download.saveAs(file);
      const book = XLSX.readFile(file, { cellDates: false });
      const cells = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, defval: '' });
      exported.push(`${path} ${id} → ${download.suggestedFilename()} (${cells.length - 1} rows)`);
      for (const f of findingsOf(cells, allowed)) findings.push(`${path} ${download.suggestedFilename()}: ${f}`);
      for (const row of cells.slice(1)) for (const v of row) texts.add(String(v));
    }
  }
  console.log(`screens: ${paths.join(' ')}\nexports:\n${exported.join('\n')}\nfindings:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
  expect(exported.length).toBeGreaterThanOrEqual(20);
  // The codes the office has are there, in words: the top-up settled by its bank transfer ('__AUTO'),
  // the scan results (DA_QUET), a refund's partner channel (khong_qua_api), the red report's FAILD.
  expect([...texts]).toEqual(expect.arrayContaining(['Tự động', 'Đã quét', 'Không qua API', 'Thất bại']));
  await context.close();
}, 900000);
