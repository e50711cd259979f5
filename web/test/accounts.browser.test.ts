/**
 * The foundation end to end in real Chromium, through the real gateway, the real gRPC auth
 * service and real PostgreSQL/Redis/Kafka: an administrator logs in, creates a staff account in
 * the accounts tab; the staff member logs in and sees exactly the menu items their role allows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, Browser, Page } from 'playwright-core';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;

/** The menu of spec 1 §2.4 (items outside groups): path → any-of permission codes. */
const SPEC_MENU: Array<[string, string[]]> = [
  ['/app/customer-care', ['customer.get', 'customer.care']],
  ['/app/khr', ['khr']],
  ['/app/mfy', ['mfy']],
  ['/app/dangky9279', ['dangky9279']],
  ['/app/blacklist', ['blacklist']],
  ['/app/baodo', ['baodo']],
  ['/app/care-history', ['customer.care']],
  ['/app/tilebatso', ['tilebatso']],
  ['/app/customer-lookup', ['lookup.balance', 'lookup.package', 'lookup.info']],
  ['/app/bank-lookup', ['lookup.bank']],
  ['/app/mes1414otp', ['mes1414otp']],
  ['/app/requestrefund', ['requestrefund']],
  ['/app/invite', ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.9332', 'care.selling', 'care.dk']],
  ['/app/tinhluong', ['tinhluong']],
  ['/sys/accounts', ['user.get', 'user.edit', 'user.add', 'user.delete']],
  ['/sys/systemaccount', ['systemaccount']],
];

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(stack.url + path, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const input = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"]`);

async function login(page: Page, username: string, password: string) {
  if (!page.url().endsWith('/login')) await page.goto(stack.url + '/login');
  await input(page, 'login-username').fill(username);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/app/home');
}

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html'))) throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  stack = await startStack({ env: isolatedStackEnv('web_accounts', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }) });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 180000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('admin creates a staff account; the staff member sees only what their role allows', async () => {
  // The role to give: the seeded branch-level role (priority 3), and its permission codes.
  const admin = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username: 'admin', password: ADMIN_PASSWORD });
  const roles = await api<{ values: Array<{ id: string; name: string; priority: number; permissions: string[] }> }>(
    '/api/v1/role?page=1&count=100',
    admin.access_token,
  );
  const role = roles.values.find((r) => r.priority === 3)!;
  const catalogue = await api<{ values: Array<{ id: string; code: string }> }>('/api/v1/permission?page=1&count=1000', admin.access_token);
  const codes = new Set(catalogue.values.filter((p) => role.permissions.includes(p.id)).map((p) => p.code));
  expect(codes.size).toBeGreaterThan(0);

  const page = await browser.newPage();
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/sys/accounts').click();
  await page.getByTestId('create-user-button').click();
  const username = `nv${randomBytes(3).toString('hex')}`;
  await input(page, 'create-user-fullname').fill('Nguyễn Văn Kiểm');
  await input(page, 'create-user-username').fill(username);
  await input(page, 'create-user-password').fill('Matkhau@1');
  await input(page, 'create-user-email').fill(`${username}@cskh.vn`);
  await input(page, 'create-user-phone').fill('0912345678');
  await page.getByTestId('create-user-role').click();
  await page.getByTestId(`create-user-role-option-${role.name}`).click();
  await page.getByTestId('create-user-submit').click();
  await page.getByTestId('toast').filter({ hasText: 'Tạo nhân viên thành công' }).first().waitFor();
  await page.getByTestId(`account-row-${username}`).waitFor();

  await page.getByTestId('logout-button').click();
  await page.waitForURL('**/login');
  await input(page, 'login-username').waitFor();

  await login(page, username, 'Matkhau@1');
  expect(await page.getByTestId('sidebar-fullname').textContent()).toBe('Nguyễn Văn Kiểm');
  expect(await page.getByTestId('sidebar-role').textContent()).toBe(role.name);
  const seen: string[] = [];
  const expected: string[] = [];
  for (const [path, anyOf] of SPEC_MENU) {
    if ((await page.getByTestId(`menu-${path}`).count()) > 0) seen.push(path);
    if (anyOf.some((c) => codes.has(c))) expected.push(path);
  }
  expect(seen).toEqual(expected);
  // Priority 3 is below 5: the 'Quản trị' section shows.
  expect(await page.getByTestId('menu-admin-section').count()).toBe(1);
  // What the menu hides, the server refuses.
  const staff = await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username, password: 'Matkhau@1' });
  const res = await fetch(stack.url + '/api/v1/systemaccount', { headers: { authorization: `Bearer ${staff.access_token}` } });
  expect(res.status).toBe(codes.has('systemaccount') ? 200 : 403);
  await page.close();
}, 120000);
