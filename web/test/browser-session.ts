import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { io as connectSocket } from 'socket.io-client';
import { settle } from '../../scripts/testing';

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
/** The newest toast on screen (its id, 0 with none): `toastAfter` waits for one shown after it. */
export const lastToast = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, ...[...document.querySelectorAll('[data-testid="toast"]')].map((e) => Number(e.getAttribute('data-toast-id')) || 0)),
  );
/**
 * Waits for a toast holding this text shown after `mark` (lastToast's answer before the action): a
 * toast of the same text from an earlier step, still up for a few seconds, does not count.
 */
export const toastAfter = (page: Page, mark: number, text: string) =>
  page.waitForFunction(
    ([after, said]) =>
      [...document.querySelectorAll('[data-testid="toast"]')].some(
        (e) => Number(e.getAttribute('data-toast-id')) > after && !!e.textContent?.includes(said),
      ),
    [mark, text] as const,
  );

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

/**
 * Waits until the menu, popover or drawer holding this element (its closest MUI Paper) has no
 * animation or transition running: what a screenshot or a click then meets is where it stays.
 */
export const settled = (el: Locator) =>
  el.evaluate((node) =>
    Promise.all((node.closest('.MuiPaper-root') ?? node).getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );

/**
 * Waits until no finite animation or transition runs anywhere the user can see (a toast sliding in,
 * a drawer opening): where an element is measured, it is measured where it comes to rest. Endless
 * ones (a spinner) are not waited for; ones started meanwhile are. Nor are those in a tab behind
 * the one in front: its content is `content-visibility: hidden`, where the browser does not run
 * them, so they would never finish.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(async () => {
    const shown = (a: Animation) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return !target || target.checkVisibility();
    };
    const running = () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity && shown(a));
    for (let now = running(); now.length; now = running()) await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
  });

/**
 * Waits for the page's next `n` animation frames: what the page did with something it already
 * received (a response, a frame) has been rendered and painted by then.
 */
export const nextFrames = (page: Page, n = 2) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(count);
      }),
    n,
  );

/**
 * Waits until the scroll container around `el` has come to rest (its offsets unchanged over five
 * frames): a tab bar that scrolls its active tab into view animates there, and is measured where
 * the user sees it stop.
 */
export const scrollRested = (el: Locator) =>
  el.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        // The element that scrolls, not the first one whose content overflows: a tab bar's flex row
        // overflows too but never moves (its overflow is visible), and watching it resolved at once.
        const scrolls = (el: Element) => {
          const style = getComputedStyle(el);
          const sideways = style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth;
          const down = style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight;
          return sideways || down;
        };
        let box: Element | null = node.parentElement;
        while (box && !scrolls(box)) box = box.parentElement;
        const at = () => (box ? `${box.scrollLeft},${box.scrollTop}` : '');
        let last = at();
        let still = 0;
        const step = () => {
          const now = at();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );

/**
 * Awaits something the test observes (an event, a frame, a response) and fails naming `what` if it
 * has not happened after `ms`: a deadline, never a pause — it resolves the moment the thing happens.
 */
