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
import fs from 'node:fs';
import os from 'node:os';
import { login, markdownTable, loadAverage, percentile, vnDay } from './api';
import { parseFlags, runToExit, sayAs } from './cli';
import { productEnv, resetAdminPassword, runPassword } from './product';
import { startInfra } from '../scripts/infra/index';
import { parseSeedArgs, seedVolume } from '../scripts/seed-volume';
import { Stack, startStack } from '../scripts/stack';

const say = sayAs('bench:lists');

interface ListsOptions {
  lookupLog: number;
  rows: number;
  seed: boolean;
  iterations: number;
  only?: Set<string>;
  json?: string;
  database: string;
  /** Passed on to seed:volume as they are (--days, --chunk). */
  seedArgs: string[];
}

function parseArgs(argv: readonly string[]): ListsOptions {
  const f = parseFlags(argv, {
    'lookup-log': 'value',
    rows: 'value',
    'no-seed': 'switch',
    iterations: 'value',
    only: 'value',
    json: 'value',
    database: 'value',
    days: 'value',
    chunk: 'value',
  });
  return {
    lookupLog: Number(f['lookup-log'] ?? 100_000),
    rows: Number(f.rows ?? 20_000),
    seed: f['no-seed'] === undefined,
    iterations: f.iterations === undefined ? 20 : Math.max(3, Number(f.iterations)),
    only: f.only === undefined ? undefined : new Set(f.only.split(',')),
    json: f.json,
    database: f.database ?? 'cskh_lists',
    seedArgs: [...(f.days === undefined ? [] : ['--days', f.days]), ...(f.chunk === undefined ? [] : ['--chunk', f.chunk])],
  };
}

/** Values drawn from the seeded data: a phone's middle digits and its end, a salesperson. */
export interface Sample {
  phoneMiddle: string;
  phoneEnd: string;
  salesperson: string;
}
type Kind = 'page' | 'export';
type As = 'admin' | 'leader' | 'branch';
/** One call timed: its screen, what it asks, its path, a page or an export, and whose token. */
export interface TimedCall {
  screen: string;
  name: string;
  path: string;
  kind: Kind;
  as: As;
}

/**
 * The calls timed, per screen. `sample` holds values drawn from the seeded data: a phone's middle
 * digits (a contains-search that must find middle-of-string matches) and a salesperson.
 */
export function calls(sample: Sample): TimedCall[] {
  const week = `startDate=${vnDay(13)}&endDate=${vnDay(7)}`;
  const day = `startDate=${vnDay(3)}&endDate=${vnDay(3)}`;
  const year = `startDate=${vnDay(364)}&endDate=${vnDay(0)}`;
  const all = 'page=0&count=9999999999';
  const mid = sample.phoneMiddle;
  const nv = sample.salesperson;
  const list: [string, string, string, Kind?, As?][] = [
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
  ];
  return list.map(([screen, name, path, kind, as]) => ({ screen, name, path, kind: kind ?? 'page', as: as ?? 'admin' }));
}

interface CallAnswer {
  ms: number;
  status: number;
  body?: { msg?: string; data?: { values?: unknown[]; count?: number | string } };
  bytes: number;
}

async function call(base: string, token: string, path: string): Promise<CallAnswer> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  let body: CallAnswer['body'];
  try {
    body = JSON.parse(text) as CallAnswer['body'];
  } catch {
    body = undefined;
  }
  return { ms, status: res.status, body, bytes: text.length };
}

export interface CallTiming {
  screen: string;
  name: string;
  as: As;
  kind: Kind;
  status?: number;
  error?: string;
  n: number;
  p50: number;
  p95: number;
  count: number;
  rows: number;
  bytes: number;
  rowsPerSecond?: number;
}

