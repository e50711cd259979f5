/**
 * What staff wait for when they open screens all day: each menu entry clicked in real Chromium,
 * timed from the click until its tab shows with no spinner and no request pending, and the switch
 * back to the tab opened just before. Timed inside the page (performance.now at the click, then
 * each animation frame), so Playwright's own round trips are not in the figures.
 */
import type { Browser, Page } from 'playwright-core';

export interface ScreenTime {
  path: string;
  title: string;
  /** Menu click → tab shown, no spinner, no request pending (ms); NaN when it never got there. */
  open: number;
  /** Click on the tab opened before this one → that tab shown the same way (ms). */
  switchBack?: number;
}

export interface Walk {
  username: string;
  /** Login button → the home tab shown, no spinner, no request pending (ms). */
  login: number;
  screens: ScreenTime[];
}

/** Counts the app's requests in flight (it calls the API with fetch; the socket is not a request). */
const COUNT_FETCHES = `(() => {
  window.__pendingFetches = 0;
  const original = window.fetch.bind(window);
  window.fetch = (...args) => {
    window.__pendingFetches++;
    return original(...args).finally(() => window.__pendingFetches--);
  };
})();`;

/**
 * In the page: clicks `selector`, then waits until the tab of `path` is selected, its panel holds
 * its screen with no progress indicator, and no request is pending, on two frames running (an
 * effect may start the first list call one frame after the screen mounts). Resolves the ms from
 * the click, NaN when not there within `timeoutMs`. Plain JavaScript text: what tsx compiles from
 * a function would name helpers the page does not have.
 */
const TIME_UNTIL_SHOWN = `({ path, selector, timeoutMs }) => new Promise((resolve) => {
  const shown = () => {
    const tab = document.querySelector('[data-testid="' + CSS.escape('tab-' + path) + '"]');
    const panel = document.querySelector('[data-testid="' + CSS.escape('tab-panel-' + path) + '"]');
    return tab?.getAttribute('aria-selected') === 'true' && !!panel && !panel.hidden && panel.childElementCount > 0 &&
      !panel.querySelector('[role="progressbar"], .MuiSkeleton-root') && window.__pendingFetches === 0;
  };
  const target = document.querySelector(selector);
  if (!target) return resolve(NaN);
  const t0 = performance.now();
  let firstShown;
  const frame = () => {
    const now = performance.now();
    if (shown()) {
      if (firstShown !== undefined) return resolve(firstShown - t0);
      firstShown = now;
    } else firstShown = undefined;
    if (now - t0 > timeoutMs) return resolve(NaN);
    requestAnimationFrame(frame);
  };
  target.click();
  requestAnimationFrame(frame);
})`;

function timeUntilShown(page: Page, path: string, act: { click: string }, timeoutMs = 20_000): Promise<number> {
  return page.evaluate(`(${TIME_UNTIL_SHOWN})(${JSON.stringify({ path, selector: act.click, timeoutMs })})`) as Promise<number>;
}

const HOME_PATH = '/app/home';

/** Logs in through the form, then opens every menu entry of this person in menu order. */
export async function walkMenu(browser: Browser, baseUrl: string, username: string, password: string): Promise<Walk> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN' });
  try {
    const page = await context.newPage();
    await page.addInitScript(COUNT_FETCHES);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[data-testid="login-username"]').fill(username);
    await page.locator('input[data-testid="login-password"]').fill(password);
    const login = await timeUntilShown(page, HOME_PATH, { click: '[data-testid="login-submit"]' }, 30_000);
    // Collapsed groups keep their entries hidden: open them all first.
    const collapsed = page.locator('[data-testid^="menu-group-"][aria-expanded="false"]');
    while ((await collapsed.count()) > 0) await collapsed.first().click();
    const entries = await page.$$eval('[data-testid^="menu-/"]', (els) =>
      els.map((e) => ({ path: (e as HTMLElement).dataset.testid!.slice('menu-'.length), title: e.textContent ?? '' })),
    );
    const screens: ScreenTime[] = [];
    for (const { path, title } of entries) {
      if (path === HOME_PATH) continue;
      const open = await timeUntilShown(page, path, { click: `[data-testid="${`menu-${path}`}"]` });
      const previous = screens.at(-1);
      const switchBack = previous
        ? await timeUntilShown(page, previous.path, { click: `[data-testid="${`tab-${previous.path}`}"]` })
        : undefined;
      screens.push({ path, title, open, switchBack });
    }
    return { username, login, screens };
  } finally {
    await context.close();
  }
}
