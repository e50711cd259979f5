/**
 * The bank-lookup screen end to end in real Chromium, through the real gateway, the real gRPC bank
 * service and real PostgreSQL/Redis/Kafka: the administrator uploads a VPBank statement built here
 * as a real .xlsx (12 header rows, data from row 13, a skipped row, a dropped row, one bad row),
 * sees the file name and the number saved, the refused row under its sheet row number, the rows
 * and the totals; then fills phone and package inline and approves behind 'Xác nhận duyệt?'.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { Browser, Page } from 'playwright-core';
import { input, launchChromium, logIn, showSearch } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let dir: string;

/** Today in Vietnam as DD/MM/YYYY (the list shows this month to today by default). */
function vnToday(): string {
  const d = new Date(Date.now() + 7 * 3600 * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** A VPBank statement as the bank exports it: title and account rows, the header at row 12, data from 13. */
function statement(file: string, tag: string) {
  const day = vnToday();
  const rows: unknown[][] = [
    ['NGÂN HÀNG TMCP VIỆT NAM THỊNH VƯỢNG (VPBANK)'],
    ['SAO KÊ TÀI KHOẢN'],
    [],
    ['Số tài khoản:', '123456789'],
    ['Tên tài khoản:', 'CONG TY CSKH'],
    ['Loại tiền:', 'VND'],
    [`Từ ngày: 01/01/2025`],
    [],
    [],
    [],
    [],
    ['STT', 'Ngày giao dịch', 'Số tham chiếu', 'Nội dung', 'Ghi nợ', 'Số dư', 'Ghi có'],
    [1, `${day} 00:05:00`, 'FT001', `${tag} CK 0912345678 MXH100`, '', '', '1.500.000'], // row 13
    [2, `${day} 00:06:00`, 'FT002', `${tag} chuyen tien goi V90`, '', '', '250,000'], // row 14
    ['', `${day} 00:07:00`, '', `${tag} dong tong cong`, '', '', '9.999.999'], // row 15: blank first column, skipped
    [3, `${day} 00:08:00`, 'FT003', `${tag} phi`, '', '', '0'], // row 16: amount 0, dropped
    [4, 'ngay khong ro', 'FT004', `${tag} loi thoi gian`, '', '', '300.000'], // row 17: refused by the server
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  XLSX.writeFile(wb, file);
}

const login = (page: Page, username: string, password: string) => logIn(page, stack.url, username, password);

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'bank-browser-'));
  stack = await startStack({ env: isolatedStackEnv('web_bank', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }) });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('uploads a VPBank statement, shows what was saved and the refused row, then approves a filled message', async () => {
  const tag = `NH${randomBytes(3).toString('hex')}`;
  const fileName = `saoke-${tag}.xlsx`;
  const file = join(dir, fileName);
  statement(file, tag);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/app/bank-lookup').click();
  await page.getByTestId('list-mesbank').waitFor();

  await page.getByTestId('mesbank-import-file').setInputFiles(file);
  // The alert: the file name and the number of records saved (rows 13 and 14).
  await page
    .getByTestId('toast')
    .filter({ hasText: `${fileName}: đã lưu 2 bản ghi` })
    .first()
    .waitFor();
  // The import-error dialog: only row 17 (15 was skipped, 16 dropped by the browser).
  const errors = page.getByTestId('mesbank-import-errors');
  await errors.waitFor();
  const errorRows = errors.getByTestId('mesbank-import-error-row');
  expect(await errorRows.count()).toBe(1);
  expect(await errorRows.first().getAttribute('data-row')).toBe('17');
  // Refused as read, quoting the cell as typed with its column, never sent.
  expect(await errorRows.first().textContent()).toContain("Cột B (Thời gian): 'ngay khong ro' không phải ngày giờ (DD/MM/YYYY HH:mm:ss)");
  await page.getByTestId('mesbank-import-errors-close').click();
  await errors.waitFor({ state: 'detached' });

  // The rows of this file and the totals over the filter.
  await input(page, 'mesbank-filter-message').fill(tag);
  // The totals are the search's: wait for its answer on screen (the unfiltered list has totals too).
  expect(await showSearch(page, { id: 'mesbank', endpoint: '/api/v1/mesbank', params: { message: tag } })).toHaveLength(2);
  expect(await page.getByTestId('mesbank-total-count').textContent()).toBe('2');
  expect(await page.getByTestId('mesbank-total-money').textContent()).toBe('1,750,000');
  const row = page.locator('[data-testid^="mesbank-row-"]').filter({ hasText: `${tag} CK 0912345678` });
  await row.waitFor();
  expect(await row.textContent()).toContain('1,500,000');
  // The sending bank shows from the start ('Kênh'), and a manager sees who last updated each row.
  const headers = page.locator('[data-testid="list-mesbank"] .MuiDataGrid-columnHeaderTitle');
  expect(await headers.filter({ hasText: /^Kênh$/ }).count()).toBe(1);
  expect(await headers.filter({ hasText: /^Người cập nhật$/ }).count()).toBe(1);
  expect(await row.locator('[data-field="sender"]').textContent()).toBe('VPBANK');
  // With both, the list still fits a 1440-px screen: no sideways scroll, no header cut.
  const fit = await page.locator('[data-testid="list-mesbank"]').evaluate((list) => {
    const scroller = list.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    const cut = [...list.querySelectorAll('.MuiDataGrid-columnHeaderTitle')].filter(
      (h) =>
        (h as HTMLElement).scrollHeight > (h as HTMLElement).clientHeight + 1 ||
        (h as HTMLElement).scrollWidth > (h as HTMLElement).clientWidth + 1,
    );
    return { overflow: scroller.scrollWidth - scroller.clientWidth <= 8, cut: cut.map((h) => h.textContent) };
  });
  expect(fit).toEqual({ overflow: true, cut: [] });

  // Fill phone and package inline, then approve behind its confirmation.
  const rowId = (await row.getAttribute('data-testid'))!.replace('mesbank-row-', '');
  const phone = input(page, `mesbank-edit-so_dien_thoai-${rowId}`);
  await phone.fill('0912345678');
  await phone.press('Enter');
  await page.getByTestId('toast').filter({ hasText: 'Cập nhật số điện thoại thành công' }).first().waitFor();
  const pkg = input(page, `mesbank-edit-goi_cuoc-${rowId}`);
  await pkg.fill('MXH100');
  await pkg.press('Enter');
  await page.getByTestId('toast').filter({ hasText: 'Cập nhật gói cước thành công' }).first().waitFor();
  await page.getByTestId(`mesbank-approve-${rowId}`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Xác nhận duyệt?');
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('toast').filter({ hasText: 'Duyệt thông tin thành công' }).first().waitFor();
  await row.filter({ hasText: 'Đã duyệt' }).waitFor();
  // Decided: no more approve or deny for this row; the phone shows as its last 9 digits with a 0.
  expect(await page.getByTestId(`mesbank-approve-${rowId}`).count()).toBe(0);
  expect(await page.getByTestId(`mesbank-deny-${rowId}`).count()).toBe(0);
  expect(await input(page, `mesbank-edit-so_dien_thoai-${rowId}`).count()).toBe(0);
  expect(await row.textContent()).toContain('0912345678');
  expect(await row.locator('[data-field="nguoi_cap_nhat"]').textContent()).toBe('admin');
  await page.close();
}, 120000);
