/**
 * Every screen, as every seeded role sees it: a staff member of each role
 * (priorities 1, 2, 3, 4, 5, 7) logs in to the whole product (every service, real PostgreSQL, Redis,
 * Kafka, real Chromium), opens every screen their menu offers, and the test fails on
 *   - a screen that still says 'Chức năng đang được xây dựng' (a placeholder),
 *   - any console error (a failed request, a React warning raised as error, an uncaught exception),
 *   - any request answered 5xx,
 *   - any serious or critical accessibility violation found by axe-core (each screen audited once,
 *     by the first role in PRIORITIES that opens it; the shell by every role).
 * All findings of a role are reported together, so one run shows everything to fix.
 *
 * The roles run side by side, each in its own browser context, SCREENS_CONCURRENCY at a time
 * (default 2: on 2 cores, back to back, the roles took 119 s one at a time and 94 s two at a time;
 * three were no faster — load-tests/README.md).
 * Each role is still its own test; it waits for its own run. Which role audits a screen does not
 * depend on timing: a role audits a screen unless a role before it in PRIORITIES has it in its
 * menu (it waits for those roles' menus, which they publish right after logging in).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { callApi, launchChromium, logIn } from './browser-session';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, settle } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
const STAFF_PASSWORD = 'Matkhau@1';
const PRIORITIES = [1, 2, 3, 4, 5, 7];
const PLACEHOLDER = 'Chức năng đang được xây dựng';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const CONCURRENCY = Math.max(1, Number(process.env.SCREENS_CONCURRENCY ?? 2));
let stack: Stack;
let browser: Browser;
const staffOf = new Map<number, string>();

interface Finding {
  path: string;
  what: string;
}
interface RoleRun {
  findings: Finding[];
  summary: string;
}
/** Each role's menu, published once it has logged in ([] when it never got that far). */
const menuOf = new Map<number, Promise<string[]>>();
const publishMenu = new Map<number, (paths: string[]) => void>();
for (const p of PRIORITIES) menuOf.set(p, new Promise((resolve) => publishMenu.set(p, resolve)));
/** Each role's run, started in beforeAll, CONCURRENCY at a time in PRIORITIES order. */
const runOf = new Map<number, Promise<RoleRun>>();
let startedAt = 0;

const api = <T>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(stack.url, path, token, body, method);

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  stack = await startStack({ env: isolatedStackEnv('web_screens', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD }) });
  browser = await launchChromium();
  const admin = await api<{ access_token: string }>('POST', '/api/v1/auth/login', undefined, {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('GET', '/api/v1/role?page=1&count=100', admin.access_token);
  // In hierarchy order: the branch (3) before its leader (4), salesperson (5) and coordinator (7).
  const ZERO = '00000000-0000-0000-0000-000000000000';
  const idOf = new Map<number, string>();
  for (const p of [1, 2, 3, 4, 5, 7]) {
    const role = roles.values.find((r) => r.priority === p);
    if (!role) throw new Error(`no seeded role of priority ${p}`);
    const username = `screens_p${p}`;
    const user = await api<{ id: string }>('POST', '/api/v1/users', admin.access_token, {
      fullname: `Nhân viên quyền ${p}`,
      username,
      password: STAFF_PASSWORD,
      email: `${username}@cskh.vn`,
      phone: '0912000111',
      brand: p >= 4 ? idOf.get(3) : ZERO,
      group: p === 5 ? idOf.get(4) : ZERO,
      role: role.id,
    });
    idOf.set(p, user.id);
    staffOf.set(p, username);
  }
  // A pool of CONCURRENCY workers taking the roles in order: a role only waits for the menus of
  // roles before it, which started before it, so the pool cannot deadlock.
  startedAt = Date.now();
  const settle = new Map<number, { resolve: (r: RoleRun) => void; reject: (e: unknown) => void }>();
  for (const p of PRIORITIES) {
    runOf.set(p, new Promise<RoleRun>((resolve, reject) => settle.set(p, { resolve, reject })));
    runOf.get(p)!.catch(() => undefined); // its test reports the failure, maybe later
  }
  let next = 0;
  const worker = async () => {
    while (next < PRIORITIES.length) {
      const p = PRIORITIES[next++];
      await visitEveryScreen(p).then(settle.get(p)!.resolve, (e) => {
        publishMenu.get(p)!([]);
        settle.get(p)!.reject(e);
      });
    }
  };
  for (let i = 0; i < Math.min(CONCURRENCY, PRIORITIES.length); i++) void worker();
}, 240000);

afterAll(async () => {
  // Each test waited for its own role, so every run has ended here (closing the browser ends any
  // left after a timed-out test).
  if (startedAt) console.log(`every screen: ${PRIORITIES.length} roles, ${CONCURRENCY} at a time, ${Date.now() - startedAt} ms`);
  await browser?.close();
  await stack?.stop();
});

