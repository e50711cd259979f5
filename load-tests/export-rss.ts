#!/usr/bin/env node
// `npm run bench:export`: an "all rows" export of a 1,000,000-row table through the gateway, with
// the peak memory (RSS) of the gateway and of the service that owns the table.
//
// Starts real PostgreSQL, Redis and Kafka (scripts/infra; a piece is reused when DATABASE_URL /
// REDIS_URL / KAFKA_BROKERS is set) and the product as one Node process per component
// (scripts/chaos/procs.ts: carrier simulator, auth, lookup, realtime, gateway — as Kubernetes runs
// the pods), on a database of its own (`cskh_export`, kept between runs: seeded once). It seeds the
// lookup history (lookup.lookup_log, scripts/seed-volume.ts) up to --rows rows, then exports through
// the gateway, the way the browser does (`/api/v1/lstracuu?page=0&count=9999999999`):
//   - a subset (the last --subset-days days of the year the seed spreads rows over) and every row;
//   - `after`: the streamed answer (gateway/src/export.ts: windows of CSKH_EXPORT_WINDOW_ROWS);
//   - `capped`: the same, with the V8 heap of the gateway and of the service capped (--heap MiB,
//     128 by default): an answer held whole could not fit; a bounded one finishes;
//   - `before`: the same build with CSKH_EXPORT_STREAM=off, the single-message answer of before.
// The client counts bytes and keeps nothing. Peak RSS is each process's VmHWM, reset
// (/proc/<pid>/clear_refs) before each export, so it is the export's own peak; the baseline is
// the RSS just before it.
//
//   npm run bench:export                                   1,000,000 rows: after, capped, before
//   npm run bench:export -- --rows 200000 --modes after    smaller, one mode
//   npm run bench:export -- --json .tmp/export.json
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { login, markdownTable, loadAverage, statusKiB, vnDay } from './api';
import { parseFlags, runToExit, sayAs } from './cli';
import { carrierLogin, keptDatabase, productEnv, resetAdminPassword, runPassword } from './product';
import { startComponents } from '../scripts/chaos/procs';
import { startInfra } from '../scripts/infra/index';
import { parseSeedArgs, seedVolume } from '../scripts/seed-volume';

const say = sayAs('bench:export');

const MODES = ['after', 'capped', 'before'] as const;
type ExportMode = (typeof MODES)[number];
const isMode = (m: string): m is ExportMode => (MODES as readonly string[]).includes(m);

interface ExportOptions {
  rows: number;
  seed: boolean;
  database: string;
  modes: ExportMode[];
  subsetDays: number;
  window?: string;
  heapMiB: number;
  json?: string;
}

function parseArgs(argv: readonly string[]): ExportOptions {
  const f = parseFlags(argv, {
    rows: 'value',
    'no-seed': 'switch',
    database: 'value',
    modes: 'value',
    'subset-days': 'value',
    window: 'value',
    heap: 'value',
    json: 'value',
  });
  const modes = f.modes?.split(',') ?? [...MODES];
  for (const m of modes) if (!isMode(m)) throw new Error(`unknown mode ${m}: after, capped, before`);
  return {
    rows: f.rows === undefined ? 1_000_000 : Number(f.rows.replace(/_/g, '')),
    seed: f['no-seed'] === undefined,
    database: f.database ?? 'cskh_export',
    modes: modes.filter(isMode),
    subsetDays: Number(f['subset-days'] ?? 60),
    window: f.window,
    heapMiB: Number(f.heap ?? 128),
    json: f.json,
  };
}

