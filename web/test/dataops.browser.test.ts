/**
 * The dataops screens end to end in real Chromium, through the real gateway, realtime tier, dataops
 * and care services, carrier simulator and PostgreSQL/Redis/Kafka:
 *  - scans: a coordinator uploads a scan file built here as a real .xlsx (a header, the phones in
 *    column A, a duplicate), starts the scan from the table, watches the counter move without
 *    reloading (pushed progress), stops it and resumes it to the end, and exports
 *    DA-XU-LY-{file}.xlsx with every number's result;
 *  - taking numbers: the administrator uploads a data-split file built here and activates it; a
 *    data coordinator (priority 7) grants a salesperson the file and today, and gives them a
 *    quantity of 2; the salesperson takes a number from the file in 'Khách hàng mới', records the
 *    result (the file's used count and their taken count go up by one), takes a second, different
 *    number, and then is told there is nothing left. Before the upload, the coordinator's screens say
 *    where data-split files come from, and a permission save with no file ticked is refused.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { Browser, Page } from 'playwright-core';
import {
  callApi,
  chooseOption,
  input,
  lastToast,
  launchChromium,
  logIn,
  pickOption,
  socketFrames,
  toast,
  toastAfter,
  unchangedOver,
  staffMaker,
} from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, readUntil } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
const NUMBERS = 120;
let stack: Stack;
let browser: Browser;
let dir: string;

const api = <T>(path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body);

const login = (page: Page, username: string, password: string) => logIn(page, stack.url, username, password);

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
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'dataops-browser-'));
  // A slow carrier and a low scan rate so that stop lands mid-scan and the counter visibly moves.
  stack = await startStack({
    env: isolatedStackEnv('web_dataops', {
      CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CARRIER_LATENCY_MS: '20',
      SCAN_RATE_PER_SECOND: '15',
      SCAN_CONCURRENCY: '2',
      SCAN_BATCH_SIZE: '5',
    }),
  });
  browser = await launchChromium();
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
  const adminToken = (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD }))
    .access_token;

  const page = await browser.newPage({ acceptDownloads: true });
  // The progress the server pushes to this page (its socket opens at the login).
  const frames = socketFrames(page);
  type Progress = { FileName: string; scanned: number; state: string; at: number };
  const progressIn = (fs: typeof frames.all): Progress[] =>
    fs.flatMap((f) =>
      !f.sent && f.event === 'scanProgress' && (f.data as Progress)?.FileName === fileName ? [{ ...(f.data as Progress), at: f.at }] : [],
    );
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/sys/quetdata').click();
  await page.getByTestId('list-scan-quetdata').waitFor();

  await page.getByTestId('scan-quetdata-import-file').setInputFiles(file);
  await page
    .getByTestId('toast')
    .filter({ hasText: `Tải file thành công: ${fileName}` })
    .first()
    .waitFor();
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
  await page.getByTestId('toast').filter({ hasText: 'Bắt đầu quét' }).first().waitFor();
  const scanned = async () => Number(await count.getAttribute('data-scanned'));
  await page.waitForFunction(
    (id) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-scanned')) >= 10,
    `scan-count-${fileName}`,
  );
  const first = await scanned();
  await page.waitForFunction(
    ([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-scanned')) > Number(n),
    [`scan-count-${fileName}`, first] as const,
  );
  expect(listLoads).toBe(0);

  // The scanned count the server reports for the file (its list, read as the administrator).
  const storedScanned = async () => {
    const list = await api<{ values: Array<{ FileName: string; so_da_quet: number }> }>('/api/v1/quetdata?page=1&count=100', adminToken);
    return list.values.find((v) => v.FileName === fileName)?.so_da_quet;
  };

  // The worker's own tick as this page saw it: the longest gap between two of its progress pushes.
  const running = progressIn(frames.all).filter((p) => p.state === 'running');
  expect(running.length).toBeGreaterThanOrEqual(2);
  const tick = Math.max(...running.slice(1).map((p, i) => p.at - running[i].at));

  // Stop: the state turns 'stopped' and the counter holds.
  const beforeStop = frames.all.length;
  await page.getByTestId(`scan-quetdata-stop-${rowId}`).click();
  await page.getByTestId('toast').filter({ hasText: 'Đã yêu cầu dừng quét' }).first().waitFor();
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'stopped',
    `scan-state-${fileName}`,
  );
  // The stop command's push says 'stopped' at once; the worker sees the stop only after the step it
  // has in flight (scan-worker.ts): it stores that step and pushes its progress — 'stopped' too, the
  // second — and lets the file go. That push is what says the worker really stopped.
  await frames.until("the worker's progress after its last step", (fs) => progressIn(fs).filter((p) => p.state === 'stopped').length >= 2, {
    from: beforeStop,
  });
  // The counter shows the last progress pushed.
  const last = progressIn(frames.all).at(-1)!;
  await page.waitForFunction(([id, n]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-scanned') === String(n), [
    `scan-count-${fileName}`,
    last.scanned,
  ] as const);
  const atStop = await scanned();
  // Nothing moves for three of the worker's ticks: neither the counter, nor the count the server
  // reports, nor a progress pushed.
  const afterLast = frames.all.length;
  const { before, after } = await unchangedOver(async () => ({ shown: await scanned(), stored: await storedScanned() }), 3 * tick);
  expect(after).toEqual(before);
  expect(before.shown).toBe(atStop);
  expect(progressIn(frames.all.slice(afterLast))).toEqual([]);
  expect(atStop).toBeLessThan(NUMBERS);

  // Resume to the end.
  await page.getByTestId(`scan-quetdata-start-${rowId}`).click();
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'done',
    `scan-state-${fileName}`,
    { timeout: 60000 },
  );
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
  expect(rows.every((r) => r['Kết quả quét'] === 'Đã quét')).toBe(true);
  expect(Object.keys(rows[0])).toEqual(
    expect.arrayContaining(['Số điện thoại', 'Gói cước hiện tại', 'Chu kỳ hiện tại', 'Số chu kỳ miễn phí còn lại']),
  );
  await page.close();
}, 150000);

/** A data-split file (spec 3 §3): phone, type, package, registered, expires, cycle, state, packages, free cycles; a header row. */
function splitSheet(file: string, phones: string[]) {
  const row = (p: string) => [p, 'MC', 'V90', '01/10/2026', '31/10/2026', '1', 'ACTIVE', 'V120', '2'];
  const rows = [
    [
      'Số điện thoại',
      'Loại thuê bao',
      'Gói cước',
      'Ngày đăng ký',
      'Ngày hết hạn',
      'Chu kỳ hiện tại',
      'Trạng thái',
      'Gói có thể đăng ký',
      'Số chu kỳ miễn phí còn lại',
    ],
    ...phones.map(row),
    row(phones[0]), // the same phone and package again: dropped
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  XLSX.writeFile(wb, file);
}

it('a salesperson takes numbers from an activated data-split file in Khách hàng mới, within the quota a coordinator gave', async () => {
  const tag = randomBytes(3).toString('hex');
  const fileName = `chia-${tag}.xlsx`;
  const file = join(dir, fileName);
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const numbers = [0, 1, 2].map((i) => `09${String(base + i).padStart(8, '0')}`);
  splitSheet(file, numbers);

  // A branch with its salesperson and a data coordinator (priority 7), through the accounts API.
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const account = await staffMaker(stack.url, admin.access_token);
  const branch = await account(`cn${tag}`, 'Chi Nhánh Chia', 3);
  const seller = `nvkd${tag}`;
  await account(seller, 'Lê Lấy Số', 5, branch.id);
  const coordinator = `dp${tag}`;
  await account(coordinator, 'Điều Phối Dữ Liệu', 7, branch.id);
  // Dataops learns about staff from auth's events: wait until the coordinator can hand data to the salesperson.
  const coord = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: coordinator, password: 'Matkhau@1' });
  await readUntil(
    'dataops learns the new salesperson (a target of the coordinator)',
    () => api<{ values: Array<{ username: string }> }>('/api/v1/uploadchiadata/targets', coord.access_token),
    (targets) => targets.values.some((t) => t.username === seller),
    30_000,
    300,
  );
  // Before any data-split file exists, both of the coordinator's screens say where files come from,
  // and a save with nothing ticked is refused (by the screen, and by the server for any caller).
  const early = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await login(early, coordinator, 'Matkhau@1');
  await early.getByTestId('menu-/sys/phanquyendata').click();
  await early.getByTestId('split-no-files').filter({ hasText: "màn hình 'Tải lên chia data'" }).waitFor();
  const pending = early.getByTestId('perm-section-sale');
  await pending.getByRole('combobox').click();
  await pickOption(early.getByRole('option', { name: `${seller} - Lê Lấy Số` }));
  await pending.getByTestId('perm-save-sale').click();
  await toast(early, 'Chưa chọn file nào để phân quyền');
  await early.getByTestId('menu-/sys/chiadata').click();
  await early.getByTestId('chiadata').getByTestId('split-no-files').waitFor();
  await early.close();
  await expect(
    api('/api/v1/uploadchiadata/handleCustomDataOption', coord.access_token, { sale: { username: seller, files: [], dates: [] } }),
  ).rejects.toThrow('Chưa chọn file nào để phân quyền');

  const quotaOf = async () => {
    const o = await api<{ values: Array<{ username: string; quantity: number; taken: number }> }>(
      '/api/v1/uploadchiadata/getOptionDataByFile',
      admin.access_token,
      { FileName: fileName },
    );
    return o.values.find((v) => v.username === seller);
  };

  // The administrator uploads the file (the duplicate dropped) and activates taking numbers.
  const boss = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await login(boss, 'admin', ADMIN_PASSWORD);
  await boss.getByTestId('menu-/sys/uploadchiadata').click();
  await boss.getByTestId('list-uploadchiadata').waitFor();
  await boss.getByTestId('uploadchiadata-import-file').setInputFiles(file);
  await toast(boss, `Tải file thành công: ${fileName}`);
  const used = boss.getByTestId(`split-used-${fileName}`);
  await used.waitFor();
  expect((await used.textContent())!.trim()).toBe('0/3');
  const row = boss.locator('[data-testid^="uploadchiadata-row-"]').filter({ hasText: fileName });
  const rowId = (await row.getAttribute('data-testid'))!.replace('uploadchiadata-row-', '');
  expect(await row.textContent()).toContain('Đã dừng');
  await boss.getByTestId(`uploadchiadata-activate-${rowId}`).click();
  await toast(boss, 'Đã kích hoạt lấy số');
  await row.filter({ hasText: 'Đang kích hoạt' }).waitFor();

  // The coordinator grants the salesperson the file and today ('Phan quyen data', section 'Theo nhân viên').
  const dp = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await login(dp, coordinator, 'Matkhau@1');
  await dp.getByTestId('menu-/sys/phanquyendata').click();
  const sale = dp.getByTestId('perm-section-sale');
  await sale.waitFor();
  await sale.getByRole('combobox').click();
  await pickOption(dp.getByRole('option', { name: `${seller} - Lê Lấy Số` }));
  const fileBox = sale.getByRole('checkbox', { name: new RegExp(fileName.replace(/[.]/g, '\\.')) });
  await fileBox.check();
  const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10).split('-').reverse().join('/');
  await sale.getByRole('checkbox', { name: today, exact: true }).check();
  await sale.getByTestId('perm-save-sale').click();
  await toast(dp, 'Đã lưu cài đặt phân quyền!');

  // … and gives them 2 of the file's 3 numbers ('Chia data', the salespeople's list).
  await dp.getByTestId('menu-/sys/chiadata').click();
  await dp.getByTestId('chiadata').waitFor();
  await dp.getByTestId('split-save').click();
  await toast(dp, 'Chưa chọn file để chia data');
  await input(dp, 'split-file').click();
  await input(dp, 'split-file').fill(fileName);
  await pickOption(dp.getByRole('option', { name: fileName }));
  await dp.getByTestId('split-total').filter({ hasText: 'chưa chia: 3' }).waitFor();
  await dp.getByRole('button', { name: 'Danh sách nhân viên' }).click();
  await input(dp, `split-qty-${seller}`).fill('2');
  await dp.getByTestId('split-save').click();
  await toast(dp, 'Đã lưu cài đặt');
  await dp.getByTestId('split-total').filter({ hasText: 'chưa chia: 1' }).waitFor();
  expect(await quotaOf()).toMatchObject({ quantity: 2, taken: 0 });
  await dp.close();

  // The salesperson has nothing handed to them: 'Khách hàng mới' takes a number of the file.
  const sales = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await login(sales, seller, 'Matkhau@1');
  await sales.getByTestId('menu-/app/customer-care').click();
  await sales.getByTestId('customer-care').waitFor();
  const take = async () => {
    await sales.getByTestId('care-new').click();
    await sales.getByTestId('care-current').waitFor();
    return (await sales.getByTestId('care-current-phone').textContent())!.trim();
  };
  const record = async (result: string, note: string) => {
    await sales.getByTestId('care-finish').click();
    await sales.getByTestId('care-result-dialog').waitFor();
    await chooseOption(sales, 'care-result-status', result);
    await sales.locator('textarea[data-testid="care-result-note"]').fill(note);
    // The previous result's toast (same words) may still be up: this result's is a newer one.
    const before = await lastToast(sales);
    await sales.getByTestId('care-result-submit').click();
    await toastAfter(sales, before, 'Thông tin chăm sóc khách hàng ghi nhận thành công.');
    await sales.getByTestId('care-current').waitFor({ state: 'detached' });
  };
  const first = await take();
  expect(numbers).toContain(first);
  expect(await sales.getByTestId('care-current').textContent()).toContain('Gói: V90');
  // The card carries the file's row in words: its free cycles left, the carrier's codes as staff read them.
  const card = await sales.getByTestId('care-current-details').textContent();
  expect(card).toContain('Chu kỳ miễn phí còn lại: 2');
  expect(card).toContain('Loại: MC - Trả trước');
  expect(card).toContain('Trạng thái: Đang hoạt động');
  expect(card).toContain('Gói có thể đăng ký: V120');
  expect(card).not.toContain('ACTIVE');
  expect(await sales.getByTestId('care-new').isDisabled()).toBe(true);
  await record('Không đồng ý', 'Khách không có nhu cầu');
  // One number used: the file's used count (the administrator's table) and the salesperson's taken count.
  expect(await quotaOf()).toMatchObject({ quantity: 2, taken: 1 });
  await boss.getByTestId(`uploadchiadata-info-${rowId}`).click();
  await toast(boss, `${fileName}: đã dùng 1/3, chưa chia 1`);

  // A second take gives another number of the file.
  const second = await take();
  expect(numbers).toContain(second);
  expect(second).not.toBe(first);
  await record('Không bắt máy', 'Gọi hai lần không bắt máy');
  expect(await quotaOf()).toMatchObject({ quantity: 2, taken: 2 });

  // The quota is used up: nothing more, however many presses, and the screen says why in the
  // server's words; the third number stays in the file.
  await sales.getByTestId('care-new').click();
  await toast(sales, 'Không còn số nào từ file chia data cho bạn hôm nay');
  expect(await sales.getByTestId('care-current').count()).toBe(0);
  expect(await quotaOf()).toMatchObject({ quantity: 2, taken: 2 });
  await boss.reload();
  await used.filter({ hasText: '2/3' }).waitFor();
  const rows = await api<{ values: Array<{ so_dien_thoai: string; nguoi_lay: string }> }>(
    '/api/v1/uploadchiadata/findAllByFileName',
    admin.access_token,
    { FileName: fileName, page: 1, count: 20 },
  );
  expect(
    rows.values
      .filter((r) => r.nguoi_lay === seller)
      .map((r) => r.so_dien_thoai)
      .sort(),
  ).toEqual([first, second].sort());
  expect(rows.values.filter((r) => r.nguoi_lay === '')).toHaveLength(1);

  // Both results are in the salesperson's care history (masked for them).
  await sales.getByTestId('menu-/app/care-history').click();
  await sales.getByTestId('list-carehistory').waitFor();
  for (const n of [first, second])
    await sales
      .locator('[data-testid^="carehistory-row-"]')
      .filter({ hasText: `****${n.slice(-5)}` })
      .waitFor();
  await sales.close();
  await boss.close();
}, 300000);