/** The menu's screen paths, with every group opened. */
async function menuPaths(page: Page): Promise<string[]> {
  // The menu appears once the session (role, permissions) has loaded.
  await page.locator('[data-testid^="menu-/"], [data-testid^="menu-group-"]').first().waitFor();
  for (const group of await page.locator('[data-testid^="menu-group-"]').all()) await group.click();
  const ids = await page.locator('[data-testid^="menu-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!));
  return [...new Set(ids.map((id) => id.slice('menu-'.length)))];
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugger protocol, so the page keeps its Content-Security-Policy (a script
  // tag would need 'unsafe-inline').
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const serious = (r: any) =>
      r.violations
        .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v: any) =>
            `${v.impact} ${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n: any) => n.target.join(' '))
              .join(' | ')}`,
        );
    // A toast passing over the screen is audited on its own, then set aside while the screen is:
    // under a toast, axe takes the toast's colour for the background of the text it covers.
    const toasts = document.querySelector<HTMLElement>('[data-testid="toasts"]');
    const found: string[] = [];
    if (toasts?.childElementCount) found.push(...serious(await axe.run(toasts, { resultTypes: ['violations'] })));
    if (toasts) toasts.style.visibility = 'hidden';
    try {
      found.push(...serious(await axe.run(document, { resultTypes: ['violations'] })));
    } finally {
      if (toasts) toasts.style.visibility = '';
    }
    return found;
  });
  return found as string[];
}

/** One role's walk through every screen of its menu, in a browser context of its own. */
async function visitEveryScreen(priority: number): Promise<RoleRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  const findings: Finding[] = [];
  let current = '/login';
  page.on('console', (msg) => {
    if (msg.type() === 'error') findings.push({ path: current, what: `console: ${msg.text().slice(0, 300)}` });
  });
  page.on('pageerror', (err) => findings.push({ path: current, what: `uncaught: ${err.message.slice(0, 300)}` }));
  page.on('response', (res) => {
    if (res.status() >= 500)
      findings.push({ path: current, what: `${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}` });
  });
  // The screen's requests, finished: no request in flight for 300 ms (networkidle is a load state,
  // reached once per page load, so it says nothing after a navigation within the app).
  let inFlight = 0;
  let lastActivity = Date.now();
  const busy = (d: number) => () => {
    inFlight += d;
    lastActivity = Date.now();
  };
  page.on('request', busy(1));
  page.on('requestfinished', busy(-1));
  page.on('requestfailed', busy(-1));
  // No request in flight and none for 300 ms (at most 20 s).
  const quiet = () => settle(() => inFlight === 0 && Date.now() - lastActivity >= 300, Boolean, 20000, 50);
  try {
    await logIn(page, stack.url, staffOf.get(priority)!, STAFF_PASSWORD);
    const paths = await menuPaths(page);
    publishMenu.get(priority)!(paths);
    if (!paths.length) throw new Error(`priority ${priority}: an empty menu`);
    // The screens a role before this one also has are audited by that role.
    const earlier = await Promise.all(
      PRIORITIES.filter((p) => PRIORITIES.indexOf(p) < PRIORITIES.indexOf(priority)).map((p) => menuOf.get(p)!),
    );
    const auditedBefore = new Set(earlier.flat());
    const spent = { open: 0, axe: 0 };
    for (const path of ['/app/home', ...paths]) {
      current = path;
      const opened = Date.now();
      // Within the app, as a menu click does (react-router follows popstate): a full reload per
      // screen re-parsed the bundle and re-opened the session and the socket, most of the time.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(stack.url + path);
      await quiet();
      // Audit the screen, not its loading state: wait for spinners (lazy chunk, grid overlay) to go.
      await page
        .locator('[role="progressbar"]')
        .first()
        .waitFor({ state: 'detached', timeout: 15000 })
        .catch(() => undefined);
      if (await page.getByText(PLACEHOLDER).count()) findings.push({ path, what: 'placeholder screen' });
      const audited = Date.now();
      // axe takes most of this test's time (5 s a screen on a busy machine): a screen is audited
      // by the first role in PRIORITIES whose menu has it (the most privileged, who sees the most
      // controls) and the shell by every role on /app/home.
      if (path === '/app/home' || !auditedBefore.has(path))
        for (const v of await axeViolations(page)) findings.push({ path, what: `axe ${v}` });
      spent.open += audited - opened;
      spent.axe += Date.now() - audited;
    }
    const summary = `priority ${priority}: ${paths.length + 1} screens, opening ${spent.open} ms, axe ${spent.axe} ms, done at ${Date.now() - startedAt} ms`;
    return { findings, summary };
  } finally {
    await context.close();
  }
}

test.each(PRIORITIES)(
  'priority %i: every screen of the menu opens without placeholder, error, 5xx or serious accessibility violation',
  async (priority) => {
    const run = runOf.get(priority);
    if (!run) throw new Error('the roles were not started (beforeAll failed)');
    const { findings, summary } = await run;
    console.log(summary);
    expect(findings.map((f) => `${f.path}: ${f.what}`)).toEqual([]);
  },
  600000,
);
