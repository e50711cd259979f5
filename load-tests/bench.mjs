#!/usr/bin/env node
// `npm run bench:lookup` (= scripts/prepare.mjs, then `tsx load-tests/bench.mjs`): lookup
// throughput and latency of the whole product.
//
// scripts/prepare.mjs first installs, generates and builds what a fresh clone lacks. Then: real
// PostgreSQL, Redis and Kafka (scripts/infra; a piece is reused when DATABASE_URL / REDIS_URL /
// KAFKA_BROKERS is set: the bench then works in its own database, Kafka topic prefix and Socket.IO
// adapter key, so that it shares the servers with nobody's data), k6 (load-tests/install-k6.sh),
// and the product in one of two shapes (--mode):
//   embedded  one Node process: every service, carrier simulator, realtime tier and gateway
//             (scripts/stack.ts, as `npm start` runs it)
//   process   one Node process per component, as Kubernetes runs the pods: carrier simulator,
//             auth, lookup, realtime, gateway (scripts/chaos/procs.ts startComponents, shared
//             with the chaos run)
// and runs, one after the other:
//   closed loop (VUs that send again as soon as answered; --vus × --duration each)
//     baseline  k6 → carrier simulator directly (same lookup)              carrier-baseline.js
//     healthz   k6 → gateway GET /healthz (the gateway's floor: no work)   healthz.js
//     floor     the libraries' floor of floor.mjs, started beside the product in the
//               same shape (process: echo and front processes; embedded: one process):
//               floor: express         k6 → front GET /healthz                 healthz.js
//               floor: express + grpc  k6 → front → echo, one grpc-js call     lookup-rest.js
//               floor: express + grpc + work   the same, the echo making one undici request to the
//                                      carrier and one pg INSERT per call         lookup-rest.js
//     rest      k6 → gateway → lookup service (gRPC) → carrier, log row    lookup-rest.js
//     socket    k6 → gateway → realtime → Kafka → lookup → Kafka → back    lookup-socket.js
//   open model (a fixed arrival rate, whatever the answers take; --rates, --open-duration each)
//     rest@R, socket@R   p50/p95/p99, dropped iterations, errors, lost and duplicate replies
//   many sockets (--sockets N, each looking up every --socket-interval s)
//     connect time, p95, lost and duplicate replies, the realtime process's RSS per connection
//   outbox (--outbox-events N): a backlog of N events drained onto Kafka by the kit's outbox relay
//     in this process (outbox.ts): events/s and this process's CPU per event
// and prints one table per kind, with ratios to the baseline and to /healthz, and the product's
// closed-loop rows against the floor and against the work floor: req/s ratio and CPU per call ratio
// (REST: gateway + lookup vs front + echo; socket: gateway + realtime + lookup vs front + echo), with
// the targets. Exit 1 on any lost or duplicate reply.
//
//   npm run bench:lookup                          both modes, everything (≈ 8 min)
//   npm run bench:lookup -- --mode process        one mode
//   npm run bench:lookup -- --vus 20 --duration 30s --pipeline 2
//   npm run bench:lookup -- --rates 300,600 --open-duration 15s
//   npm run bench:lookup -- --sockets 1000 --socket-interval 2
//   npm run bench:lookup -- --only floor,rest,socket  some rows (baseline healthz floor rest socket open sockets)
//   npm run bench:lookup -- --warmup 0s               no unmeasured lookups before the rows (default 60s; --smoke: 0s)
//   npm run bench:lookup -- --mode process --profile .tmp/prof   CPU profiles of gateway and lookup
//   npm run bench:lookup -- --smoke               CI: embedded, 5 VUs × 10 s of baseline, rest and
//                                                 socket; exit 1 on any error, lost or duplicate reply
//   npm run bench:lookup -- --json out.json       also write the figures as JSON
//   npm run bench:lookup -- --mode process --kafka-clients kafkajs,confluent,confluent,kafkajs
//                                                 the whole mode once per Kafka client, in that order
//                                                 (CSKH_KAFKA_CLIENT), then both side by side
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, infraDelta, infraSample, machineBusyMs, figures, installK6, runK6, loadAverage } from './api.ts';
import { FLOOR_ROWS, startFloor, WORK_ROW } from './floor.mjs';
import { outboxRow } from './outbox.ts';
import { kafkaClientName } from '@cskh/kit/messaging';
import { ensureConfluentKafka } from '../scripts/setup.mjs';

