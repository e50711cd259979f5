/**
 * What the browser downloads and when (web/README.md "How the browser gets it"), in real Chromium:
 * the login page comes without MUI, grid or date code; once signed in and left idle a moment, the
 * browser holds the code of every screen of the menu, so opening one fetches no script.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { input, launchChromium, logIn, snapshotWebDist } from './browser-session';
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

/** The scripts the page has asked for, and when the last one was asked or arrived. */
function watchScripts(page: Page) {
  const seen = { asked: [] as string[], inFlight: 0, lastActivity: Date.now() };
  const isScript = (r: { resourceType(): string }) => r.resourceType() === 'script';
  page.on('request', (r) => {
    if (!isScript(r)) return;
    seen.asked.push(new URL(r.url()).pathname);
    seen.inFlight++;
    seen.lastActivity = Date.now();
  });
  const done = (r: { resourceType(): string }) => {
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
  // The person reads the menu: no script asked for or arriving over a second and a half.
  await settle(
    () => ({ inFlight: scripts.inFlight, quietMs: Date.now() - scripts.lastActivity }),
    (s) => s.inFlight === 0 && s.quietMs >= 1500,
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
