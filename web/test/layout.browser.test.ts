/**
 * The wide lists at a 1440-px screen, in real Chromium, on the demo office (scripts/demo/seed.ts,
 * put in through the API): as the manager, each list's columns fit without a horizontal scroll,
 * every row's actions are in view, and a money cell reads the same whether editable or not. The
 * columns a user seldom needs are one click away ('Cột') and the choice is kept after a reload;
 * the row actions stay in view when the table is scrolled.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { animationsDone, launchChromium, logIn, nextFrames } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, settle } from '../../scripts/testing';
import { seedDemo } from '../../scripts/demo/seed';
import { DEMO_PASSWORD } from '../../scripts/demo/office';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  stack = await startStack({ env: isolatedStackEnv('web_layout', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }) });
  await seedDemo(stack.url, { adminPassword: ADMIN_PASSWORD });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** How a list sits in the window: its scroll overflow and where its rows' actions end. */
async function fit(page: Page, listId: string) {
  return page.evaluate((id) => {
    const list = document.querySelector(`[data-testid="list-${id}"]`)!;
    const scroller = list.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    const grid = list.querySelector('.MuiDataGrid-root')!.getBoundingClientRect();
    const actions = [...list.querySelectorAll('.MuiDataGrid-row .cskh-sticky-actions')].map((c) => c.getBoundingClientRect());
    const buttons = [...list.querySelectorAll('.MuiDataGrid-row .cskh-sticky-actions button')].map((b) => b.getBoundingClientRect());
    const truncated = [...list.querySelectorAll('.MuiDataGrid-columnHeaderTitle')]
      .filter((h) => (h as HTMLElement).scrollHeight > (h as HTMLElement).clientHeight + 1)
      .map((h) => h.textContent);
    const widths = [...list.querySelectorAll('.MuiDataGrid-columnHeader')].map(
      (h) => `${h.getAttribute('data-field')}:${Math.round(h.getBoundingClientRect().width)}`,
    );
    return {
      overflow: scroller.scrollWidth - scroller.clientWidth,
      ...(scroller.scrollWidth - scroller.clientWidth > 0 ? { widths: `${scroller.clientWidth} ${widths.join(' ')}` } : {}),
      rows: actions.length,
      actionsOutside: buttons.filter((b) => b.right > grid.right + 1 || b.left < grid.left - 1 || b.right > window.innerWidth).length,
      truncated,
    };
  }, listId);
}

const screens: Array<[string, string]> = [
  ['/app/mfy', 'mfy'],
  ['/app/dangky9279', 'dangky9279'],
  ['/app/tinhluong', 'tinhluong'],
  ['/sys/accounts', 'accounts'],
  ['/app/bank-lookup', 'mesbank'],
  ['/app/requestrefund', 'requestrefund'],
];

it('as the manager at 1440 px, the wide lists fit with their row actions in view', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, stack.url, 'ql_hoa', DEMO_PASSWORD);
  const seen: Record<string, unknown> = {};
  for (const [path, id] of screens) {
    await page.goto(stack.url + path);
    await page.locator(`[data-testid="list-${id}"] .MuiDataGrid-row .cskh-sticky-actions`).first().waitFor();
    seen[id] = await fit(page, id);
  }
  process.stdout.write(`layout at 1440 px: ${JSON.stringify(seen)}\n`);
  // A few pixels of overflow are the grid's own rounding, not a column out of view.
  for (const [, id] of screens) {
    const f = seen[id] as { overflow: number; rows: number; actionsOutside: number; truncated: string[] };
    expect({ id, fits: f.overflow <= 8, rows: f.rows > 0, actionsOutside: f.actionsOutside, truncated: f.truncated }).toEqual({
      id,
      fits: true,
      rows: true,
      actionsOutside: 0,
      truncated: [],
    });
  }
  await page.close();
}, 240_000);

