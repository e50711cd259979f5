/**
 * What the browser downloads and when (web/README.md "How the browser gets it"), in real Chromium:
 * the login page comes without MUI, grid or date code; no other screen's code is fetched before the
 * screen in front has its data; once signed in and left idle a moment, the browser holds the code
 * of every screen of the menu, so opening one fetches no script.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Browser, Page, Route } from 'playwright-core';
import { input, launchChromium, logIn, snapshotWebDist, unchangedOver, within } from './browser-session';
import { PRELOAD_AFTER_QUIET_MS } from '../src/shell/preloadScreens';
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv, settle } from '../../scripts/testing';

const ADMIN_PASSWORD = 'Admin@123';
let stack: Stack;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  if (!existsSync(join(__dirname, '../dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @cskh/web` (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'web-loading-'));
  // A private copy of web/dist: a rebuild by someone else renames every chunk (browser-session.ts).
  const webDist = await snapshotWebDist(join(dir, 'web-dist'));
  stack = await startStack({ env: isolatedStackEnv('web_loading', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, WEB_DIST: webDist }) });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The scripts the page has asked for, and when the last one, or the last API request, was asked or
 * arrived (the screens' code is preloaded once the API has been quiet a moment).
 */
function watchScripts(page: Page) {
  const seen = { asked: [] as string[], inFlight: 0, lastActivity: Date.now() };
  const isScript = (r: { resourceType(): string }) => r.resourceType() === 'script';
  const isApi = (r: { url(): string }) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r)) seen.lastActivity = Date.now();
    if (!isScript(r)) return;
    seen.asked.push(new URL(r.url()).pathname);
    seen.inFlight++;
    seen.lastActivity = Date.now();
  });
  const done = (r: { resourceType(): string; url(): string }) => {
    if (isApi(r)) seen.lastActivity = Date.now();
    if (!isScript(r)) return;
    seen.inFlight--;
    seen.lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return seen;
}

it('the login page loads React, the store and its form: no MUI, grid or date code', async () => {
  const page = await browser.newPage();
  const bodies: Array<Promise<{ path: string; text: string }>> = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') bodies.push(r.text().then((text) => ({ path: new URL(r.url()).pathname, text })));
  });
  await page.goto(`${stack.url}/login`, { waitUntil: 'networkidle' });
  await input(page, 'login-username').waitFor();
  const scripts = await Promise.all(bodies);
  expect(scripts.length).toBeGreaterThan(0);
  // MUI's components (the grid's and the date pickers' too) name their styles Mui<Component>.
  const mui = scripts.flatMap(({ path, text }) =>
    [...new Set(text.match(/\bMui[A-Z]\w+/g) ?? [])].slice(0, 3).map((name) => `${path}: ${name}`),
  );
  expect(mui).toEqual([]);
  await page.close();
}, 60_000);

it('once signed in and idle a moment, opening screens from the menu fetches no script', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = watchScripts(page);
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  // The person reads the home screen and the menu a few seconds: its data came, then the screens'
  // code (asked for once the API has been quiet a moment), then nothing more for a second and a half.
  await settle(
    () => ({ inFlight: scripts.inFlight, quietMs: Date.now() - scripts.lastActivity }),
    (s) => s.inFlight === 0 && s.quietMs >= PRELOAD_AFTER_QUIET_MS + 1500,
    30_000,
  );
  const before = scripts.asked.length;
  for (const [path, list] of [
    ['/app/mfy', 'mfy'],
    ['/sys/accounts', 'accounts'],
    ['/app/tinhluong', 'tinhluong'],
    ['/app/bank-lookup', 'mesbank'],
  ]) {
    await page.getByTestId(`menu-${path}`).click();
    await page.locator(`[data-testid="tab-panel-${path}"] [data-testid="list-${list}"] .MuiDataGrid-root`).waitFor();
  }
  expect(scripts.asked.slice(before)).toEqual([]);
  await page.close();
}, 90_000);

/** The modules the areas declare their screens with (`lazyScreen(() => import('./Name')…)`): their chunks are `Name-<hash>.js`. */
function screenModules(): string[] {
  const areas = join(__dirname, '../src/areas');
  return readdirSync(areas, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      [...readFileSync(join(areas, d.name, 'index.ts'), 'utf8').matchAll(/lazyScreen\(\(\) => import\('\.\/(\w+)'\)/g)].map((m) => m[1]),
    );
}

it("a page load fetches no other screen's code before the screen in front has its data, and does after", async () => {
  const screens = new Set(screenModules());
  expect(screens.size).toBeGreaterThan(10);
  const screenOf = (path: string) => basename(path).replace(/-[\w-]{8}\.js$/, '');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  // A first load of Mfy by someone signed in: nothing in the HTTP cache, its list held unanswered.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  let held: Route | undefined;
  const listAsked = new Promise<void>((asked) =>
    page.route(/\/api\/v1\/mfy\?/, (route) => {
      held = route;
      asked();
    }),
  );
  const scripts = watchScripts(page);
  await page.goto(`${stack.url}/app/mfy`);
  await within('the Mfy list asked for', listAsked);
  const otherScreens = () => Promise.resolve(scripts.asked.map(screenOf).filter((name) => screens.has(name) && name !== 'OrdersScreen'));
  // The screen in front is on screen waiting for its rows: nothing else of the menu comes meanwhile.
  const { after } = await unchangedOver(otherScreens, 2000);
  expect(after).toEqual([]);
  await held!.continue();
  await page.locator('[data-testid="list-mfy"] .MuiDataGrid-root').waitFor();
  await settle(otherScreens, (names) => names.length > 0, 30_000);
  await context.close();
}, 90_000);

it("a page load paints the header and the menu before it asks for the screen's code", async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await logIn(page, stack.url, 'admin', ADMIN_PASSWORD);
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.goto(`${stack.url}/app/mfy`);
  await page.locator('[data-testid="list-mfy"] .MuiDataGrid-root').waitFor();
  const { firstPaint, screenAsked, title } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const screen = performance.getEntriesByType('resource').find((r) => /\/OrdersScreen-[\w-]{8}\.js$/.test(r.name));
    return {
      firstPaint: paint?.startTime,
      screenAsked: screen?.startTime,
      title: document.querySelector('[data-testid="header-title"]')?.textContent,
    };
  });
  expect(title).toBe('Hệ thống CSKH');
  expect(firstPaint).toBeDefined();
  expect(screenAsked).toBeDefined();
  // The screen's code (the list's grid and date pickers with it) is asked for once the header shows.
  expect(screenAsked!).toBeGreaterThanOrEqual(firstPaint!);
  await context.close();
}, 90_000);
