import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** The system's Chromium as every browser test drives it (CHROMIUM_PATH overrides the Debian path). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A private copy of web/dist for this run. The working tree's web/dist is rebuilt whenever anyone
 * runs `npm run build -w @cskh/web`: a rebuild during the test empties it and renames every chunk,
 * so a screen opened after it (a lazily loaded chunk) never arrived and pages reloaded half-way
 * showed the login form or nothing. The copy is taken between builds (index.html and the assets
 * unchanged while copying, every asset index.html names present).
 */
export async function snapshotWebDist(to: string): Promise<string> {
  const dist = join(__dirname, '../dist');
  const stamp = () => {
    try {
      return `${statSync(join(dist, 'index.html')).mtimeMs}:${statSync(join(dist, 'assets')).mtimeMs}`;
    } catch {
      return '';
    }
  };
  for (let attempt = 0; attempt < 60; attempt++) {
    const before = stamp();
    if (before) {
      rmSync(to, { recursive: true, force: true });
      cpSync(dist, to, { recursive: true });
      const html = readFileSync(join(to, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (stamp() === before && assets.length > 0 && assets.every((a) => existsSync(join(to, a)))) return to;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('web/dist kept changing (or is missing): run `npm run build -w @cskh/web` (npm test does)');
}

/** An input by its data-testid (the app puts the testid on the <input> itself). */
export const input = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"]`);
/** Waits for a toast holding this text. */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/**
 * Picks an option of an MUI select as a user does: opens it, lets the menu finish growing in, clicks
 * the option and sees the menu go. A click on a menu still moving can press on one option and lift
 * on another (the click then lands on the list): nothing is chosen and the menu stays open.
 */
export async function chooseOption(page: Page, selectTestId: string, optionKey: string) {
  await page.getByTestId(selectTestId).click();
  await pickOption(page.getByTestId(`${selectTestId}-option-${optionKey}`));
}

/** Clicks an option of an open menu or list once it has stopped moving, and sees the menu go. */
export async function pickOption(option: Locator) {
  await settled(option);
  await option.click();
  await option.waitFor({ state: 'hidden' });
}

/** Waits until the menu or popover holding this element has no transition running. */
const settled = (el: Locator) =>
  el.evaluate((node) =>
    Promise.all((node.closest('.MuiPaper-root') ?? node).getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );

/**
 * Logs in through the login form and waits until the session is stored, not only shown: the app
 * keeps it in localStorage (redux-persist, written just after the login), and a test that
 * navigates away sooner — a busy machine delays the write — lands on /login again.
 */
export async function logIn(page: Page, baseUrl: string, username: string, password: string) {
  if (!page.url().endsWith('/login')) await page.goto(baseUrl + '/login');
  await input(page, 'login-username').fill(username);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/app/home');
  await page.waitForFunction(() => /"accessToken":"\\"ey/.test(localStorage.getItem('persist:auth') ?? ''));
}

/** One API call as the tests' set-up makes it: JSON in and out, the envelope's data back, any non-2xx thrown. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  token?: string,
  body?: unknown,
  method = body ? 'POST' : 'GET',
): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Types a date or date-time into a picker field as a user does: click its first section, type the
 * digits (the field moves from day to month to year to hour to minute by itself), and returns the
 * text the field then holds ('DD/MM/YYYY' or 'DD/MM/YYYY HH:mm').
 */
export async function typeDate(page: Page, testId: string, text: string): Promise<string> {
  const field = page.getByTestId(testId);
  await field.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
  return page.locator(`input[data-testid="${testId}-value"]`).inputValue();
}
