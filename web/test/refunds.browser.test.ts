/**
 * Refund requests end to end in real Chromium, through the real gateway, the refunds service and
 * real PostgreSQL/Redis/Kafka: a salesperson meets the dialog's alerts, creates a package refund
 * with a chained discount top-up (the server takes the refund from the price list by method and
 * discounts the top-up at the prepaid rate) and sees the channel's notice; with the channel switched
 * to the first card gateway (the carrier simulator's partner API) the salesperson's discount top-ups
 * show the partner's notice, and one whose answer is lost stays 'Đang xử lý' until sent again
 * (paid once); a manager sees the
 * discounted amount, approves the top-up after 'Xác nhận duyệt đơn này?', then in the report marks
 * the refund for clawback after its confirm text and exports DANH-SACH-TRUY-THU.xlsx with the sum.
 * The partner's status words reach the salesperson in Vietnamese ('(Thành công)', never '(SUCCESS)').
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { Browser, Page } from 'playwright-core';
import { callApi, chooseOption, input, launchChromium, logIn, pickOption, showSearch, toast, staffMaker } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';
import { PRICE_FIELDS } from '../../services/refunds/src/domain/prices';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let dir: string;

const api = <T>(path: string, token?: string, body?: unknown, method?: string) => callApi<T>(stack.url, path, token, body, method);

const login = (page: Page, username: string, password: string) => logIn(page, stack.url, username, password);
/** The refund requests list searched by a phone's last nine digits. */
const requestList = (phone: string) => ({ id: 'requestrefund', endpoint: '/api/v1/requestrefund', params: { message: phone.slice(-9) } });

