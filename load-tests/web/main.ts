/**
 * `npm run bench:web`: what staff feel of the web app. Starts the demo office (as `npm run demo`,
 * in a data directory and ports of its own), then prints
 *   1. Lighthouse (default mobile preset) on /login and on a signed-in list screen (Mfy, manager),
 *   2. every menu entry opened as a manager and as a salesperson, and the switch back to a tab.
 * Options: --url <base> measures a product already running (its demo logins) instead;
 * --only lighthouse|screens runs one part; --lighthouse-runs <n> runs Lighthouse n times on each
 * page and prints the run of the median score. See load-tests/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { main as startEmbedded } from '../../scripts/embedded';
import { demoEnv } from '../../scripts/demo/main';
import { seedDemo } from '../../scripts/demo/seed';
import { DEMO_PASSWORD } from '../../scripts/demo/office';
import { lighthouseRow, LighthouseRow } from './lighthouse';
import { walkMenu, Walk } from './screens';
import { kib, median, ms, p90, table } from './stats';

const ROOT = resolve(__dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const MANAGER = 'ql_hoa';
const SALESPERSON = 'nv_tuan';
const LIST_SCREEN = '/app/mfy';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

async function startProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  const env = demoEnv({
    ...process.env,
    PORT: '0',
    CSKH_DATA_DIR: process.env.CSKH_DATA_DIR ?? join(ROOT, '.data', 'bench-web'),
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? String(await freePort()),
    LOG_LEVEL: 'error',
  });
  const product = await startEmbedded(env);
  await seedDemo(product.url, { adminPassword: product.adminPassword, log: () => undefined });
  return product;
}

/**
 * `runs` Lighthouse runs of one page, one after the other: the run of the median score, with every
 * run's score beside it (a run's figures move with what else the machine does meanwhile).
 */
async function medianRun(runs: number, run: () => Promise<LighthouseRow>): Promise<LighthouseRow> {
  const all: LighthouseRow[] = [];
  for (let i = 0; i < runs; i++) all.push(await run());
  const sorted = [...all].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], scores: all.map((r) => r.score) };
}

/** Lighthouse on /login (fresh browser) and on the list screen with a manager signed in, `runs` times each. */
async function lighthouseRows(baseUrl: string, runs: number): Promise<LighthouseRow[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'cskh-bench-web-'));
  // One persistent profile: the pages Lighthouse opens share its storage (the signed-in session).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const login = await medianRun(runs, () => lighthouseRow('/login', `${baseUrl}/login`, port, false));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[data-testid="login-username"]').fill(MANAGER);
    await page.locator('input[data-testid="login-password"]').fill(DEMO_PASSWORD);
    await page.locator('[data-testid="login-submit"]').click();
    await page.getByTestId('tab-/app/home').waitFor();
    const cdp = await context.newCDPSession(page);
    const list = await medianRun(runs, async () => {
      // A first load of the screen (an empty cache) by someone already signed in.
      await cdp.send('Network.clearBrowserCache');
      return lighthouseRow(`${LIST_SCREEN} (${MANAGER})`, `${baseUrl}${LIST_SCREEN}`, port, true);
    });
    await page.close();
    return [login, list];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function printLighthouse(rows: LighthouseRow[]) {
  const types = ['total', 'script', 'document', 'stylesheet', 'image', 'font', 'other'];
  const runs = rows[0]?.scores?.length ?? 1;
  console.log(
    `\nLighthouse 12, default mobile preset (ms; bytes transferred in KiB)${runs > 1 ? `: the run of the median score of ${runs}, every run's score in brackets` : ''}\n`,
  );
  console.log(
    table(
      ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', ...types.map((t) => `${t} KiB`)],
      rows.map((r) => [
        r.page,
        runs > 1 ? `${r.score} (${r.scores!.join(', ')})` : r.score,
        ms(r.fcp),
        ms(r.lcp),
        ms(r.tbt),
        Number(r.cls.toFixed(3)),
        ...types.map((t) => kib(r.bytes[t] ?? 0)),
      ]),
    ),
  );
}

function printWalk(role: string, walk: Walk) {
  const opens = walk.screens.map((s) => s.open).filter((t) => !Number.isNaN(t));
  const switches = walk.screens.flatMap((s) => (s.switchBack === undefined || Number.isNaN(s.switchBack) ? [] : [s.switchBack]));
  const missed = walk.screens.filter((s) => Number.isNaN(s.open)).map((s) => s.path);
  console.log(`\n${role} (${walk.username}): login ${ms(walk.login)} ms, ${walk.screens.length} screens (ms)\n`);
  console.log(
    table(
      ['screen', 'path', 'open', 'switch back'],
      walk.screens.map((s) => [s.title, s.path, ms(s.open), s.switchBack === undefined ? '' : ms(s.switchBack)]),
    ),
  );
  console.log(
    `\n  open:        median ${ms(median(opens))}, p90 ${ms(p90(opens))}, max ${ms(Math.max(...opens))}` +
      `\n  switch back: median ${ms(median(switches))}, p90 ${ms(p90(switches))}, max ${ms(Math.max(...switches))}` +
      (missed.length ? `\n  never shown within 20 s: ${missed.join(', ')}` : ''),
  );
}

async function run() {
  const only = arg('only');
  const given = arg('url');
  console.log(`load average at start: ${load()}`);
  const product = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startProduct();
  try {
    if (!only || only === 'lighthouse') printLighthouse(await lighthouseRows(product.url, Number(arg('lighthouse-runs') ?? 1)));
    if (!only || only === 'screens') {
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
      try {
        printWalk('Manager', await walkMenu(browser, product.url, MANAGER, DEMO_PASSWORD));
        printWalk('Salesperson', await walkMenu(browser, product.url, SALESPERSON, DEMO_PASSWORD));
      } finally {
        await browser.close();
      }
    }
    console.log(`\nload average at end: ${load()}`);
  } finally {
    await product.stop();
  }
}

run().then(
  () => process.exit(0),
  (err) => {
    console.error('bench:web failed:', err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