const say = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const ROWS = ['baseline', 'healthz', 'floor', 'rest', 'socket', 'open', 'sockets', 'outbox'];
const FLOOR_GRPC = 'floor: express + grpc';
// The targets against the floor (closed loop, process mode).
const FLOOR_TARGETS = { rest: { rps: 0.8, cpu: 1.6 }, socket: { rps: 0.8 } };
/** The floor that does a lookup's work (a carrier request and a log row per call, floor.mjs), and the product's targets against it. */
const FLOOR_WORK = `floor: ${WORK_ROW}`;
const FLOOR_WORK_TARGETS = { rest: { rps: 1.0, cpu: 1.2 }, socket: { rps: 0.85 } };
const MODES = {
  embedded: 'embedded: one Node process (gateway, realtime, every service, carrier simulator)',
  process: 'process: one Node process per component (carrier-sim, auth, lookup, realtime, gateway)',
};

function parseArgs(argv) {
  const o = {
    smoke: false,
    vus: undefined,
    duration: undefined,
    pipeline: '1',
    only: undefined,
    json: undefined,
    mode: undefined,
    rates: undefined,
    openDuration: undefined,
    sockets: undefined,
    socketInterval: '2',
    profile: undefined,
    warmup: undefined,
    kafkaClients: undefined,
    outboxEvents: '20000',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--smoke') o.smoke = true;
    else if (a === '--vus') o.vus = argv[++i];
    else if (a === '--duration') o.duration = argv[++i];
    else if (a === '--pipeline') o.pipeline = argv[++i];
    else if (a === '--only') o.only = argv[++i].split(',');
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--mode') o.mode = argv[++i];
    else if (a === '--rates') o.rates = argv[++i];
    else if (a === '--open-duration') o.openDuration = argv[++i];
    else if (a === '--sockets') o.sockets = argv[++i];
    else if (a === '--socket-interval') o.socketInterval = argv[++i];
    else if (a === '--profile') o.profile = argv[++i];
    else if (a === '--warmup') o.warmup = argv[++i];
    else if (a === '--kafka-clients') o.kafkaClients = argv[++i].split(',');
    else if (a === '--outbox-events') o.outboxEvents = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  o.vus ??= o.smoke ? '5' : '50';
  o.duration ??= o.smoke ? '10s' : '20s';
  o.openDuration ??= o.duration;
  o.warmup ??= o.smoke ? '0s' : '60s';
  o.mode ??= o.smoke ? 'embedded' : 'both';
  o.modes = o.mode === 'both' ? ['embedded', 'process'] : [o.mode];
  for (const m of o.modes) if (!MODES[m]) throw new Error(`unknown mode ${m}; embedded, process or both`);
  o.rates = (o.rates ?? (o.smoke ? '' : '300,600'))
    .split(',')
    .filter((r) => r && r !== 'none')
    .map(Number);
  o.sockets = Number(o.sockets ?? (o.smoke ? 0 : 1000));
  o.only ??= o.smoke ? ['baseline', 'rest', 'socket'] : ROWS;
  o.kafkaClients = (o.kafkaClients ?? [kafkaClientName()]).map((c) => kafkaClientName({ CSKH_KAFKA_CLIENT: c }));
  // The librdkafka client is not a dependency: built on first use (scripts/setup.mjs).
  if (o.kafkaClients.includes('confluent') && !ensureConfluentKafka()) throw new Error('@confluentinc/kafka-javascript could not be built');
  o.outboxEvents = Number(o.outboxEvents);
  for (const r of o.only) if (!ROWS.includes(r)) throw new Error(`unknown row ${r}; one of ${ROWS.join(', ')}`);
  if (!o.rates.length) o.only = o.only.filter((r) => r !== 'open');
  if (!o.sockets) o.only = o.only.filter((r) => r !== 'sockets');
  if (o.profile && !o.modes.includes('process')) throw new Error('--profile needs --mode process (each component its own process)');
  return o;
}

function seconds(d) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(d));
  if (!m) throw new Error(`bad duration ${d}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2] || 's'];
}

/** Resident set size of a process (KiB), from /proc. */
function rssKiB(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return 0;
  }
}

function render(head, body) {
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

const f1 = (x) => x.toFixed(1);
const ratio = (a, b) => (b ? (a / b).toFixed(2) : '-');
const load = loadAverage;

function closedTable(rows) {
  const base = rows.find((r) => r.name === 'baseline')?.rps;
  const healthz = rows.find((r) => r.name === 'healthz')?.rps;
  const floor = rows.find((r) => r.name === FLOOR_GRPC)?.rps;
  const workFloor = rows.find((r) => r.name === FLOOR_WORK)?.rps;
  const product = (r) => r.name === 'rest' || r.name === 'socket';
  return render(
    ['path', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost', 'dup', 'vs baseline', 'vs /healthz', 'vs floor', 'vs work floor'],
    rows.map((r) => [
      r.name === 'healthz' ? '/healthz' : r.name,
      f1(r.rps),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.errors),
      r.name === 'socket' ? String(r.lost) : '-',
      r.name === 'socket' ? String(r.duplicates) : '-',
      r.name === 'baseline' ? '1.00' : ratio(r.rps, base),
      product(r) ? ratio(r.rps, healthz) : '-',
      product(r) ? ratio(r.rps, floor) : '-',
      product(r) ? ratio(r.rps, workFloor) : '-',
    ]),
  );
}

/** CPU µs per answered request of the named processes during row r (those of them it has). */
const usPer = (r, names) => (r.lookups ? (names.reduce((t, p) => t + (r.cpu[p] ?? 0), 0) * 1000) / r.lookups : NaN);

/**
 * The product's closed-loop rows against one of the libraries' floor rows measured in the same
 * run (the bare one, or the one doing the work): req/s ratio and CPU per call ratio, each with its target.
 */
function floorTable(rows, mode, floorRow = FLOOR_GRPC, targets = FLOOR_TARGETS) {
  const floor = rows.find((r) => r.name === floorRow);
  if (!floor) return '';
  const floorProcs = mode === 'embedded' ? ['floor'] : ['front', 'echo'];
  const paths =
    mode === 'embedded'
      ? { rest: ['embedded (all)'], socket: ['embedded (all)'] }
      : { rest: ['gateway', 'lookup'], socket: ['gateway', 'realtime', 'lookup'] };
  const floorUs = usPer(floor, floorProcs);
  const body = rows
    .filter((r) => paths[r.name])
    .map((r) => {
      const t = targets[r.name] ?? {};
      const rps = r.rps / floor.rps;
      const us = usPer(r, paths[r.name]);
      const cpu = us / floorUs;
      // On a machine the load saturates, req/s follows the machine's busy time per answer. The
      // most this row could reach if the path's processes cost exactly the floor's: what the row
      // needs beside them (k6, PostgreSQL, Kafka, the carrier, the kernel) stays.
      const ceiling = floor.machineMs / floor.lookups / (r.machineMs / r.lookups - us / 1000 + floorUs / 1000);
      const verdict = (x, target, atLeast) =>
        target === undefined ? '-' : `${atLeast ? '≥' : '≤'} ${target} ${(atLeast ? x >= target : x <= target) ? 'met' : 'NOT met'}`;
      return [
        r.name,
        f1(r.rps),
        f1(floor.rps),
        rps.toFixed(2),
        verdict(rps, t.rps, true),
        ceiling.toFixed(2),
        `${paths[r.name].join(' + ')} ${us.toFixed(0)}`,
        `${floorProcs.join(' + ')} ${floorUs.toFixed(0)}`,
        cpu.toFixed(2),
        verdict(cpu, t.cpu, false),
      ];
    });
  return render(
    [
      'path',
      'req/s',
      'floor req/s',
      'req/s vs floor',
      'target',
      'ceiling vs floor',
      'CPU µs per call',
      'floor CPU µs per call',
      'CPU vs floor',
      'target',
    ],
    body,
  );
}

/** CPU time (from /proc, user + system) each process spent per answered request during the row. */
function cpuTable(rows) {
  const procs = Object.keys(rows[0]?.cpu ?? {});
  const infra = Object.keys(rows[0]?.infra ?? {});
  return render(
    ['row', 'answered', ...procs.map((p) => `${p} µs`), 'total µs', ...infra.map((p) => `${p} µs`), 'rest of machine µs', 'machine µs'],
    rows.map((r) => {
      const per = (ms) => (r.lookups ? ((ms * 1000) / r.lookups).toFixed(0) : '-');
      const total = procs.reduce((t, p) => t + r.cpu[p], 0);
      const shared = infra.reduce((t, p) => t + r.infra[p], 0);
      return [
        r.name,
        String(r.lookups),
        ...procs.map((p) => per(r.cpu[p])),
        per(total),
        ...infra.map((p) => per(r.infra[p])),
        per(r.machineMs - total - shared),
        per(r.machineMs),
      ];
    }),
  );
}

function openTable(rows) {
  return render(
    ['path', 'target/s', 'answered/s', 'p50 ms', 'p95 ms', 'p99 ms', 'dropped', 'errors', 'lost', 'dup'],
    rows.map((r) => [
      r.name,
      String(r.rate),
      f1(r.answeredPerS),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.dropped),
      String(r.errors),
      r.path === 'socket' ? String(r.lost) : '-',
      r.path === 'socket' ? String(r.duplicates) : '-',
    ]),
  );
}

function socketsTable(rows) {
  return render(
    [
      'sockets',
      'connected',
      'connect p50 ms',
      'connect p95 ms',
      'connect max ms',
      'answered/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
      'lost (of them, socket closed)',
      'dup',
      'RSS before MiB',
      'RSS peak MiB',
      'KiB/socket',
    ],
    rows.map((r) => [
      String(r.sockets),
      String(r.connected),
      f1(r.connectP50),
      f1(r.connectP95),
      f1(r.connectMax),
      f1(r.answeredPerS),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.errors),
      `${r.lost} (${r.lostOnClose})`,
      String(r.duplicates),
      f1(r.rssBeforeKiB / 1024),
      f1(r.rssPeakKiB / 1024),
      f1(r.kibPerSocket),
    ]),
  );
}

/** The bench's own database on a shared PostgreSQL server (dropped at the end). */
async function ownDatabase(url) {
  const pg = (await import('pg')).default;
  const u = new URL(url);
  const name = `cskh_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (sql) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Node options that write a CPU profile of process `name` into profileDir/name (none without a profileDir). */
const cpuProf = (profileDir, name) => (profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${path.join(profileDir, name)}`] : []);

/** Starts the product in `mode`; returns { url, carrierUrl, realtimePid, stop }. */
async function startProduct(mode, env, { logDir, profileDir }) {
  if (mode === 'embedded') {
    const { startStack } = await import('../scripts/stack.ts');
    const stack = await startStack({ env });
    return {
      url: stack.url,
      carrierUrl: `http://127.0.0.1:${stack.services['carrier-sim']}`,
      realtimePid: process.pid,
      pids: { 'embedded (all)': process.pid },
      stop: () => stack.stop(),
    };
  }
  const { startComponents } = await import('../scripts/chaos/procs.ts');
  const stack = await startComponents({
    env: {
      ...env,
      NODE_ENV: 'production',
      // Each component would serve /metrics on 9464 by default: any free port instead.
      METRICS_PORT: '0',
      CARRIER_SIM_LATENCY_MS: '0',
      CARRIER_SIM_JITTER_MS: '0',
      CARRIER_SIM_ERROR_RATE: '0',
      CARRIER_SIM_TIMEOUT_RATE: '0',
      CARRIER_SIM_USERNAME: env.CARRIER_USERNAME,
      CARRIER_SIM_PASSWORD: env.CARRIER_PASSWORD,
    },
    logDir,
    nodeArgs: { gateway: cpuProf(profileDir, 'gateway'), lookup: cpuProf(profileDir, 'lookup'), realtime: cpuProf(profileDir, 'realtime') },
    say,
  });
  return {
    url: stack.url,
    carrierUrl: stack.env.CARRIER_URL,
    realtimePid: stack.realtime[0].pid,
    pids: {
      gateway: stack.gateway.pid,
      lookup: stack.lookup.pid,
      realtime: stack.realtime[0].pid,
      auth: stack.auth.pid,
      'carrier-sim': stack.carrier.pid,
    },
    stop: () => stack.stop(),
  };
}