/** Resets a process's peak RSS to its current RSS; false when the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Rss {
  beforeKiB: number;
  peakKiB: number;
}

/** Watches the RSS of some processes: VmHWM since the reset, and sampled VmRSS (for a kernel without clear_refs). */
function rssWatch<K extends string>(pids: Record<K, number>): () => Record<K, Rss> {
  const entries = Object.entries(pids) as [K, number][];
  const reset = new Map(entries.map(([n, pid]) => [n, resetPeak(pid)]));
  const before = new Map(entries.map(([n, pid]) => [n, statusKiB(pid, 'VmRSS')]));
  const sampled = new Map(before);
  const t = setInterval(() => {
    for (const [n, pid] of entries) sampled.set(n, Math.max(sampled.get(n) ?? 0, statusKiB(pid, 'VmRSS')));
  }, 50);
  return () => {
    clearInterval(t);
    return Object.fromEntries(
      entries.map(([n, pid]) => {
        const s = sampled.get(n) ?? 0;
        return [n, { beforeKiB: before.get(n) ?? 0, peakKiB: reset.get(n) ? Math.max(statusKiB(pid, 'VmHWM'), s) : s }];
      }),
    ) as Record<K, Rss>;
  };
}

interface Download {
  status: number;
  seconds: number;
  bytes: number;
  rows: number;
  error?: string;
}

/** GETs an export, keeping nothing but its size and its end; resolves when the answer ends or breaks. */
function download(url: string, token: string): Promise<Download> {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    let bytes = 0;
    let tail = '';
    let head = '';
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        bytes += Buffer.byteLength(s);
        if (head.length < 2000) head += s.slice(0, 2000);
        tail = (tail + s).slice(-8192);
      });
      const done = (broken: boolean) => {
        const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
        const complete = !broken && /}\s*$/.test(tail);
        const rows = Number(/\],"count":(\d+)/.exec(tail)?.[1] ?? 0);
        let error: string | undefined;
        if (res.statusCode !== 200) {
          try {
            error = (JSON.parse(head) as { msg?: string }).msg ?? `HTTP ${res.statusCode}`;
          } catch {
            error = `HTTP ${res.statusCode}`;
          }
        } else if (!complete) error = 'answer cut';
        resolve({ status: res.statusCode ?? 0, seconds, bytes, rows: error ? 0 : rows, error });
      };
      res.on('end', () => done(false));
      res.on('aborted', () => done(true));
      res.on('error', () => done(true));
    });
    req.on('error', (e) =>
      resolve({ status: 0, seconds: Number(process.hrtime.bigint() - t0) / 1e9, bytes: 0, rows: 0, error: e.message }),
    );
  });
}

const mib = (kib: number) => (kib / 1024).toFixed(0);

interface ExportResult extends Download {
  mode: ExportMode;
  name: string;
  rss: Record<'gateway' | 'lookup', Rss>;
}

function table(results: ExportResult[]): string {
  const head = ['mode', 'export', 'status', 'rows', 'MiB sent', 's', 'rows/s', 'gateway RSS before→peak MiB', 'lookup RSS before→peak MiB'];
  const body = results.map((r) => [
    r.mode,
    r.name,
    r.error ? `${r.status} ${r.error}`.slice(0, 60) : String(r.status),
    r.rows.toLocaleString('en'),
    (r.bytes / 1048576).toFixed(0),
    r.seconds.toFixed(1),
    r.rows ? Math.round(r.rows / r.seconds).toLocaleString('en') : '-',
    `${mib(r.rss.gateway.beforeKiB)} → ${mib(r.rss.gateway.peakKiB)}`,
    `${mib(r.rss.lookup.beforeKiB)} → ${mib(r.rss.lookup.peakKiB)}`,
  ]);
  return markdownTable(head, body);
}