it('a hidden column is one click away, the choice is kept, and the actions stay in view when the table scrolls', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, stack.url, 'ql_hoa', DEMO_PASSWORD);
  await page.goto(stack.url + '/app/tinhluong');
  await page.locator('[data-testid="list-tinhluong"] .MuiDataGrid-row').first().waitFor();
  const header = (name: string) => page.locator('[data-testid="list-tinhluong"] .MuiDataGrid-columnHeaderTitle', { hasText: name });
  expect(await header('Thưởng lễ tết').count()).toBe(0);
  await page.getByTestId('tinhluong-columns').click();
  await page.getByTestId('tinhluong-column-thuongLeTet').click();
  await page.keyboard.press('Escape');
  await header('Thưởng lễ tết').waitFor();
  await page.reload();
  await page.locator('[data-testid="list-tinhluong"] .MuiDataGrid-row').first().waitFor();
  expect(await header('Thưởng lễ tết').count()).toBe(1);
  // Every column shown: the table scrolls, its actions do not.
  await page.getByTestId('tinhluong-columns').click();
  const items = page.locator('[data-testid^="tinhluong-column-"]');
  for (let i = 0; i < (await items.count()); i++) {
    const box = items.nth(i).locator('input[type="checkbox"]');
    if (!(await box.isChecked())) await items.nth(i).click();
  }
  await page.keyboard.press('Escape');
  const f = await fit(page, 'tinhluong');
  expect(f.overflow).toBeGreaterThan(0);
  await page.locator('[data-testid="list-tinhluong"] .MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = el.scrollWidth));
  expect((await fit(page, 'tinhluong')).actionsOutside).toBe(0);
  await page.locator('[data-testid="list-tinhluong"] .MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = 0));
  expect((await fit(page, 'tinhluong')).actionsOutside).toBe(0);
  await page.close();
}, 120_000);

it('an editable money cell reads like the read-only ones beside it: 70,000, not 70000', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, stack.url, 'ql_hoa', DEMO_PASSWORD);
  await page.goto(stack.url + '/app/mfy');
  const cell = page.locator('input[data-testid^="mfy-edit-doanh_thu-"]').first();
  await cell.waitFor();
  const shown = await cell.inputValue();
  expect(shown).toMatch(/^\d{1,3}(,\d{3})*$/);
  // While typed in, plain digits; the same number again once left.
  await cell.focus();
  expect(await cell.inputValue()).toBe(shown.replace(/,/g, ''));
  await cell.blur();
  expect(await cell.inputValue()).toBe(shown);
  await page.close();
}, 120_000);

it('toasts start beside the menu, not over it, and the same message twice is shown once', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, stack.url, 'ql_hoa', DEMO_PASSWORD);
  await page.goto(stack.url + '/sys/profile');
  const toast = page.getByTestId('toast').filter({ hasText: 'Cập nhật thông tin cá nhân thành công' });
  await page.getByTestId('profile-save').click();
  await toast.first().waitFor();
  // The second save answered and handled (the button is enabled again once the page has shown
  // its message), and rendered: only then is the count of toasts the one that stays.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/saveProfile'));
  await page.getByTestId('profile-save').click();
  await (await saved).finished();
  await page.waitForFunction(() => !(document.querySelector('[data-testid="profile-save"]') as HTMLButtonElement | null)?.disabled);
  await nextFrames(page);
  expect(await toast.count()).toBe(1);
  // Measured where the toast and the menu come to rest: the toast slides in from the left.
  await animationsDone(page);
  const menuRight = await page
    .locator('.MuiDrawer-paper')
    .first()
    .evaluate((el) => el.getBoundingClientRect().right);
  const left = async () => toast.first().evaluate((el) => el.getBoundingClientRect().left);
  expect(menuRight).toBeGreaterThan(200);
  expect(await left()).toBeGreaterThanOrEqual(menuRight);
  // With the menu closed the workspace starts at the window's edge, and so do the toasts.
  await page.getByTestId('menu-toggle').click();
  expect(await settle(left, (x) => x < 40, 5000)).toBeLessThan(40);
  await page.close();
}, 120_000);