async function confirmWith(page: Page, text: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await page.getByTestId('confirm-ok').click();
}

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'refunds-browser-'));
  stack = await startStack({
    env: isolatedStackEnv('web_refunds', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, PARTNER_TIMEOUT_MS: '1500' }),
    only: ['auth', 'refunds'],
  });
  browser = await launchChromium();
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a salesperson creates a package refund with a chained top-up; a manager approves it, marks a clawback and exports the clawback list', async () => {
  const tag = randomBytes(3).toString('hex');
  const pkg = `HT${tag}`.toUpperCase();
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const prices = Object.fromEntries(PRICE_FIELDS.map((k) => [k, 10000]));
  await api('/api/v1/giahoantien', admin.access_token, { ten_goi_cuoc: pkg, ...prices, gia_gia_han: 50000, gia_nang_cap_g1: 59000 });
  await api('/api/v1/setting/ti_le_chiet_khau', admin.access_token, { value: '10' }, 'PUT');
  const user = await staffMaker(stack.url, admin.access_token);
  const branch = await user(`cn${tag}`, 'Chi Nhánh Hoàn', 3);
  const seller = `nvht${tag}`;
  await user(seller, 'Lê Hoàn Tiền', 5, branch.id);
  const boss = `ql${tag}`;
  await user(boss, 'Trần Quản Lý', 2);

  // ── The salesperson: the dialog's alerts, then the refund with its chained top-up.
  const page = await browser.newPage();
  await login(page, seller, 'Matkhau@1');
  await page.getByTestId('menu-/app/requestrefund').click();
  await page.getByTestId('list-requestrefund').waitFor();
  await page.getByTestId('requestrefund-create-refund').click();
  await page.getByTestId('refund-form-dialog').waitFor();
  await page.getByTestId('refund-form-submit').click();
  expect(await page.getByTestId('refund-form-alert').textContent()).toContain(
    '[Lỗi]\nCó trường bắt buộc chưa được nhập hoặc chưa được chọn',
  );
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await input(page, 'refund-form-number_phone').fill(phone);
  await chooseOption(page, 'refund-form-number_type', 'Trả trước (MC)');
  await input(page, 'refund-form-package_code').fill(pkg);
  await chooseOption(page, 'refund-form-request_type', 'Hoàn trước');
  await page.getByTestId('refund-form-request_method').click();
  // The method dropdown carries the package's refund prices (findPackage).
  const g1 = page.getByTestId('refund-form-request_method-option-10');
  expect(await g1.textContent()).toContain('59,000');
  await pickOption(g1);
  await page.getByTestId('refund-form-submit').click();
  expect(await page.getByTestId('refund-form-alert').textContent()).toContain('Bạn chưa trả lời có lên đơn chiết khấu hay không');
  await chooseOption(page, 'refund-form-cho_len_don', 'yes');
  await input(page, 'refund-form-nap_tien').fill('100000');
  expect(await input(page, 'refund-form-nap_tien').inputValue()).toBe('100,000');
  await page.getByTestId('refund-form-submit').click();
  // The channel's notices (khong_qua_api): one for the refund, one for the top-up.
  await toast(page, '[YÊU CẦU HOÀN TIỀN]');
  await toast(page, '[NẠP TIỀN CHIẾT KHẤU]');
  await toast(page, 'Đã tạo đơn không qua API');

  // ── The partner channel: the first card gateway (in this stack the carrier simulator, which
  // answers by the phone's last digit: 1 paid, 8 paid but the answer is lost).
  await api('/api/v1/setting/kenh_hoan_tien', admin.access_token, { value: 'cong_nap_the' }, 'PUT');
  const gatewayPhone = (last: string) => `09${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${last}`;
  const topUpThroughDialog = async (number: string) => {
    await page.getByTestId('requestrefund-create-topup').click();
    await page.getByTestId('topup-form-dialog').waitFor();
    await input(page, 'topup-form-number_phone').fill(number);
    await chooseOption(page, 'topup-form-number_type', 'Trả trước (MC)');
    await input(page, 'topup-form-package_code').fill(pkg);
    await input(page, 'topup-form-refund_price').fill('120000');
    await chooseOption(page, 'topup-form-cho_len_don', 'no');
    await page.getByTestId('topup-form-submit').click();
    await page.getByTestId('topup-form-dialog').waitFor({ state: 'detached' });
  };
  const paidPhone = gatewayPhone('1');
  await topUpThroughDialog(paidPhone);
  await toast(page, "[Thông báo từ 'Cổng nạp thẻ']");
  // A salesperson reads the number masked, as everywhere.
  await toast(page, `Nạp thành công 120.000 đ cho thuê bao ****${paidPhone.slice(-5)} (Thành công)`);
  // The partner's own word (SUCCESS) never reaches staff: they read it in Vietnamese.
  expect(await page.getByTestId('toast').filter({ hasText: 'SUCCESS' }).count()).toBe(0);
  const lostPhone = gatewayPhone('8');
  await topUpThroughDialog(lostPhone);
  await toast(page, 'Cổng nạp thẻ chưa phản hồi, yêu cầu đang xử lý và có thể gửi lại (Đang xử lý)');
  await input(page, 'requestrefund-filter-message').fill(lostPhone.slice(-9));
  // The unfiltered list may already show an 'Đang xử lý' row: wait for this search's answer on screen.
  await showSearch(page, requestList(lostPhone));
  const lostRow = page.locator('[data-testid^="requestrefund-row-"]').filter({ hasText: 'Đang xử lý' });
  await lostRow.waitFor();
  const lostId = (await lostRow.getAttribute('data-testid'))!.replace('requestrefund-row-', '');
  await page.getByTestId(`requestrefund-retry-${lostId}`).click();
  await confirmWith(page, 'Xác nhận gửi lại yêu cầu tới cổng nạp thẻ?');
  await toast(page, `Nạp thành công 120.000 đ cho thuê bao ****${lostPhone.slice(-5)} (Thành công)`);
  await page.getByTestId(`requestrefund-retry-${lostId}`).waitFor({ state: 'detached' });
  await page.getByTestId(`requestrefund-row-${lostId}`).filter({ hasText: 'Hoàn thành' }).waitFor();
  await api('/api/v1/setting/kenh_hoan_tien', admin.access_token, { value: 'khong_qua_api' }, 'PUT');

  await input(page, 'requestrefund-filter-message').fill(phone.slice(-9));
  // The totals above the grid are the search's: wait for its answer on screen, not for any two rows.
  expect(await showSearch(page, requestList(phone))).toHaveLength(2);
  const rows = page.locator('[data-testid^="requestrefund-row-"]');
  const refundRow = rows.filter({ hasText: 'Hoàn trước' });
  const topUpRow = rows.filter({ hasText: 'Nạp tiền' });
  // The refund amount comes from the price list by method (G1); the seller sees no discounted amount.
  expect(await refundRow.textContent()).toContain('59,000');
  expect(await topUpRow.textContent()).toContain('100,000');
  expect(await refundRow.textContent()).toContain(`****${phone.slice(-5)}`);
  expect(await page.getByTestId('requestrefund-tongHoanTien').textContent()).toContain('59,000');
  expect(await page.getByTestId('requestrefund-tongNapTien').textContent()).toContain('100,000');
  const topUpId = (await topUpRow.getAttribute('data-testid'))!.replace('requestrefund-row-', '');
  const refundId = (await refundRow.getAttribute('data-testid'))!.replace('requestrefund-row-', '');
  // A salesperson approves nothing.
  expect(await page.getByTestId(`requestrefund-approve-${topUpId}`).count()).toBe(0);
  await page.close();

  // ── The manager: the discounted amount (10 % prepaid), the approval behind its confirmation.
  const mgr = await browser.newPage({ acceptDownloads: true });
  await login(mgr, boss, 'Matkhau@1');
  await mgr.getByTestId('menu-/app/requestrefund').click();
  await mgr.getByTestId('list-requestrefund').waitFor();
  await input(mgr, 'requestrefund-filter-message').fill(phone.slice(-9));
  // The top-up row is also in the unfiltered first page, whose totals are the whole list's.
  await showSearch(mgr, requestList(phone));
  const mTopUp = mgr.getByTestId(`requestrefund-row-${topUpId}`);
  expect(await mTopUp.textContent()).toContain('90,000');
  expect(await mgr.getByTestId('requestrefund-tongTienSauChietKhau').textContent()).toContain('90,000');
  await mgr.getByTestId(`requestrefund-approve-${topUpId}`).click();
  await confirmWith(mgr, 'Xác nhận duyệt đơn này?');
  await toast(mgr, 'Duyệt đơn thành công');
  await mgr.getByTestId(`requestrefund-approve-${topUpId}`).waitFor({ state: 'detached' });
  // Who approved is one click away ('Cột' → 'Người duyệt').
  await mgr.getByTestId('requestrefund-columns').click();
  await mgr.getByTestId('requestrefund-column-approver').click();
  await mgr.keyboard.press('Escape');
  await mTopUp.filter({ hasText: boss }).waitFor();

  // ── The report: the refund marked for clawback after its confirm text, then the clawback list.
  // The report sits in the collapsed 'reports' menu group: open it by its address.
  await mgr.goto(stack.url + '/app/requestrefundreport');
  await mgr.getByTestId('list-requestrefundreport').waitFor();
  await input(mgr, 'requestrefundreport-filter-message').fill(phone.slice(-9));
  await showSearch(mgr, { id: 'requestrefundreport', endpoint: '/api/v1/requestrefundreport', params: { message: phone.slice(-9) } });
  // A top-up's normal clawback state reads 'ĐÃ THANH TOÁN'.
  expect(await mgr.getByTestId(`requestrefundreport-row-${topUpId}`).textContent()).toContain('ĐÃ THANH TOÁN');
  await mgr.getByTestId(`requestrefundreport-edit-trang_thai_truy_thu_hoan_theo_goi-${refundId}`).click();
  await pickOption(mgr.getByRole('option', { name: 'Truy thu', exact: true }));
  await confirmWith(mgr, "Xác nhận đổi trạng thái 'Truy thu'?");
  await toast(mgr, 'Đổi trạng thái truy thu thành công');

  const [download] = await Promise.all([mgr.waitForEvent('download'), mgr.getByTestId('requestrefundreport-export-clawback').click()]);
  expect(download.suggestedFilename()).toBe('DANH-SACH-TRUY-THU.xlsx');
  const file = join(dir, 'truythu.xlsx');
  await download.saveAs(file);
  const sheet = XLSX.readFile(file);
  const data = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0]]);
  expect(data).toEqual([{ 'Nhân viên': seller, 'Tên nhân viên': 'Lê Hoàn Tiền', 'Tổng truy thu': 59000 }]);
  await mgr.close();
}, 180000);