async function runMode(mode, { opts, k6, baseEnv, carrier, adminPassword, tmp, client, run }) {
  const logDir = path.join(tmp, `${mode}-${run}-logs`);
  fs.mkdirSync(logDir, { recursive: true });
  const profileDir = mode === 'process' && opts.profile ? path.resolve(opts.profile) : undefined;
  say(`mode ${MODES[mode]}, Kafka client ${client}: starting…`);
  const loadBefore = load();
  const topicPrefix = `bench-${mode}-${randomBytes(3).toString('hex')}.`;
  // The embedded product builds its Kafka clients in this process: it reads the choice here too.
  process.env.CSKH_KAFKA_CLIENT = client;
  const product = await startProduct(
    mode,
    { ...baseEnv, KAFKA_TOPIC_PREFIX: topicPrefix, CSKH_KAFKA_CLIENT: client },
    { logDir, profileDir },
  );
  const out = { mode, client, closed: [], open: [], sockets: [], loadBefore, failures: [] };
  let loadFrom = 0;
  let floor;
  try {
    // The libraries' floor (floor.mjs) in the product's shape, beside it for the whole mode: every
    // row's CPU figures include the floor's idle processes and the floor rows' the product's.
    if (opts.only.includes('floor')) {
      floor = await startFloor(mode, {
        nodeArgs: (name) => cpuProf(profileDir, name),
        work: { carrierUrl: product.carrierUrl, carrierUser: carrier.user, carrierPass: carrier.pass, databaseUrl: baseEnv.DATABASE_URL },
      });
      say(`${mode}: floor up at ${floor.url} (${Object.keys(floor.pids).join(', ')})`);
    }
    const pids = { ...product.pids, ...floor?.pids };
    say(`${mode}: up at ${product.url}; carrier simulator at ${product.carrierUrl}`);
    const common = { VUS: opts.vus, DURATION: opts.duration, SMOKE: opts.smoke ? '1' : '0', PIPELINE: opts.pipeline };
    const login = { BASE_URL: product.url, USERNAME: 'admin', PASSWORD: adminPassword };
    const k6Row = async (label, script, env) => {
      const file = path.join(tmp, `${mode}-${run}-${label.replace(/\W+/g, '_')}.json`);
      say(`${mode}: running ${label} (${script})`);
      const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
      const machine0 = machineBusyMs();
      const infra0 = infraSample();
      const code = await runK6(k6, script, { ...common, ...env, SUMMARY_FILE: file });
      const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid) - cpu0[k]]));
      const machineMs = machineBusyMs() - machine0;
      const infra = infraDelta(infra0, infraSample());
      if (!fs.existsSync(file)) {
        out.failures.push(`${label}: k6 wrote no summary (exit ${code})`);
        return undefined;
      }
      const f = { name: label, k6Exit: code, ...figures(file), cpu, infra, machineMs };
      if (code !== 0) out.failures.push(`${label}: k6 exited ${code} (threshold failed?)`);
      if (f.errors > 0 || f.lost > 0 || f.duplicates > 0 || f.lookups === 0)
        out.failures.push(
          `${label}: ${f.errors} errors, ${f.lost} lost (${f.lostOnClose} when their socket closed), ${f.duplicates} duplicates, ${f.lookups} answered`,
        );
      return f;
    };
    const closed = [
      {
        name: 'baseline',
        script: 'carrier-baseline.js',
        env: { CARRIER_URL: product.carrierUrl, CARRIER_USERNAME: carrier.user, CARRIER_PASSWORD: carrier.pass },
      },
      { name: 'healthz', script: 'healthz.js', env: { BASE_URL: product.url } },
      ...(floor ? FLOOR_ROWS(floor.url, { work: true }).map((r) => ({ ...r, name: `floor: ${r.name}`, only: 'floor' })) : []),
      { name: 'rest', script: 'lookup-rest.js', env: login },
      { name: 'socket', script: 'lookup-socket.js', env: login },
    ].filter((r) => opts.only.includes(r.only ?? r.name));
    // Unmeasured, before any row: the Kafka broker is a JVM and compiles its produce and fetch
    // paths only once socket lookups reach it. Cold, it spent 635 µs per socket lookup; after
    // 40 s of socket traffic 194, after 60 s 170 (load-tests/README.md). A running broker is warm.
    const socketS = seconds(opts.warmup);
    if (socketS > 0 && opts.only.some((r) => ['rest', 'socket', 'open', 'sockets'].includes(r))) {
      out.warmup = { socketS, restS: Math.min(10, socketS) };
      for (const [script, d] of [
        ['lookup-socket.js', out.warmup.socketS],
        ['lookup-rest.js', out.warmup.restS],
      ]) {
        say(`${mode}: warming up with ${script} for ${d}s (not measured)`);
        await runK6(k6, script, { ...common, ...login, DURATION: `${d}s`, SUMMARY_FILE: path.join(tmp, `${mode}-warmup.json`) });
      }
    }
    loadFrom = Date.now();
    for (const r of closed) {
      const f = await k6Row(r.name, r.script, r.env);
      if (f) out.closed.push(f);
    }
    if (opts.only.includes('open')) {
      const openS = seconds(opts.openDuration);
      for (const p of ['rest', 'socket']) {
        for (const rate of opts.rates) {
          // Socket: 50 connections sharing the rate (each every 50/rate s).
          const env = {
            ...login,
            RATE: String(rate),
            DURATION: opts.openDuration,
            ...(p === 'socket' ? { VUS: '10', SOCKETS: '50' } : {}),
          };
          const f = await k6Row(`${p}@${rate}/s`, `lookup-${p}.js`, env);
          if (f) out.open.push({ ...f, path: p, rate, answeredPerS: f.lookups / openS });
          if (f?.dropped > 0) out.failures.push(`${p}@${rate}/s: ${f.dropped} dropped`);
        }
      }
    }
    if (opts.only.includes('sockets')) {
      const interval = Number(opts.socketInterval);
      const durS = seconds(opts.openDuration);
      const rssBeforeKiB = rssKiB(product.realtimePid);
      let rssPeakKiB = rssBeforeKiB;
      const sampler = setInterval(() => (rssPeakKiB = Math.max(rssPeakKiB, rssKiB(product.realtimePid))), 250);
      const f = await k6Row(`${opts.sockets} sockets`, 'lookup-socket.js', {
        ...login,
        SOCKETS: String(opts.sockets),
        VUS: String(Math.min(50, opts.sockets)),
        RATE: String(opts.sockets / interval),
        DURATION: opts.openDuration,
      });
      clearInterval(sampler);
      if (f) {
        out.sockets.push({
          ...f,
          sockets: opts.sockets,
          answeredPerS: f.lookups / durS,
          rssBeforeKiB,
          rssPeakKiB,
          kibPerSocket: (rssPeakKiB - rssBeforeKiB) / opts.sockets,
        });
        if (f.connected < opts.sockets) out.failures.push(`${opts.sockets} sockets: only ${f.connected} connected`);
      }
    }
    if (opts.only.includes('outbox')) {
      say(`${mode}: outbox relay draining ${opts.outboxEvents} events (${client})`);
      out.loadOutbox = load();
      out.outbox = await outboxRow({
        databaseUrl: baseEnv.DATABASE_URL,
        brokers: baseEnv.KAFKA_BROKERS,
        topicPrefix,
        client,
        events: opts.outboxEvents,
      });
    }
  } finally {
    out.loadAfter = load();
    say(`${mode}: stopping…`);
    floor?.stop();
    const stopAt = Date.now();
    await product.stop().catch((e) => say(`stop: ${e}`));
    // A CPU profile ends at the process's exit: its last seconds are the load and the stop.
    if (loadFrom) out.profileSeconds = (Date.now() - loadFrom) / 1000;
    out.stopSeconds = (Date.now() - stopAt) / 1000;
  }
  return out;
}

