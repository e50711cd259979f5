/**
 * The lookup in a real browser: the whole product (scripts/stack.ts: every gRPC service, the carrier
 * simulator, the realtime tier, the gateway serving web/dist) on the real PostgreSQL, Redis and
 * Kafka that `npm test` provides, driven through Chromium:
 *
 *   log in as admin → open 'Tra cứu thuê bao' from the menu → look up a phone in the balance and
 *   the eligible-packages panels (over the socket: browser → realtime → Kafka → lookup service →
 *   carrier → Kafka → realtime → this tab) → the answers match the REST answer for the same phone
 *   → the lookup-history screen (/sys/lstracuu) shows the socket lookup's log row and its count.
 */
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, connect as tcpConnect, type Server, type Socket as TcpSocket } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, showSearch, socketFrames } from './browser-session';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startStack, type Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv, rand, readUntil } from '../../scripts/testing';

const WEB = resolve(__dirname, '..');
const ADMIN_PASSWORD = 'Admin@123';

/** Newest modification time under a directory (files only). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** web/dist must exist before the gateway starts (it serves it when present); rebuild when stale. */
function ensureWebDist() {
  const index = join(WEB, 'dist', 'index.html');
  const sources = Math.max(newest(join(WEB, 'src')), statSync(join(WEB, 'index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const r = spawnSync('npm', ['run', 'build', '-w', '@cskh/web'], { cwd: resolve(WEB, '..'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`web build failed (${r.status ?? r.signal})`);
}

/**
 * Fresh consumer groups start at the latest offset, so a lookup sent before the lookup service
 * and the realtime tier have joined their groups would go unanswered until the reply timeout.
 * Send warm-up lookups (another phone) over a socket until one is answered.
 */
async function waitForLookupPath(url: string, token: string) {
  const socket: Socket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { host: 'test', token, client_id: `warmup-${rand()}` },
  });
  try {
    let answered = false;
    socket.on('traKetQuaSoDuTaiKhoanChinh', (r: { status?: number }) => {
      if (r?.status === 200) answered = true;
    });
    // Each reading sends one more warm-up lookup and sees whether any of them was answered yet.
    await readUntil(
      'the socket lookup path answers',
      async () => {
        if (!answered && socket.connected)
          socket.emit('traCuuSoDuTaiKhoanChinh', {
            host: 'test',
            token,
            client_id: '',
            data: { isdn: '0900000001', requestId: `warmup-${rand()}` },
          });
        return answered;
      },
      Boolean,
      45_000,
      500,
    );
  } finally {
    socket.disconnect();
  }
}

/**
 * A TCP proxy in front of the gateway whose Socket.IO connections can be silenced (frames dropped
 * both ways) and then cut — a lookup sent meanwhile is lost with the connection.
 */
async function startFlakyProxy(targetPort: number) {
  const conns = new Set<{ client: TcpSocket; upstream: TcpSocket; ws: boolean }>();
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(targetPort, '127.0.0.1');
    const c = { client, upstream, ws: false };
    let first = true;
    conns.add(c);
    client.on('data', (d) => {
      if (first) c.ws = d.toString('latin1', 0, 16).startsWith('GET /socket.io/');
      first = false;
      if (!(c.ws && silent)) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!(c.ws && silent)) client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      conns.delete(c);
    };
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    silence: () => (silent = true),
    /** Cut the silenced socket connections; new ones pass again. */
    cut: () => {
      silent = false;
      for (const c of [...conns]) if (c.ws) c.client.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of conns) c.client.destroy();
        server.close(() => r());
      }),
  };
}

