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
import { login, markdownTable, loadAverage } from './api.ts';

const say = (msg) => process.stderr.write(`[bench:export] ${msg}\n`);

function parseArgs(argv) {
  const o = {
    rows: 1_000_000,
    seed: true,
    database: 'cskh_export',
    modes: ['after', 'capped', 'before'],
    subsetDays: 60,
    window: undefined,
    heapMiB: 128,
    json: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rows') o.rows = Number(String(argv[++i]).replace(/_/g, ''));
    else if (a === '--no-seed') o.seed = false;
    else if (a === '--database') o.database = argv[++i];
    else if (a === '--modes') o.modes = argv[++i].split(',');
    else if (a === '--subset-days') o.subsetDays = Number(argv[++i]);
    else if (a === '--window') o.window = argv[++i];
    else if (a === '--heap') o.heapMiB = Number(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  for (const m of o.modes) if (!['after', 'capped', 'before'].includes(m)) throw new Error(`unknown mode ${m}: after, capped, before`);
  return o;
}

/** DD/MM/YYYY of the Vietnam day `daysAgo` days before today. */
function vnDay(daysAgo = 0, now = Date.now()) {
  const d = new Date(now + 7 * 3600_000 - daysAgo * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

const statusKiB = (pid, field) => {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return 0;
  }
};
/** Resets a process's peak RSS to its current RSS; false when the kernel does not allow it. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Watches the RSS of some processes: VmHWM since the reset, and sampled VmRSS (for a kernel without clear_refs). */
function rssWatch(pids) {
  const reset = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, resetPeak(pid)]));
  const before = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, statusKiB(pid, 'VmRSS')]));
  const sampled = { ...before };
  const t = setInterval(() => {
    for (const [n, pid] of Object.entries(pids)) sampled[n] = Math.max(sampled[n], statusKiB(pid, 'VmRSS'));
  }, 50);
  return () => {
    clearInterval(t);
    return Object.fromEntries(
      Object.entries(pids).map(([n, pid]) => [
        n,
        { beforeKiB: before[n], peakKiB: reset[n] ? Math.max(statusKiB(pid, 'VmHWM'), sampled[n]) : sampled[n] },
      ]),
    );
  };
}

/** GETs an export, keeping nothing but its size and its end; resolves when the answer ends or breaks. */
function download(url, token) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    let bytes = 0;
    let tail = '';
    let head = '';
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (s) => {
        bytes += Buffer.byteLength(s);
        if (head.length < 2000) head += s.slice(0, 2000);
        tail = (tail + s).slice(-8192);
      });
      const done = (broken) => {
        const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
        const complete = !broken && /}\s*$/.test(tail);
        const rows = Number(/\],"count":(\d+)/.exec(tail)?.[1] ?? 0);
        let error;
        if (res.statusCode !== 200) {
          try {
            error = JSON.parse(head).msg ?? `HTTP ${res.statusCode}`;
          } catch {
            error = `HTTP ${res.statusCode}`;
          }
        } else if (!complete) error = 'answer cut';
        resolve({ status: res.statusCode, seconds, bytes, rows: error ? 0 : rows, error });
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

/** The bench's database on the shared server, created when missing (kept: seeding takes minutes). */
async function ensureDatabase(url, name) {
  const pg = (await import('pg')).default;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE "${name}"`);
  } finally {
    await c.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const mib = (kib) => (kib / 1024).toFixed(0);

function table(results) {
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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { startInfra } = await import('../scripts/infra/index.ts');
  const { startComponents } = await import('../scripts/chaos/procs.ts');
  const infra = await startInfra({ log: (m) => say(m) });
  const dbUrl = await ensureDatabase(process.env.DATABASE_URL ?? infra.env.DATABASE_URL, opts.database);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  let stack;
  const stop = async () => {
    await stack?.stop().catch((e) => say(`stop: ${e}`));
    await infra.stop().catch((e) => say(`infra stop: ${e}`));
  };
  process.once('SIGINT', () => stop().then(() => process.exit(130)));
  let exit = 0;
  const results = [];
  try {
    const adminPassword = `Bench-${randomBytes(6).toString('hex')}`;
    const baseEnv = {
      ...process.env,
      ...infra.env,
      DATABASE_URL: dbUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      METRICS_PORT: '0',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
      CSKH_ADMIN_PASSWORD: adminPassword,
      MIGRATE_ON_START: 'true',
      KAFKA_TOPIC_PREFIX: `bench-export-${randomBytes(3).toString('hex')}.`,
      SOCKET_ADAPTER_KEY: `bench-export-${randomBytes(3).toString('hex')}`,
      CARRIER_SIM_USERNAME: 'cskh',
      CARRIER_SIM_PASSWORD: 'cskh-carrier',
      CARRIER_USERNAME: 'cskh',
      CARRIER_PASSWORD: 'cskh-carrier',
      ...(opts.window ? { CSKH_EXPORT_WINDOW_ROWS: opts.window } : {}),
    };
    const pg = (await import('pg')).default;
    const { hashPassword } = await import('../services/auth/src/domain/passwords.ts');
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
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        // The admin keeps the password of the run that created it: this run's, now.
        await db.query(`UPDATE auth.users SET password_hash = $1 WHERE lower(username) = 'admin'`, [await hashPassword(adminPassword)]);
        const have = Number((await db.query('SELECT count(*) AS n FROM lookup.lookup_log')).rows[0].n);
        if (!seeded && opts.seed && have < opts.rows) {
          const { seedVolume, parseSeedArgs } = await import('../scripts/seed-volume.ts');
          say(`seeding ${(opts.rows - have).toLocaleString('en')} lookup_log rows (has ${have.toLocaleString('en')})…`);
          const t0 = Date.now();
          await seedVolume(
            parseSeedArgs(['--only', 'lookup_log', '--lookup-log', String(opts.rows - have), '--rows', '0'], { DATABASE_URL: dbUrl }),
          );
          say(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
        }
        seeded = true;
        const total = Number((await db.query('SELECT count(*) AS n FROM lookup.lookup_log')).rows[0].n);
        say(`${mode}: lookup.lookup_log holds ${total.toLocaleString('en')} rows`);
      } finally {
        await db.end();
      }
      const token = await login(stack.url, 'admin', adminPassword);
      const pids = { gateway: stack.gateway.pid, lookup: stack.lookup.pid };
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
        const row = { mode, name, ...r, rss };
        results.push(row);
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
    if (results.some((r) => r.mode === 'after' && r.error)) exit = 1;
  } catch (err) {
    say(`failed: ${err?.stack ?? err}`);
    exit = 1;
  } finally {
    await stop();
  }
  process.exit(exit);
}

main();