/**
 * The Kafka clients side by side (--kafka-clients): each run's socket row (closed loop), CPU per
 * answered socket lookup of the processes on its path, and the outbox row; then each client's mean
 * against the first client's. The machine may be shared: compare runs close in time and load.
 */
function clientsTable(results) {
  const procs = ['gateway', 'realtime', 'lookup', 'embedded (all)'].filter((p) =>
    results.some((r) => r.closed.some((c) => c.cpu?.[p] !== undefined)),
  );
  const rowOf = (r) => {
    const s = r.closed.find((c) => c.name === 'socket');
    return {
      rps: s?.rps,
      p50: s?.p50,
      p95: s?.p95,
      us: Object.fromEntries(procs.map((p) => [p, s ? usPer(s, [p]) : NaN])),
      kafkaUs: s && s.lookups ? (s.infra.kafka * 1000) / s.lookups : NaN,
      outbox: r.outbox?.eventsPerS,
      outboxUs: r.outbox?.cpuUsPerEvent,
    };
  };
  const fmt = (x, d = 1) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(d));
  const head = [
    'run',
    'mode',
    'client',
    'load before',
    'socket req/s',
    'p50 ms',
    'p95 ms',
    ...procs.map((p) => `${p} µs`),
    'broker µs',
    'outbox events/s',
    'outbox µs/event',
  ];
  const body = results.map((r, i) => {
    const x = rowOf(r);
    return [
      String(i + 1),
      r.mode,
      r.client,
      r.loadBefore,
      fmt(x.rps),
      fmt(x.p50),
      fmt(x.p95),
      ...procs.map((p) => fmt(x.us[p], 0)),
      fmt(x.kafkaUs, 0),
      fmt(x.outbox, 0),
      fmt(x.outboxUs, 0),
    ];
  });
  const clients = [...new Set(results.map((r) => r.client))];
  const mean = (xs) => xs.filter((x) => x !== undefined && !Number.isNaN(x)).reduce((a, b, _, all) => a + b / all.length, 0);
  const means = Object.fromEntries(
    clients.map((c) => {
      const xs = results.filter((r) => r.client === c).map(rowOf);
      return [
        c,
        {
          rps: mean(xs.map((x) => x.rps)),
          p50: mean(xs.map((x) => x.p50)),
          p95: mean(xs.map((x) => x.p95)),
          us: Object.fromEntries(procs.map((p) => [p, mean(xs.map((x) => x.us[p]))])),
          kafkaUs: mean(xs.map((x) => x.kafkaUs)),
          outbox: mean(xs.map((x) => x.outbox)),
          outboxUs: mean(xs.map((x) => x.outboxUs)),
        },
      ];
    }),
  );
  const first = means[clients[0]];
  const vs = (a, b) => (a && b ? (a / b).toFixed(2) : '-');
  for (const c of clients) {
    const m = means[c];
    body.push([
      `mean`,
      '',
      c,
      '',
      fmt(m.rps),
      fmt(m.p50),
      fmt(m.p95),
      ...procs.map((p) => fmt(m.us[p], 0)),
      fmt(m.kafkaUs, 0),
      fmt(m.outbox, 0),
      fmt(m.outboxUs, 0),
    ]);
    if (c !== clients[0])
      body.push([
        `${c} / ${clients[0]}`,
        '',
        '',
        '',
        vs(m.rps, first.rps),
        vs(m.p50, first.p50),
        vs(m.p95, first.p95),
        ...procs.map((p) => vs(m.us[p], first.us[p])),
        vs(m.kafkaUs, first.kafkaUs),
        vs(m.outbox, first.outbox),
        vs(m.outboxUs, first.outboxUs),
      ]);
  }
  return `Kafka clients: the socket row (closed loop) and CPU µs per answered socket lookup by process; the outbox row (this process's CPU per event)\n\n${render(head, body)}`;
}