export async function timeCalls(
  base: string,
  tokens: string | Record<As, string>,
  list: TimedCall[],
  iterations: number,
  log = say,
): Promise<CallTiming[]> {
  const results: CallTiming[] = [];
  for (const c of list) {
    const token = typeof tokens === 'string' ? tokens : tokens[c.as];
    const n = c.kind === 'export' ? Math.max(3, Math.ceil(iterations / 4)) : iterations;
    const times: number[] = [];
    let last: CallAnswer | undefined;
    await call(base, token, c.path); // warm-up: plans and pages as a user's second look finds them
    for (let i = 0; i < n; i++) {
      last = await call(base, token, c.path);
      if (last.status !== 200) break;
      times.push(last.ms);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const rows = last?.body?.data?.values?.length ?? 0;
    const r: CallTiming = {
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

export function table(results: CallTiming[]): string {
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
  const given = process.env.DATABASE_URL;
  const infra = await startInfra({ log: (m) => say(m) });
  const dbUrl = new URL(given ?? infra.env.DATABASE_URL ?? '');
  dbUrl.pathname = `/${opts.database}`;
  let stack: Stack | undefined;
  const stop = async () => {
    await stack?.stop().catch((e: unknown) => say(`stack stop: ${String(e)}`));
    await infra.stop().catch((e: unknown) => say(`infra stop: ${String(e)}`));
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  await runToExit(
    say,
    async () => {
      const adminPassword = runPassword('Bench');
      const { Client } = (await import('pg')).default;
      const admin = new Client({ connectionString: dbUrl.toString() });
      const started = await startStack({ env: productEnv(infra.env, adminPassword, { DATABASE_URL: dbUrl.toString() }) });
      stack = started;
      say(`stack up at ${started.url} on database ${dbUrl.pathname.slice(1)}`);
      await admin.connect();
      await resetAdminPassword(admin, adminPassword);
      if (opts.seed) {
        const t0 = Date.now();
        await seedVolume(
          parseSeedArgs(['--lookup-log', String(opts.lookupLog), '--rows', String(opts.rows), ...opts.seedArgs], {
            DATABASE_URL: dbUrl.toString(),
          }),
        );
        say(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
      const sizes = (
        await admin.query<{ t: string; n: string }>(
          `SELECT n.nspname || '.' || c.relname AS t, c.reltuples::bigint AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE (n.nspname, c.relname) IN (('lookup','lookup_log'),('care','care_record'),('care','customer'),('bank','bank_message'),
                 ('orders','sale_order'),('refunds','refund_request'),('payroll','revenue_record')) ORDER BY 1`,
        )
      ).rows;
      const phone =
        (
          await admin.query<{ so_dien_thoai: string }>(
            `SELECT so_dien_thoai FROM lookup.lookup_log ORDER BY created_at DESC LIMIT 1 OFFSET 1000`,
          )
        ).rows[0]?.so_dien_thoai ?? '0912345678';
      const nv =
        (
          await admin.query<{ username: string }>(
            `SELECT username FROM lookup.lookup_log WHERE username LIKE 'vol_nv%' ORDER BY created_at DESC LIMIT 1`,
          )
        ).rows[0]?.username ?? 'admin';
      await admin.end();
      const sample: Sample = { phoneMiddle: phone.slice(3, 10), phoneEnd: phone.slice(-7), salesperson: nv };
      // A leader and a branch of the seeded hierarchy (seed:volume's password) time the subtree scopes.
      const tokens = {
        admin: await login(started.url, 'admin', adminPassword),
        leader: await login(started.url, 'vol_tn1_1', 'Volume@123'),
        branch: await login(started.url, 'vol_cn1', 'Volume@123'),
      };
      const list = calls(sample).filter((c) => !opts.only || opts.only.has(c.screen));
      say(`timing ${list.length} calls, ${opts.iterations} times each (exports a quarter of that), one at a time`);
      const results = await timeCalls(started.url, tokens, list, opts.iterations);
      const load = loadAverage();
      const sizeLine = sizes.map((s) => `${s.t} ${Number(s.n).toLocaleString('en')}`).join(', ');
      process.stdout.write(
        `\nList timings through the gateway (${opts.iterations} calls each, one at a time; ${os.cpus().length} cores, load ${load})\n` +
          `Rows: ${sizeLine}\nSample: phone digits ${sample.phoneMiddle}, staff ${sample.salesperson}\n\n${table(results)}\n\n`,
      );
      if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ sizes, sample, iterations: opts.iterations, load, results }, null, 2));
      return results.some((r) => r.error) ? 1 : 0;
    },
    stop,
  );
}

if (require.main === module) void main();
