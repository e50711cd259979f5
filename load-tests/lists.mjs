#!/usr/bin/env node
// `npm run bench:lists`: how long the list screens take as the tables grow.
//
// Starts real PostgreSQL, Redis and Kafka (scripts/infra; a piece is reused when DATABASE_URL /
// REDIS_URL / KAFKA_BROKERS is set), the whole stack (scripts/stack.ts, migrations on start),
// seeds the big tables to the requested size (scripts/seed-volume.ts, inside PostgreSQL), then
// calls each list endpoint through the gateway, one call at a time, with the filters its screen
// offers — first page, deep page, text search, date range, staff filter, export — and prints
// p50/p95 per call (and rows/s for exports).
//
//   npm run bench:lists                                        small sizes (100,000 log rows, 20,000 per table)
//   npm run bench:lists -- --lookup-log 10000000 --rows 1000000
//   npm run bench:lists -- --no-seed                           time what DATABASE_URL already holds
//   npm run bench:lists -- --iterations 30 --only lstracuu,mesbank --json out.json
//
// With DATABASE_URL set, the run uses that server's database `cskh_lists` (or --database NAME), so
// a seeded database can be timed again and again (--no-seed) while the code changes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { login, markdownTable, loadAverage } from './api.ts';

const say = (msg) => process.stderr.write(`[bench:lists] ${msg}\n`);

