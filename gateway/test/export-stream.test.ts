/**
 * "All rows" answers stream (safe data out), through the whole stack (gateway, auth and
 * lookup services, real PostgreSQL, Redis, Kafka), read by the web's own export reader
 * (web/src/list/exportFetch.ts):
 *   - the streamed answer is the list in order, with the same document a single page gives;
 *   - the gateway asks the service one window at a time, and stops asking while the client does
 *     not read (backpressure) or once it has gone (abort);
 *   - rows added at the top while an export runs are not sent twice (nor the rows they push down);
 *   - a failure after the first rows cuts the answer, and the web refuses it instead of saving it.
 */
import { Client } from 'pg';
import { metricsRegistry } from '@cskh/kit/observability';
import { MAX_PAGE_SIZE } from '@cskh/kit';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';

// The web's own export reader (bundler-resolved TypeScript, outside this project's typecheck).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- web files resolve the bundler's way: imported, they would enter the root (NodeNext) typecheck
const { configureApi } = require('../../web/src/api/client') as {
  configureApi(o: { getToken: () => string | null; onUnauthorized: () => void }): void;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- web files resolve the bundler's way: imported, they would enter the root (NodeNext) typecheck
const { fetchAllRows, INCOMPLETE_EXPORT } = require('../../web/src/list/exportFetch') as {
  fetchAllRows(path: string, query: Record<string, unknown>, opts?: { signal?: AbortSignal }): Promise<any>;
  INCOMPLETE_EXPORT: string;
};

const WINDOW = 500;
const ROWS = 20_000;
const WINDOWS = ROWS / WINDOW + 1; // the last full window is followed by an empty one
// Read at each export: small windows here, so that 20,000 rows take 40 of them.
process.env.CSKH_EXPORT_WINDOW_ROWS = String(WINDOW);

const env = isolatedStackEnv('gw_export', { LOG_LEVEL: 'silent' });
let stack: Stack;
let db: Client;
let token = '';
const ALL = { page: 0, count: 9999999999 };

beforeAll(async () => {
  stack = await startStack({ only: ['auth', 'lookup'], carrierSim: false, realtime: false, env });
  db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  // 20,000 rows of ~1 KB, one second apart, a day old: ~20 MB of JSON, more than the sockets buffer.
  await db.query(
    `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at)
     SELECT '09' || lpad(i::text, 8, '0'), CASE WHEN i % 3 = 0 THEN 'Tra cứu ARPU' ELSE 'Tra cứu gói' END,
            'Dòng ' || i || ' ' || repeat('x', 1000), 'admin', 'Quản trị', now() - interval '1 day' - i * interval '1 second'
       FROM generate_series(1, ${ROWS}) i`,
  );
  const r = await fetch(`${stack.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: env.CSKH_ADMIN_PASSWORD }),
  });
  token = ((await r.json()) as any).data.access_token;
  configureApi({ getToken: () => token, onUnauthorized: () => undefined });
}, 240_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

const url = (path: string) => `${stack.url}${path}`;

/** Lookup-history calls the lookup service has handled so far (all in this process). */
async function upstreamCalls(): Promise<number> {
  const m = await metricsRegistry.getSingleMetric('cskh_grpc_server_handling_seconds')!.get();
  return m.values
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName === 'cskh_grpc_server_handling_seconds_count' && v.labels.method === 'ListLookupLogs',
    )
    .reduce((s, v) => s + v.value, 0);
}

/** Waits until the upstream calls stop growing (the gateway is blocked on a full socket). */
async function callsSettle(): Promise<number> {
  let last = await upstreamCalls();
  for (let still = 0; still < 6;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await upstreamCalls();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

async function expectedIds(): Promise<string[]> {
  return (await db.query(`SELECT id FROM lookup.lookup_log ORDER BY created_at DESC, id`)).rows.map((r) => r.id);
}

/**
 * The browser's fetch, with a gate: the first chunk of the body passes, the rest waits until
 * `release()`, so the export is held mid-way like a client that does not read.
 */
async function withGatedFetch<T>(run: (gate: { held: Promise<void>; release: () => void }) => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  let hold!: () => void;
  const held = new Promise<void>((r) => (hold = r));
  globalThis.fetch = (async (input: any, init?: any) => {
    const res = await realFetch(input, init);
    if (!res.body) return res;
    let n = 0;
    const gate = new TransformStream<Uint8Array, Uint8Array>(
      {
        async transform(chunk, ctl) {
          ctl.enqueue(chunk);
          if (++n === 1) {
            hold();
            await open;
          }
        },
      },
      { highWaterMark: 1 },
      { highWaterMark: 1 },
    );
    return new Response(res.body.pipeThrough(gate), { status: res.status, headers: res.headers });
  }) as typeof fetch;
  try {
    return await run({ held, release });
  } finally {
    globalThis.fetch = realFetch;
    release();
  }
}

describe('an all-rows answer streams', () => {
  it('is the whole list in order, the same document as one page of it, fetched window by window', async () => {
    const before = await upstreamCalls();
    const data = await fetchAllRows(url('/api/v1/lstracuu'), ALL);
    expect(await upstreamCalls()).toBe(before + WINDOWS);
    expect(data.values.map((r: any) => r.id)).toEqual(await expectedIds());
    expect(data.count).toBe(ROWS);
    // The list paged as a screen pages it (the largest page, MAX_PAGE_SIZE rows): the same document.
    const pages: any[] = [];
    for (let p = 1; p <= Math.ceil(ROWS / MAX_PAGE_SIZE); p++) {
      const page = await fetch(url(`/api/v1/lstracuu?page=${p}&count=${MAX_PAGE_SIZE}`), { headers: { authorization: `Bearer ${token}` } });
      pages.push(((await page.json()) as any).data);
    }
    expect(data).toEqual({ ...pages[0], values: pages.flatMap((p) => p.values) });
    expect(data.countByName).toEqual([
      { ten_tra_cuu: 'Tra cứu gói', count: ROWS - Math.floor(ROWS / 3) },
      { ten_tra_cuu: 'Tra cứu ARPU', count: Math.floor(ROWS / 3) },
    ]);
  }, 120_000);

  it('answers the same JSON text shape as before: status, then data with values and count', async () => {
    const r = await fetch(url('/api/v1/lstracuu?page=0&count=9999999999&ten_tra_cuu=' + encodeURIComponent('Tra cứu ARPU')), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('x-export-stream')).toBe('windows');
    const text = await r.text();
    expect(text.startsWith('{"status":200,"data":{"values":[{')).toBe(true);
    const body = JSON.parse(text);
    expect(body.data.values).toHaveLength(Math.floor(ROWS / 3));
    expect(body.data.count).toBe(Math.floor(ROWS / 3));
  }, 120_000);

  it('the lookup history asked with getAll (as its screen exports) streams the same windows', async () => {
    const before = await upstreamCalls();
    const data = await fetchAllRows(url('/api/v1/lstracuu'), { ...ALL, getAll: true });
    expect(await upstreamCalls()).toBe(before + WINDOWS);
    expect(data.values.map((r: any) => r.id)).toEqual(await expectedIds());
  }, 120_000);

  it('a list whose service reads all rows at once (no window) still answers every row', async () => {
    const all = await fetchAllRows(url('/api/v1/role'), ALL);
    const page = await fetch(url('/api/v1/role?page=1&count=1000'), { headers: { authorization: `Bearer ${token}` } });
    expect(all).toEqual(((await page.json()) as any).data);
    expect(all.values.length).toBeGreaterThan(0);
  });

  it('asks no window while the client does not read, and sends no row twice when rows arrive at the top meanwhile', async () => {
    const expected = await expectedIds();
    const before = await upstreamCalls();
    const data = await withGatedFetch(async (gate) => {
      const pending = fetchAllRows(url('/api/v1/lstracuu'), ALL);
      await gate.held;
      const atPause = (await callsSettle()) - before;
      // Held mid-way: the gateway stopped asking (backpressure), with windows still to come.
      expect(atPause).toBeGreaterThan(0);
      expect(atPause).toBeLessThan(WINDOWS - 2);
      // 37 new rows at the top: every later window's offset now starts 37 rows earlier.
      await db.query(
        `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name)
         SELECT '0988' || lpad(i::text, 6, '0'), 'Tra cứu gói', 'mới ' || i, 'admin', 'Quản trị' FROM generate_series(1, 37) i`,
      );
      gate.release();
      return pending;
    });
    const ids = data.values.map((r: any) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(data.count).toBe(expected.length);
    await db.query(`DELETE FROM lookup.lookup_log WHERE so_dien_thoai LIKE '0988%'`);
  }, 120_000);

  it('stops asking the service once the client has gone', async () => {
    const before = await upstreamCalls();
    const ac = new AbortController();
    await withGatedFetch(async (gate) => {
      const pending = fetchAllRows(url('/api/v1/lstracuu'), ALL, { signal: ac.signal });
      pending.catch(() => undefined);
      await gate.held;
      await callsSettle();
      ac.abort();
      gate.release();
      await expect(pending).rejects.toThrow();
    });
    const afterAbort = await callsSettle();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await upstreamCalls()).toBe(afterAbort);
    expect(afterAbort - before).toBeLessThan(WINDOWS - 2);
    // The gateway still answers.
    expect((await fetch(url('/healthz'))).status).toBe(200);
  }, 120_000);

  it('a failure after the first rows cuts the answer, and the web export refuses it', async () => {
    let outcome: unknown;
    try {
      await withGatedFetch(async (gate) => {
        const pending = fetchAllRows(url('/api/v1/lstracuu'), ALL);
        pending.catch(() => undefined);
        await gate.held;
        await callsSettle();
        // The next window's query fails (the table is gone for a moment).
        await db.query(`ALTER TABLE lookup.lookup_log RENAME TO lookup_log_away`);
        gate.release();
        outcome = await pending.then(
          (d) => ({ rows: d.values.length }),
          (e) => e,
        );
      });
    } finally {
      await db.query(`ALTER TABLE lookup.lookup_log_away RENAME TO lookup_log`);
    }
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe(INCOMPLETE_EXPORT);
  }, 120_000);

  it('a failure before any row is an ordinary error answer', async () => {
    await db.query(`ALTER TABLE lookup.lookup_log RENAME TO lookup_log_away`);
    try {
      const r = await fetch(url('/api/v1/lstracuu?page=0&count=9999999999'), { headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json()) as any;
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(body.status).toBe(r.status);
      expect(typeof body.msg).toBe('string');
      await expect(fetchAllRows(url('/api/v1/lstracuu'), ALL)).rejects.toMatchObject({ status: r.status, msg: body.msg });
    } finally {
      await db.query(`ALTER TABLE lookup.lookup_log_away RENAME TO lookup_log`);
    }
  });
});