export function within<T>(what: string, happening: Promise<T>, ms = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  return Promise.race([happening, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A negative assertion's observation window: reads `look` now and again after `ms` and gives both
 * readings to compare. It is a window, not a wait — nothing is awaited: the test asserts that
 * something does NOT happen, and that can only be observed over a span of time. Size `ms` by the
 * producer's own period (e.g. a worker's progress step as the test saw it), not by how slow the
 * machine may be, and use it only after what did happen has been awaited by what it shows.
 */
export async function unchangedOver<T>(look: () => Promise<T>, ms: number): Promise<{ before: T; after: T }> {
  const before = await look();
  await new Promise((r) => setTimeout(r, ms));
  return { before, after: await look() };
}

/** A list screen (web/src/list/ListScreen.tsx) as its search sees it. */
export interface ListOnScreen<R = Record<string, unknown>> {
  /** The list's config id: its search button is `<id>-search`, its container `list-<id>`. */
  id: string;
  /** The list call (GET, its pathname), e.g. '/api/v1/mesbank'. */
  endpoint: string;
  /** Query parameters the call must carry (tells the search's load from an earlier one still answering). */
  params?: Record<string, string>;
  /** A row's data-testid; the default is the list's `<id>-row-<row.id>`. */
  rowTestId?: (row: R) => string;
}

/**
 * Clicks a list's search and waits until the grid shows what the server answered: the list call's
 * response, then exactly its rows on screen (the grid renders every row of a page). Returns the
 * rows answered. When the rows are the same as before, their cells may still be one render behind;
 * searchUntil re-checks.
 */
export function showSearch<R = Record<string, unknown>>(page: Page, list: ListOnScreen<R>, ms = 30_000): Promise<R[]> {
  return showLoad(page, list, () => page.getByTestId(`${list.id}-search`).click(), ms);
}

/**
 * Does what makes a list load again (Enter in a filter, a toggle to another endpoint, a save that
 * reloads it) and waits, as showSearch does, until the grid shows the server's answer to that load:
 * rows already on screen from before say nothing about it. Returns the rows answered.
 */
export async function showLoad<R = Record<string, unknown>>(
  page: Page,
  list: ListOnScreen<R>,
  act: () => Promise<unknown>,
  ms = 30_000,
): Promise<R[]> {
  const isLoad = (r: Response) => {
    if (r.request().method() !== 'GET') return false;
    const url = new URL(r.url());
    return url.pathname === list.endpoint && Object.entries(list.params ?? {}).every(([k, v]) => url.searchParams.get(k) === v);
  };
  const answered = page.waitForResponse(isLoad, { timeout: ms });
  await act();
  const response = await answered;
  const data = ((await response.json()) as { data?: unknown }).data as { values?: R[] } | R[] | undefined;
  const rows: R[] = Array.isArray(data) ? data : Array.isArray(data?.values) ? data.values : [];
  const testIdOf = list.rowTestId ?? ((r: R) => `${list.id}-row-${String((r as { id?: unknown }).id)}`);
  await page.waitForFunction(
    ([id, want]) => {
      const shown = [...document.querySelectorAll(`[data-testid="list-${id}"] [data-testid^="${id}-row-"]`)].map((e) =>
        e.getAttribute('data-testid'),
      );
      return shown.length === want.length && want.every((t) => shown.includes(t));
    },
    [list.id, rows.map(testIdOf)] as const,
    { timeout: ms },
  );
  return rows;
}

/**
 * Searches a list until `shown` holds for what it shows (something the server learns later, from
 * an event, with no push to the screen): each time clicks search and waits until the grid shows the
 * server's answer (showSearch), then checks; searches again at most every half second. After `ms`,
 * fails saying `what` never appeared.
 */
export async function searchUntil<R = Record<string, unknown>>(
  page: Page,
  list: ListOnScreen<R>,
  shown: () => Promise<boolean>,
  what: string,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  let error: unknown;
  const found = await settle(
    async () => {
      try {
        // One search's answer on screen; a load started by something else meanwhile can replace it: search again.
        await showSearch(page, list, Math.max(1000, Math.min(15_000, deadline - Date.now())));
        error = undefined;
        return await shown();
      } catch (e) {
        error = e;
        return false;
      }
    },
    Boolean,
    ms,
    500,
  );
  if (!found)
    throw new Error(
      `${what}: never on screen after searching ${list.id} for ${ms / 1000} s${error ? ` (${(error as Error).message})` : ''}`,
    );
}

/** One websocket frame of a page; a Socket.IO event ('42…') also as its name and first argument. */
export interface SocketFrame {
  sent: boolean;
  payload: string;
  at: number;
  event?: string;
  data?: unknown;
}

/**
 * Every websocket frame the page sends and receives from now on: call it before the page opens its
 * socket (before logging in). `until` waits for the frames seen to say something.
 */
export function socketFrames(page: Page) {
  const all: SocketFrame[] = [];
  let arrived: () => void = () => undefined;
  let next = new Promise<void>((r) => (arrived = r));
  const add = (sent: boolean) => (f: { payload: string | Buffer }) => {
    const payload = String(f.payload);
    const frame: SocketFrame = { sent, payload, at: Date.now() };
    // A Socket.IO EVENT packet: '42', an optional ack id, then ["name", ...args].
    const m = /^42\d*(\[[\s\S]*\])$/.exec(payload);
    if (m) {
      try {
        const [event, data] = JSON.parse(m[1]) as [string, unknown];
        Object.assign(frame, { event, data });
      } catch {
        // not JSON: left as the payload alone
      }
    }
    all.push(frame);
    const wake = arrived;
    next = new Promise<void>((r) => (arrived = r));
    wake();
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', add(true));
    ws.on('framereceived', add(false));
  });
  return {
    /** The frames so far, oldest first (its length marks where later waits start looking). */
    all,
    /**
     * Waits until `ok` gives something for the frames from index `from` on (those already seen
     * count) and returns it; fails naming `what` after `ms`.
     */
    async until<T>(
      what: string,
      ok: (frames: SocketFrame[]) => T | undefined | false,
      opts: { from?: number; ms?: number } = {},
    ): Promise<T> {
      const deadline = Date.now() + (opts.ms ?? 30_000);
      for (;;) {
        const wait = next;
        const v = ok(all.slice(opts.from ?? 0));
        if (v !== undefined && v !== false) return v;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${what}: not among the page's socket frames within ${(opts.ms ?? 30_000) / 1000} s`);
        await within(what, wait, left).catch(() => undefined);
      }
    },
  };
}

/**
 * A Socket.IO connection of the test's own to the realtime tier as `token`'s user (not a browser
 * tab): it receives the pushes to that user's room. Resolves once connected (its rooms joined).
 * `seen` waits for a push of `event` that `match` accepts, including one that came before it was asked.
 */
export async function watchPushes(baseUrl: string, token: string, ms = 30_000) {
  const socket = connectSocket(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { host: 'test', token, client_id: `watch-${Math.random().toString(36).slice(2)}` },
    reconnection: false,
  });
  const pushes: Array<{ event: string; payload: unknown }> = [];
  const listeners = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    pushes.push({ event, payload });
    for (const l of listeners) l();
  });
  await within(
    'the watching socket connected',
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    }),
    ms,
  ).catch((err: Error) => {
    socket.disconnect();
    throw err;
  });
  return {
    seen<T = unknown>(what: string, event: string, match: (payload: T) => boolean = () => true, waitMs = 30_000): Promise<T> {
      const find = () => pushes.find((p) => p.event === event && match(p.payload as T))?.payload as T | undefined;
      let listener: () => void = () => undefined;
      const found = new Promise<T>((resolve) => {
        listener = () => {
          const p = find();
          if (p !== undefined) resolve(p);
        };
        listeners.add(listener);
        listener();
      });
      return within(what, found, waitMs).finally(() => listeners.delete(listener));
    },
    close: () => socket.disconnect(),
  };
}

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
/** The nil id: an account in no branch or group (the administrator's tree root). */
export const NO_UNIT = '00000000-0000-0000-0000-000000000000';

/**
 * Creates staff accounts through the accounts API as the administrator would: the returned
 * function makes one account of a role priority (3 branch, 4 group leader, 5 salesperson, 7 data
 * coordinator) under a branch and group, and gives its id.
 */
export async function staffMaker(baseUrl: string, adminToken: string, password = 'Matkhau@1') {
  const roles = await callApi<{ values: Array<{ id: string; priority: number }> }>(baseUrl, '/api/v1/role?page=1&count=100', adminToken);
  const roleOf = (priority: number) => roles.values.find((r) => r.priority === priority)!.id;
  return (username: string, fullname: string, priority: number, brand = NO_UNIT, group = NO_UNIT) =>
    callApi<{ id: string }>(baseUrl, '/api/v1/users', adminToken, {
      fullname,
      username,
      password,
      email: `${username}@cskh.vn`,
      phone: '',
      brand,
      group,
      role: roleOf(priority),
    });
}

export async function typeDate(page: Page, testId: string, text: string): Promise<string> {
  const field = page.getByTestId(testId);
  await field.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
  return page.locator(`input[data-testid="${testId}-value"]`).inputValue();
}