describe('subscriber lookup in the browser', () => {
  // Own database, topics, groups and adapter channel: other test files share this Kafka and Redis.
  const stackEnv = isolatedStackEnv('web_lookup', { CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const dbUrl = stackEnv.DATABASE_URL!;
  // A phone of this run only: its log rows are the ones this test made.
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const nine = phone.slice(-9);
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  /** Request ids of the lookups this page sent (a re-send after a reconnect carries the same id). */
  const balanceIds = new Set<string>();
  const packageIds = new Set<string>();

  const api = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    expect(body.status).toBe(200);
    return body.data;
  };

  beforeAll(async () => {
    ensureWebDist();
    stack = await startStack({ env: stackEnv });
    const res = await fetch(`${stack.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = (await res.json()).data.access_token;
    await waitForLookupPath(stack.url, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    // Balance lookups this page really sent over the socket (a reconnect re-sends a pending one, by
    // design, with its request id): the server must log each of them once, no more.
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        const text = String(f.payload);
        if (!text.includes(`"isdn":"${nine}"`)) return;
        const id = /"requestId":"([^"]+)"/.exec(text)?.[1] ?? text;
        if (text.includes('"traCuuSoDuTaiKhoanChinh"')) balanceIds.add(id);
        if (text.includes('"traCuuDanhSachDoiTuongChuongTrinh"')) packageIds.add(id);
      }),
    );
  });

  let proxy: Awaited<ReturnType<typeof startFlakyProxy>> | undefined;

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await proxy?.close();
    await stack?.stop();
    await dropDatabase(dbUrl).catch(() => undefined);
  });

  it('logs in and opens Tra cứu thuê bao from the menu', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('menu-/app/customer-lookup').click();
    await expect(page.getByTestId('tab-/app/customer-lookup').textContent()).resolves.toContain('Tra cứu thuê bao');
    // Every panel is there for admin (priority 1); the button waits for a phone.
    for (const id of ['package', 'balance', 'info', 'history', 'h9279', 'arpu']) await page.getByTestId(`lookup-phone-${id}`).waitFor();
    expect(await page.getByTestId('lookup-submit-balance').isDisabled()).toBe(true);
  });

  it('shows the balance and the eligible packages the carrier answers for the phone', async () => {
    // Expectations: the REST answer of the same lookups for the same phone.
    const balance = await api(`/api/v1/lookup/balance?phone=${phone}`);
    const packages = await api(`/api/v1/lookup/package?phone=${phone}&page=1`);

    for (const id of ['balance', 'package']) {
      await page.getByTestId(`lookup-phone-${id}`).fill(phone);
      expect(await page.getByTestId(`lookup-submit-${id}`).isDisabled()).toBe(false);
      await page.getByTestId(`lookup-submit-${id}`).click();
    }

    await page.getByTestId('lookup-result-balance').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('lookup-result-balance').getAttribute('data-isdn')).toBe(nine);
    // Nine-digit phones are shown with a leading 0; numbers as 0,0.
    expect((await page.getByTestId('lookup-field-balance-NUMBER_PHONE').textContent())?.trim()).toBe(`0${nine}`);
    expect((await page.getByTestId('lookup-field-balance-PHONE_BALANCE').textContent())?.trim()).toBe(
      `${new Intl.NumberFormat('en-US').format(balance.PHONE_BALANCE)} đ`,
    );
    expect(await page.getByTestId('lookup-field-balance-NUM_TYPE').textContent()).toContain(balance.NUM_TYPE);

    await page.getByTestId('lookup-result-package').waitFor({ timeout: 20_000 });
    const rows = page.locator('[data-testid^="lookup-rows-package-"]');
    expect(await rows.count()).toBe(packages.FinalDataList.length);
    for (const [i, p] of (packages.FinalDataList as Array<{ PackageCode: string; SyntaxRegister: string }>).entries()) {
      const text = await page.getByTestId(`lookup-rows-package-${i}`).textContent();
      expect(text).toContain(p.PackageCode);
      expect(text).toContain(p.SyntaxRegister);
    }
    expect(await page.getByTestId('lookup-error-balance').count()).toBe(0);
    expect(await page.getByTestId('lookup-error-package').count()).toBe(0);
  });

  it('lists the socket lookup in Lịch sử tra cứu (/sys/lstracuu) with its count', async () => {
    await page.getByTestId('menu-/sys/lstracuu').click();
    await page.getByTestId('lstracuu-filter-noi_dung').fill(phone);
    // The filtered page replaces the first one: count the rows once the grid shows the server's
    // answer to this search (the exact count per lookup name is checked against the API below).
    await showSearch(page, { id: 'lstracuu', endpoint: '/api/v1/lstracuu', params: { noi_dung: phone } });
    const socketRow = page
      .locator('[data-testid^="lstracuu-row-"]', { hasText: 'Tra cứu số dư tài khoản chính' })
      .filter({ hasText: 'Kênh: socket' });
    expect(balanceIds.size).toBeGreaterThanOrEqual(1);
    expect(await socketRow.count()).toBe(balanceIds.size);
    const text = (await socketRow.first().textContent()) ?? '';
    expect(text).toContain('admin');
    expect(text).toContain(`0${nine}`);

    // The counts panel agrees with the API for the same filter (one REST and one socket lookup each).
    const list = await api(`/api/v1/lstracuu?page=1&count=20&noi_dung=${phone}`);
    const byName = Object.fromEntries(
      (list.countByName as Array<{ ten_tra_cuu: string; count: number }>).map((c) => [c.ten_tra_cuu, c.count]),
    );
    expect(byName['Tra cứu số dư tài khoản chính']).toBe(1 + balanceIds.size);
    expect(byName['Tra cứu danh sách đối tượng chương trình']).toBe(1 + packageIds.size);
    const count = page.locator(
      '[data-testid="lstracuu-count"][data-name="Tra cứu số dư tài khoản chính"] [data-testid="lstracuu-count-value"]',
    );
    expect((await count.textContent())?.trim()).toBe(String(1 + balanceIds.size));
    expect((await page.getByTestId('lstracuu-count-total').textContent())?.trim()).toBe(String(list.count));
  });

  it('imports lookup-log rows from an Excel file in 200-row chunks; the same file again stores no duplicate', async () => {
    // The layout the screen exports: #, staff, phone, lookup name, content, time — plus one bad row.
    const XLSX = await import('xlsx');
    const marker = `nhap-${rand()}`;
    const sheet = [['#', 'Nhân viên', 'Số điện thoại', 'Loại tra cứu', 'Nội dung', 'Thời gian']];
    for (let i = 0; i < 205; i++)
      sheet.push([
        String(i + 1),
        'admin - Quản trị hệ thống',
        `09${String(10000000 + i)}`,
        'Tra cứu số dư tài khoản chính',
        `${marker} ${i}`,
        '05-03-2025 08:30:00',
      ]);
    sheet.push(['206', 'admin', 'không có số', 'Tra cứu số dư tài khoản chính', `${marker} lỗi`, '05-03-2025 08:30:00']);
    const file = join(tmpdir(), `${marker}.xlsx`);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheet), 'Sheet 1');
    XLSX.writeFile(wb, file);

    const posts: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v1/lstracuu/import'))
        posts.push((JSON.parse(r.postData() ?? '[]') as unknown[]).length);
    });
    await page.getByTestId('lstracuu-import-file').setInputFiles(file);
    await page.getByTestId('lstracuu-import-preview').waitFor();
    await page.getByTestId('lstracuu-import-send').click();
    const errors = page.getByTestId('lstracuu-import-error-row');
    await errors.first().waitFor();
    expect(await errors.count()).toBe(1);
    expect(await errors.first().getAttribute('data-row')).toBe('207');
    await page
      .getByTestId('toast')
      .filter({ hasText: `${marker}.xlsx: đã lưu 205 bản ghi` })
      .first()
      .waitFor();
    expect(posts).toEqual([200, 6]);
    await page.getByTestId('lstracuu-import-errors-close').click();
    // Closed, the refused rows stay one click away: 'Lỗi nhập (1)' reopens them.
    const errorsButton = page.getByTestId('lstracuu-import-errors-button');
    expect((await errorsButton.textContent())?.trim()).toBe('Lỗi nhập (1)');
    await errorsButton.click();
    expect(await errors.first().getAttribute('data-row')).toBe('207');
    await page.getByTestId('lstracuu-import-errors-close').click();
    const list = await api(`/api/v1/lstracuu?page=1&count=20&noi_dung=${marker}&startDate=01/03/2025`);
    expect(list.count).toBe(205);

    // The same file again: the server dedupes every row (the list still holds 205).
    await page.getByTestId('lstracuu-import-file').setInputFiles(file);
    await page.getByTestId('lstracuu-import-send').click();
    await page.getByTestId('lstracuu-import-errors').waitFor();
    await page.getByTestId('lstracuu-import-errors-close').click();
    expect((await api(`/api/v1/lstracuu?page=1&count=20&noi_dung=${marker}&startDate=01/03/2025`)).count).toBe(205);
  });

  it('sends a pending lookup again, with its request id, once the socket has reconnected', async () => {
    const history = await api(`/api/v1/lookup/history?phone=${phone}`);
    proxy = await startFlakyProxy(stack.gatewayPort);
    const p = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const frames = socketFrames(p);
    const isHistorySend = (f: (typeof frames.all)[number]) => f.sent && f.event === 'traCuuLichSuGoiCuoc';
    await p.goto(`${proxy.url}/login`);
    await p.getByTestId('login-username').fill('admin');
    await p.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await p.getByTestId('login-submit').click();
    await p.getByTestId('menu-/app/customer-lookup').click();
    await p.getByTestId('lookup-phone-history').fill(phone);
    // Once the socket is connected ('40{…}': the Socket.IO CONNECT acknowledgement, the handshake
    // accepted), lose the request with the connection.
    await frames.until('the socket connected', (fs) => fs.some((f) => !f.sent && f.payload.startsWith('40')));
    proxy.silence();
    const beforeSubmit = frames.all.length;
    await p.getByTestId('lookup-submit-history').click();
    // The page has sent the lookup (into the silenced connection).
    await frames.until('the history lookup sent', (fs) => fs.some(isHistorySend), { from: beforeSubmit });
    // One pending request per panel: the button stays disabled until the answer comes.
    expect(await p.getByTestId('lookup-submit-history').isDisabled()).toBe(true);
    expect(await p.getByTestId('lookup-result-history').count()).toBe(0);
    proxy.cut();
    await p.getByTestId('lookup-result-history').waitFor({ timeout: 15_000 });
    const sends = frames.all.filter(isHistorySend);
    expect(sends).toHaveLength(2);
    const ids = sends.map((f) => (f.data as { data?: { requestId?: string } } | undefined)?.data?.requestId);
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBe(ids[0]);
    expect(await p.locator('[data-testid^="lookup-rows-history-"]').count()).toBe(history.values.length);
    // The carrier's codes in words: the subscriber type and the package status.
    const first = history.values[0] as { NumberType: string };
    const shown = await p.locator('[data-testid^="lookup-rows-history-"]').first().textContent();
    expect(shown).toContain(first.NumberType === 'MG' ? 'MG - Trả sau' : 'MC - Trả trước');
    expect(shown).not.toMatch(/ACTIVE|EXPIRED|CANCELLED/);
    expect(await p.getByTestId('lookup-submit-history').isDisabled()).toBe(false);
    await p.close();
  });
});