/** Sets this run's admin password and seeds lookup.lookup_log up to --rows (once a run); answers the rows it holds. */
async function prepareDatabase(dbUrl: string, opts: ExportOptions, adminPassword: string, seed: boolean): Promise<number> {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await resetAdminPassword(db, adminPassword);
    const count = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM lookup.lookup_log')).rows[0].n);
    const have = await count();
    if (seed && have < opts.rows) {
      say(`seeding ${(opts.rows - have).toLocaleString('en')} lookup_log rows (has ${have.toLocaleString('en')})…`);
      const t0 = Date.now();
      await seedVolume(
        parseSeedArgs(['--only', 'lookup_log', '--lookup-log', String(opts.rows - have), '--rows', '0'], { DATABASE_URL: dbUrl }),
      );
      say(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    return await count();
  } finally {
    await db.end();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const infra = await startInfra({ log: (m) => say(m) });
  const dbUrl = await keptDatabase(process.env.DATABASE_URL ?? infra.env.DATABASE_URL ?? '', opts.database);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  let stack: Awaited<ReturnType<typeof startComponents>> | undefined;
  const stop = async () => {
    await stack?.stop().catch((e: unknown) => say(`stop: ${String(e)}`));
    await infra.stop().catch((e: unknown) => say(`infra stop: ${String(e)}`));
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  const results: ExportResult[] = [];
  await runToExit(
    say,
    async () => {
      const adminPassword = runPassword('Bench');
      const baseEnv = productEnv(infra.env, adminPassword, {
        DATABASE_URL: dbUrl,
        NODE_ENV: 'production',
        METRICS_PORT: '0',
        KAFKA_TOPIC_PREFIX: `bench-export-${randomBytes(3).toString('hex')}.`,
        SOCKET_ADAPTER_KEY: `bench-export-${randomBytes(3).toString('hex')}`,
        ...carrierLogin('cskh', 'cskh-carrier'),
        ...(opts.window ? { CSKH_EXPORT_WINDOW_ROWS: opts.window } : {}),
      });
      let seeded = false;
      for (const mode of opts.modes) {
        // capped: streamed, with the gateway's and the service's V8 heap capped (--max-old-space-size):
        // an export that held its rows would die of it; a bounded one finishes.
        const heap = mode === 'capped' ? [`--max-old-space-size=${opts.heapMiB}`] : [];
        say(
          `${mode}: starting the components (CSKH_EXPORT_STREAM=${mode === 'before' ? 'off' : 'on'}${heap.length ? `, ${heap[0]} for gateway and lookup` : ''})…`,
        );
        stack = await startComponents({
          env: { ...baseEnv, CSKH_EXPORT_STREAM: mode === 'before' ? 'off' : 'on' },
          logDir: tmp,
          say,
          nodeArgs: { gateway: heap, lookup: heap },
        });
        const total = await prepareDatabase(dbUrl, opts, adminPassword, !seeded && opts.seed);
        seeded = true;
        say(`${mode}: lookup.lookup_log holds ${total.toLocaleString('en')} rows`);
        const token = await login(stack.url, 'admin', adminPassword);
        const pids = { gateway: stack.gateway?.pid ?? 0, lookup: stack.lookup.pid ?? 0 };
        const cases = [
          [
            `last ${opts.subsetDays} days`,
            `/api/v1/lstracuu?page=0&count=9999999999&startDate=${vnDay(opts.subsetDays - 1)}&endDate=${vnDay(0)}`,
          ],
          // What the lookup history screen's export sends.
          ['every row', '/api/v1/lstracuu?page=0&count=9999999999&getAll=true'],
        ];
        for (const [name, p] of cases) {
          await new Promise((r) => setTimeout(r, 2000)); // settle (GC, the start's work)
          const watch = rssWatch(pids);
          say(`${mode}: exporting ${name}…`);
          const r = await download(stack.url + p, token);
          const rss = watch();
          results.push({ mode, name, ...r, rss });
          say(
            `${mode} · ${name}: ${r.error ? `${r.status} ${r.error}, ` : ''}${r.rows.toLocaleString('en')} rows, ${(r.bytes / 1048576).toFixed(0)} MiB in ${r.seconds.toFixed(1)} s; ` +
              `RSS gateway ${mib(rss.gateway.beforeKiB)} → ${mib(rss.gateway.peakKiB)} MiB, lookup ${mib(rss.lookup.beforeKiB)} → ${mib(rss.lookup.peakKiB)} MiB`,
          );
        }
        await stack.stop();
        stack = undefined;
      }
      process.stdout.write(
        `\n${table(results)}\n\n(${os.cpus().length} CPUs, load ${loadAverage()}; window ${opts.window ?? 'default'} rows)\n`,
      );
      if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ opts, results }, null, 2));
      return results.some((r) => r.mode === 'after' && r.error) ? 1 : 0;
    },
    stop,
  );
}

void main();