function parseArgs(argv) {
  const o = {
    lookupLog: 100_000,
    rows: 20_000,
    seed: true,
    iterations: 20,
    only: undefined,
    json: undefined,
    database: 'cskh_lists',
    seedArgs: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--lookup-log') o.lookupLog = Number(argv[++i]);
    else if (a === '--rows') o.rows = Number(argv[++i]);
    else if (a === '--no-seed') o.seed = false;
    else if (a === '--iterations') o.iterations = Math.max(3, Number(argv[++i]));
    else if (a === '--only') o.only = new Set(argv[++i].split(','));
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--database') o.database = argv[++i];
    else if (a === '--days' || a === '--chunk') o.seedArgs.push(a, argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

/** DD/MM/YYYY of the Vietnam day `daysAgo` days before today. */
export function vnDay(daysAgo = 0, now = Date.now()) {
  const d = new Date(now + 7 * 3600_000 - daysAgo * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * The calls timed, per screen. `sample` holds values drawn from the seeded data: a phone's middle
 * digits (a contains-search that must find middle-of-string matches) and a salesperson.
 */
export function calls(sample) {
  const week = `startDate=${vnDay(13)}&endDate=${vnDay(7)}`;
  const day = `startDate=${vnDay(3)}&endDate=${vnDay(3)}`;
  const year = `startDate=${vnDay(364)}&endDate=${vnDay(0)}`;
  const all = 'page=0&count=9999999999';
  const mid = sample.phoneMiddle;
  const nv = sample.salesperson;
  return [
    // Lookup history (spec 3 §7.1): the 10-million-row table.
    ['lstracuu', 'first page', `/api/v1/lstracuu?page=1&count=20`],
    ['lstracuu', 'page 5,000', `/api/v1/lstracuu?page=5000&count=20`],
    ['lstracuu', 'search phone digits', `/api/v1/lstracuu?page=1&count=20&noi_dung=${mid}`],
    ['lstracuu', 'search common word', `/api/v1/lstracuu?page=1&count=20&noi_dung=${encodeURIComponent('Mã gói: MAX90')}`],
    // The same, typed as staff type it (no diacritics, lower case: kit typed-search).
    ['lstracuu', 'search common word, typed', `/api/v1/lstracuu?page=1&count=20&noi_dung=${encodeURIComponent('ma goi: max90')}`],
    ['lstracuu', 'week', `/api/v1/lstracuu?page=1&count=20&${week}`],
    ['lstracuu', 'staff', `/api/v1/lstracuu?page=1&count=20&username=${nv}`],
    ['lstracuu', 'staff, page 50', `/api/v1/lstracuu?page=50&count=20&username=${nv}`],
    ['lstracuu', 'lookup kind + week', `/api/v1/lstracuu?page=1&count=20&${week}&ten_tra_cuu=${encodeURIComponent('Tra cứu ARPU')}`],
    ['lstracuu', 'export one day', `/api/v1/lstracuu?getAll=true&${day}`, 'export'],
    // Care history (spec 1 §2.9).
    ['care/history', 'first page', `/api/v1/care/history?page=1&count=20`],
    ['care/history', 'page 1,000', `/api/v1/care/history?page=1000&count=20`],
    ['care/history', 'search phone', `/api/v1/care/history?page=1&count=20&phone=${sample.phoneEnd}`],
    ['care/history', 'week', `/api/v1/care/history?page=1&count=20&${week}`],
    ['care/history', 'staff', `/api/v1/care/history?page=1&count=20&username=${nv}`],
    ['care/history', 'result + staff', `/api/v1/care/history?page=1&count=20&status=KBM&username=${nv}`],
    ['care/history', "branch's subtree", `/api/v1/care/history?page=1&count=20`, 'page', 'branch'],
    ['care/history', 'export one day', `/api/v1/care/history?${all}&${day}`, 'export'],
    // Bank messages (spec 1 §2.8): default period is this month.
    ['mesbank', 'first page', `/api/v1/mesbank?page=1&count=20`],
    ['mesbank', 'year, page 1,000', `/api/v1/mesbank?page=1000&count=20&${year}`],
    ['mesbank', 'year, search text', `/api/v1/mesbank?page=1&count=20&${year}&message=${mid}`],
    ['mesbank', 'year', `/api/v1/mesbank?page=1&count=20&${year}`],
    ['mesbank', 'year, channel + unread', `/api/v1/mesbank?page=1&count=20&${year}&sender=Techcombank&is_read=0`],
    ['mesbank', 'export one day', `/api/v1/mesbank?${all}&${day}`, 'export'],
    // Mfy orders (spec 3 §7.7).
    ['mfy', 'first page', `/api/v1/mfy?page=1&count=20`],
    ['mfy', 'page 1,000', `/api/v1/mfy?page=1000&count=20`],
    ['mfy', 'search phone', `/api/v1/mfy?page=1&count=20&phone=${mid}`],
    ['mfy', 'week', `/api/v1/mfy?page=1&count=20&${week}`],
    ['mfy', "leader's subtree", `/api/v1/mfy?page=1&count=20`, 'page', 'leader'],
    ['mfy', 'status', `/api/v1/mfy?page=1&count=20&trang_thai=dang_cho_duyet`],
    ['mfy', 'export one day', `/api/v1/mfy?${all}&${day}`, 'export'],
    // 9279 registrations: the managers' staff and note filters (spec 3 §2.16).
    ['dangky9279', 'first page', `/api/v1/dangky9279?page=1&count=20`],
    ['dangky9279', 'staff', `/api/v1/dangky9279?page=1&count=20&username_nv=${nv}`],
    ['dangky9279', 'search note', `/api/v1/dangky9279?page=1&count=20&note=${encodeURIComponent('công tác')}`],
    ['dangky9279', 'search note, typed', `/api/v1/dangky9279?page=1&count=20&note=${encodeURIComponent('cong tac')}`],
    // Refund requests (spec 2 §4): default period is this month.
    ['requestrefund', 'first page', `/api/v1/requestrefund?page=1&count=20`],
    ['requestrefund', 'year, page 1,000', `/api/v1/requestrefund?page=1000&count=20&${year}`],
    ['requestrefund', 'year, search', `/api/v1/requestrefund?page=1&count=20&${year}&message=${mid}`],
    ['requestrefund', 'year, status', `/api/v1/requestrefund?page=1&count=20&${year}&trang_thai_giao_dich_doi_tac=dang_cho_duyet`],
    ['requestrefund', "leader's subtree", `/api/v1/requestrefund?page=1&count=20`, 'page', 'leader'],
    ['requestrefund', 'export one day', `/api/v1/requestrefund?${all}&${day}`, 'export'],
    // Detailed revenue (spec 2 §2.2): default period is this month.
    ['report90849332', 'first page', `/api/v1/report90849332?page=1&count=20`],
    ['report90849332', 'year, page 1,000', `/api/v1/report90849332?page=1000&count=20&${year}`],
    ['report90849332', 'year, staff', `/api/v1/report90849332?page=1&count=20&${year}&username=${nv}`],
    ['report90849332', 'year, search phone', `/api/v1/report90849332?page=1&count=20&${year}&message=${mid}`],
    ['report90849332', "leader's subtree", `/api/v1/report90849332?page=1&count=20`, 'page', 'leader'],
    ['report90849332', 'export one day', `/api/v1/report90849332/listExport?${day}`, 'export'],
  ].map(([screen, name, path, kind, as]) => ({ screen, name, path, kind: kind ?? 'page', as: as ?? 'admin' }));
}

async function call(base, token, path) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { ms, status: res.status, body, bytes: text.length };
}

export async function timeCalls(base, tokens, list, iterations, log = say) {
  const results = [];
  for (const c of list) {
    const token = typeof tokens === 'string' ? tokens : tokens[c.as];
    const n = c.kind === 'export' ? Math.max(3, Math.ceil(iterations / 4)) : iterations;
    const times = [];
    let last;
    await call(base, token, c.path); // warm-up: plans and pages as a user's second look finds them
    for (let i = 0; i < n; i++) {
      last = await call(base, token, c.path);
      if (last.status !== 200) break;
      times.push(last.ms);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const rows = last?.body?.data?.values?.length ?? 0;
    const r = {
      screen: c.screen,
      name: c.name,
      as: c.as,
      kind: c.kind,
      status: last?.status,
      error: last?.status !== 200 ? (last?.body?.msg ?? `HTTP ${last?.status}`) : undefined,
      n: times.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      count: Number(last?.body?.data?.count ?? 0),
      rows,
      bytes: last?.bytes ?? 0,
      rowsPerSecond: c.kind === 'export' && times.length ? rows / (percentile(sorted, 50) / 1000) : undefined,
    };
    results.push(r);
    log(
      `${c.screen} · ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, count ${r.count}${r.error ? `, ${r.error}` : ''}`,
    );
  }
  return results;
}

export function table(results) {
  const head = ['screen', 'call', 'as', 'p50 ms', 'p95 ms', 'count', 'rows', 'export rows/s'];
  const body = results.map((r) => [
    r.screen,
    r.name,
    r.as,
    r.error ? 'error' : r.p50.toFixed(1),
    r.error ? r.error.slice(0, 40) : r.p95.toFixed(1),
    String(r.count),
    String(r.rows),
    r.rowsPerSecond ? Math.round(r.rowsPerSecond).toLocaleString('en') : '',
  ]);
  return markdownTable(head, body);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { startInfra } = await import('../scripts/infra/index.ts');
  const given = process.env.DATABASE_URL;
  const infra = await startInfra({ log: (m) => say(m) });
  const dbUrl = new URL(given ?? infra.env.DATABASE_URL);
  dbUrl.pathname = `/${opts.database}`;
  let stack;
  const stop = async () => {
    await stack?.stop().catch((e) => say(`stack stop: ${e}`));
    await infra.stop().catch((e) => say(`infra stop: ${e}`));
  };
  process.once('SIGINT', () => stop().then(() => process.exit(130)));
  let exit = 0;
  try {
    const adminPassword = `Bench-${randomBytes(6).toString('hex')}`;
    const { startStack } = await import('../scripts/stack.ts');
    const { Client } = (await import('pg')).default;
    // The admin account keeps the password of the run that created it: reset it for this run.
    const admin = new Client({ connectionString: dbUrl.toString() });
    const env = {
      ...process.env,
      ...infra.env,
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
      CSKH_ADMIN_PASSWORD: adminPassword,
      MIGRATE_ON_START: 'true',
    };
    stack = await startStack({ env });
    say(`stack up at ${stack.url} on database ${dbUrl.pathname.slice(1)}`);
    const { hashPassword } = await import('../services/auth/src/domain/passwords.ts');
    await admin.connect();
    await admin.query(`UPDATE auth.users SET password_hash = $1 WHERE lower(username) = 'admin'`, [await hashPassword(adminPassword)]);
    if (opts.seed) {
      const { seedVolume, parseSeedArgs } = await import('../scripts/seed-volume.ts');
      const t0 = Date.now();
      await seedVolume(
        parseSeedArgs(['--lookup-log', String(opts.lookupLog), '--rows', String(opts.rows), ...opts.seedArgs], {
          DATABASE_URL: dbUrl.toString(),
        }),
      );
      say(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    const sizes = (
      await admin.query(
        `SELECT n.nspname || '.' || c.relname AS t, c.reltuples::bigint AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE (n.nspname, c.relname) IN (('lookup','lookup_log'),('care','care_record'),('care','customer'),('bank','bank_message'),
                 ('orders','sale_order'),('refunds','refund_request'),('payroll','revenue_record')) ORDER BY 1`,
      )
    ).rows;
    const phone =
      (await admin.query(`SELECT so_dien_thoai FROM lookup.lookup_log ORDER BY created_at DESC LIMIT 1 OFFSET 1000`)).rows[0]
        ?.so_dien_thoai ?? '0912345678';
    const nv =
      (await admin.query(`SELECT username FROM lookup.lookup_log WHERE username LIKE 'vol_nv%' ORDER BY created_at DESC LIMIT 1`)).rows[0]
        ?.username ?? 'admin';
    await admin.end();
    const sample = { phoneMiddle: phone.slice(3, 10), phoneEnd: phone.slice(-7), salesperson: nv };
    // A leader and a branch of the seeded hierarchy (seed:volume's password) time the subtree scopes.
    const tokens = {
      admin: await login(stack.url, 'admin', adminPassword),
      leader: await login(stack.url, 'vol_tn1_1', 'Volume@123'),
      branch: await login(stack.url, 'vol_cn1', 'Volume@123'),
    };
    const list = calls(sample).filter((c) => !opts.only || opts.only.has(c.screen));
    say(`timing ${list.length} calls, ${opts.iterations} times each (exports a quarter of that), one at a time`);
    const results = await timeCalls(stack.url, tokens, list, opts.iterations);
    const load = loadAverage();
    const sizeLine = sizes.map((s) => `${s.t} ${Number(s.n).toLocaleString('en')}`).join(', ');
    process.stdout.write(
      `\nList timings through the gateway (${opts.iterations} calls each, one at a time; ${os.cpus().length} cores, load ${load})\n` +
        `Rows: ${sizeLine}\nSample: phone digits ${sample.phoneMiddle}, staff ${sample.salesperson}\n\n${table(results)}\n\n`,
    );
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ sizes, sample, iterations: opts.iterations, load, results }, null, 2));
    if (results.some((r) => r.error)) exit = 1;
  } catch (err) {
    say(`failed: ${err?.stack ?? err}`);
    exit = 1;
  } finally {
    await stop();
  }
  process.exit(exit);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) main();