function report(res, opts) {
  const lines = [];
  lines.push(`\n== mode ${MODES[res.mode]}; Kafka client ${res.client}`);
  lines.push(
    `   ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}); load average before ${res.loadBefore}, after ${res.loadAfter}; carrier simulator at zero latency${res.warmup ? `; ${res.warmup.socketS} s of socket and ${res.warmup.restS} s of REST lookups before the rows, not measured (--warmup)` : ''}\n`,
  );
  if (res.closed.length)
    lines.push(
      `Closed loop: ${opts.vus} VUs × ${opts.duration} per row (pipeline ${opts.pipeline} per socket)\n\n${closedTable(res.closed)}\n`,
    );
  const vsFloor = floorTable(res.closed, res.mode);
  if (vsFloor)
    lines.push(
      `Against the libraries' floor (floor.mjs, ${res.mode === 'embedded' ? 'front + echo in one process' : 'front and echo processes'}; the targets are for process mode). 'ceiling vs floor': the req/s ratio the row would reach if its path's processes cost exactly the floor's, from the machine's busy time per answer (the CPU table below)\n\n${vsFloor}\n`,
    );
  const vsWork = floorTable(res.closed, res.mode, FLOOR_WORK, FLOOR_WORK_TARGETS);
  if (vsWork)
    lines.push(
      `Against the floor that does the same work ('${WORK_ROW}': the echo makes one undici request to the carrier simulator and one pg INSERT of a log row per call, no batching; targets for process mode, warm broker)\n\n${vsWork}\n`,
    );
  if (res.open.length)
    lines.push(
      `Open model: constant arrival rate, ${opts.openDuration} per row (socket: 50 connections sharing the rate)\n\n${openTable(res.open)}\n`,
    );
  const all = [...res.closed, ...res.open, ...res.sockets].filter((r) => r.cpu && r.name !== 'baseline');
  if (all.length)
    lines.push(
      `CPU per answered request (user + system time of each process during the row, /proc; k6, postgres (every backend), redis and kafka (the broker's JVM) are what the row runs beside the product; 'rest of machine' = the whole machine's busy time (/proc/stat) less all of those: the kernel's own work and anything else)\n\n${cpuTable(all)}\n`,
    );
  if (res.outbox)
    lines.push(
      `Outbox relay (this process, load average ${res.loadOutbox}): ${res.outbox.events} events on Kafka in ${res.outbox.seconds.toFixed(2)} s = ${res.outbox.eventsPerS.toFixed(0)} events/s, ${res.outbox.cpuUsPerEvent.toFixed(0)} µs of CPU per event\n`,
    );
  if (res.sockets.length)
    lines.push(
      `Many sockets: each looks up every ${opts.socketInterval} s for ${opts.openDuration}; RSS of the ${res.mode === 'process' ? 'realtime process' : 'whole embedded process'}\n\n${socketsTable(res.sockets)}\n`,
    );
  return lines.join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const k6 = installK6();
  say(`k6: ${k6}; modes: ${opts.modes.join(', ')}; rows: ${opts.only.join(', ')}`);
  const { startInfra } = await import('../scripts/infra/index.ts');
  const infra = await startInfra({ log: (m) => say(m) });
  let db;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-bench-'));
  const stop = async () => {
    await db?.drop().catch((e) => say(`drop database: ${e}`));
    await infra.stop().catch((e) => say(`infra stop: ${e}`));
    // The product's logs are kept when anything went wrong, failing run or not (a lost reply is
    // only reported outside --smoke): k6 names the lost request ids, the logs say what became of them.
    if (exit === 0 && !results.some((r) => r.failures.length)) fs.rmSync(tmp, { recursive: true, force: true });
    else say(`logs kept in ${tmp}`);
  };
  process.once('SIGINT', () => stop().then(() => process.exit(130)));
  let exit = 0;
  const results = [];
  try {
    // A database of its own (others' data, and their administrator's password, stay theirs).
    db = await ownDatabase(infra.env.DATABASE_URL);
    const adminPassword = `Bench-${randomBytes(6).toString('hex')}`;
    const carrier = { user: 'bench-carrier', pass: `c-${randomBytes(6).toString('hex')}` };
    const baseEnv = {
      ...process.env,
      ...infra.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
      CSKH_ADMIN_PASSWORD: adminPassword,
      CARRIER_LATENCY_MS: '0',
      CARRIER_JITTER_MS: '0',
      CARRIER_ERROR_RATE: '0',
      CARRIER_TIMEOUT_RATE: '0',
      CARRIER_USERNAME: carrier.user,
      CARRIER_PASSWORD: carrier.pass,
      MIGRATE_ON_START: 'true',
      SOCKET_ADAPTER_KEY: `bench-${randomBytes(3).toString('hex')}`,
    };
    delete baseEnv.METRICS_PORT;
    for (const mode of opts.modes)
      for (const [run, client] of opts.kafkaClients.entries()) {
        const res = await runMode(mode, { opts, k6, baseEnv, carrier, adminPassword, tmp, client, run });
        results.push(res);
        process.stdout.write(report(res, opts));
        if (res.failures.length) {
          say(`${mode}: ${res.failures.join('; ')}`);
          if (opts.smoke) exit = 1;
        }
        // A reply lost or shown twice fails any run, not only --smoke: k6 printed each lost request id
        // and why (its socket closed, or the reply never came before the wait's end), the kept logs
        // say what the product did with it.
        if ([...res.closed, ...res.open, ...res.sockets].some((r) => r.lost > 0 || r.duplicates > 0)) exit = 1;
        if (res.closed.length + res.open.length + res.sockets.length === 0 && !res.outbox) exit = 1;
      }
    if (opts.kafkaClients.length > 1) process.stdout.write(`\n${clientsTable(results)}\n`);
    if (opts.profile) {
      const { summarize } = await import('./profile-top.ts');
      const proc = results.find((r) => r.mode === 'process');
      const requests = [...proc.closed, ...proc.open, ...proc.sockets]
        .filter((r) => r.name !== 'baseline' && r.name !== 'healthz' && !r.name.startsWith('floor'))
        .reduce((n, r) => n + r.lookups, 0);
      for (const name of ['gateway', 'lookup', 'realtime']) {
        const dir = path.join(path.resolve(opts.profile), name);
        if (fs.existsSync(dir))
          process.stdout.write(`\n${summarize(dir, { requests, top: 25, title: name, lastSeconds: proc.profileSeconds })}\n`);
      }
      // The floor's processes, per call of its express + grpc row: what the same libraries cost with none of our code.
      const floorCalls = proc.closed.find((r) => r.name === 'floor: express + grpc')?.lookups ?? 0;
      for (const name of ['front', 'echo']) {
        const dir = path.join(path.resolve(opts.profile), name);
        if (floorCalls && fs.existsSync(dir))
          process.stdout.write(
            `\n${summarize(dir, { requests: floorCalls, top: 25, title: `floor ${name}`, lastSeconds: proc.profileSeconds })}\n`,
          );
      }
    }
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ opts, results }, null, 2));
  } catch (err) {
    say(`failed: ${err?.stack ?? err}`);
    exit = 1;
  } finally {
    await stop();
  }
  process.exit(exit);
}

main();
