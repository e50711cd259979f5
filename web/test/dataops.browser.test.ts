/**
 * The scan screen end to end in real Chromium, through the real gateway, realtime tier, dataops
 * service, carrier simulator and PostgreSQL/Redis/Kafka: a coordinator uploads a scan file built
 * here as a real .xlsx (a header, the phones in column A, a duplicate), starts the scan from the
 * table, watches the counter move without reloading (pushed progress), stops it and resumes it to
 * the end, and exports DA-XU-LY-{file}.xlsx with every number's result.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { chromium, Browser, Page } from 'playwright-core';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
const NUMBERS = 120;
let stack: Stack;
let browser: Browser;
let dir: string;

const input = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"]`);

async function login(page: Page, username: string, password: string) {
  await page.goto(stack.url + '/login');
  await input(page, 'login-username').fill(username);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/app/home');
}

/** A scan file: a header, then the phones in column A (one repeated). */
function scanSheet(file: string) {
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const phones = Array.from({ length: NUMBERS }, (_, i) => `09${String(base + i).padStart(8, '0')}`);
  const rows = [['So dien thoai'], ...phones.map((p) => [p]), [phones[0]]];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  XLSX.writeFile(wb, file);
  return phones;
}

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html'))) throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'dataops-browser-'));
  // A slow carrier and a low scan rate so that stop lands mid-scan and the counter visibly moves.
  stack = await startStack({
    env: isolatedStackEnv('web_dataops', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, CARRIER_LATENCY_MS: '20', SCAN_RATE_PER_SECOND: '15', SCAN_CONCURRENCY: '2', SCAN_BATCH_SIZE: '5' }),
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('uploads a scan file, starts it, watches the pushed counter, stops and resumes it, exports DA-XU-LY', async () => {
  const tag = randomBytes(3).toString('hex');
  const fileName = `quet-${tag}.xlsx`;
  const file = join(dir, fileName);
  scanSheet(file);

  const page = await browser.newPage({ acceptDownloads: true });
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/sys/quetdata').click();
  await page.getByTestId('list-scan-quetdata').waitFor();

  await page.getByTestId('scan-quetdata-import-file').setInputFiles(file);
  await page.getByTestId('toast').filter({ hasText: `Tai file thanh cong: ${fileName}` }).first().waitFor();
  const count = page.getByTestId(`scan-count-${fileName}`);
  await count.waitFor();
  expect(await count.getAttribute('data-total')).toBe(String(NUMBERS));
  expect(await count.getAttribute('data-scanned')).toBe('0');
  const row = page.locator('[data-testid^="scan-quetdata-row-"]').filter({ hasText: fileName });
  const rowId = (await row.getAttribute('data-testid'))!.replace('scan-quetdata-row-', '');

  // Start: the counter moves on its own (pushes), no reload, no polling.
  let listLoads = 0;
  page.on('request', (r) => r.url().includes('/api/v1/quetdata?') && listLoads++);
  await page.getByTestId(`scan-quetdata-start-${rowId}`).click();
  await page.getByTestId('toast').filter({ hasText: 'Bat dau quet' }).first().waitFor();
  const scanned = async () => Number(await count.getAttribute('data-scanned'));
  await page.waitForFunction((id) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-scanned')) >= 10, `scan-count-${fileName}`);
  const first = await scanned();
  await page.waitForFunction(([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-scanned')) > Number(n), [`scan-count-${fileName}`, first] as const);
  expect(listLoads).toBe(0);

  // Stop: the state turns 'stopped' and the counter holds.
  await page.getByTestId(`scan-quetdata-stop-${rowId}`).click();
  await page.getByTestId('toast').filter({ hasText: 'Da yeu cau dung quet' }).first().waitFor();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'stopped', `scan-state-${fileName}`);
  await page.waitForTimeout(1500);
  const atStop = await scanned();
  await page.waitForTimeout(1000);
  expect(await scanned()).toBe(atStop);
  expect(atStop).toBeLessThan(NUMBERS);

  // Resume to the end.
  await page.getByTestId(`scan-quetdata-start-${rowId}`).click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'done', `scan-state-${fileName}`, { timeout: 60000 });
  expect(await scanned()).toBe(NUMBERS);
  expect(listLoads).toBe(0);

  // Export the processed file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`scan-quetdata-export-${rowId}`).click()]);
  expect(download.suggestedFilename()).toBe(`DA-XU-LY-quet-${tag}.xlsx`);
  const saved = join(dir, download.suggestedFilename());
  await download.saveAs(saved);
  const sheet = XLSX.readFile(saved).Sheets['Sheet 1'];
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
  expect(rows).toHaveLength(NUMBERS);
  expect(rows.every((r) => r.Status === 'DA_QUET')).toBe(true);
  expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['PhoneNumber', 'NumberCurrentPackage', 'CurrentCycle', 'NumberFreeCycleLeft']));
  await page.close();
}, 150000);
