#!/usr/bin/env node
// `npm run bench:lookup` (= scripts/prepare.mjs, then `tsx load-tests/bench.ts`): lookup
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
//     floor     the libraries' floor of floor.ts, started beside the product in the
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
import { cpuSince, infraDelta, infraSample, machineBusyMs, figures, installK6, runK6, loadAverage, statusKiB } from './api';
import { BenchOptions, Mode, MODES, parseBenchArgs } from './bench-options';
import { clientsTable, ModeResult, report, Row } from './bench-report';
import { runToExit, sayAs, seconds } from './cli';
import { FLOOR_ROWS, startFloor } from './floor';
import { outboxRow } from './outbox';
import { summarize } from './profile-top';
import { ownDatabase, productEnv, runPassword } from './product';
import type { KafkaClientName } from '@cskh/kit/messaging';
import { startComponents } from '../scripts/chaos/procs';
import { startInfra } from '../scripts/infra/index';
import { startStack } from '../scripts/stack';

const say = sayAs('bench');
const load = loadAverage;

/** Node options that write a CPU profile of process `name` into profileDir/name (none without a profileDir). */
const cpuProf = (profileDir: string | undefined, name: string) =>
  profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${path.join(profileDir, name)}`] : [];

interface Product {
  url: string;
  carrierUrl: string;
  realtimePid: number;
  pids: Record<string, number>;
  stop: () => Promise<void>;
}

/** Starts the product in `mode`: one process (as `npm start`), or one process per component (as Kubernetes). */
async function startProduct(
  mode: Mode,
  env: NodeJS.ProcessEnv,
  { logDir, profileDir }: { logDir: string; profileDir?: string },
): Promise<Product> {
  if (mode === 'embedded') {
    const stack = await startStack({ env });
    return {
      url: stack.url,
      carrierUrl: `http://127.0.0.1:${stack.services['carrier-sim']}`,
      realtimePid: process.pid,
      pids: { 'embedded (all)': process.pid },
      stop: () => stack.stop(),
    };
  }
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
  // A started component has a pid; 0 (no such process) reads as no CPU.
  const pid = (c: { pid?: number } | undefined) => c?.pid ?? 0;
  return {
    url: stack.url,
    carrierUrl: stack.env.CARRIER_URL ?? '',
    realtimePid: pid(stack.realtime[0]),
    pids: {
      gateway: pid(stack.gateway),
      lookup: pid(stack.lookup),
      realtime: pid(stack.realtime[0]),
      auth: pid(stack.auth),
      'carrier-sim': pid(stack.carrier),
    },
    stop: () => stack.stop(),
  };
}

interface ModeContext {
  opts: BenchOptions;
  k6: string;
  baseEnv: NodeJS.ProcessEnv;
  carrier: { user: string; pass: string };
  adminPassword: string;
  tmp: string;
  client: KafkaClientName;
  run: number;
}

/** A closed-loop row before it runs: its k6 script and environment (`only`: the row name of --only it belongs to). */
interface ClosedRow {
  name: string;
  script: string;
  env: Record<string, string | undefined>;
  only?: string;
}

async function runMode(mode: Mode, { opts, k6, baseEnv, carrier, adminPassword, tmp, client, run }: ModeContext): Promise<ModeResult> {
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
  const out: ModeResult = { mode, client, closed: [], open: [], sockets: [], loadBefore, failures: [] };
  let loadFrom = 0;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    // The libraries' floor (floor.ts) in the product's shape, beside it for the whole mode: every
    // row's CPU figures include the floor's idle processes and the floor rows' the product's.
    if (opts.only.includes('floor')) {
      floor = await startFloor(mode, {
        nodeArgs: (name) => cpuProf(profileDir, name),
        work: {
          carrierUrl: product.carrierUrl,
          carrierUser: carrier.user,
          carrierPass: carrier.pass,
          databaseUrl: baseEnv.DATABASE_URL ?? '',
        },
      });
      say(`${mode}: floor up at ${floor.url} (${Object.keys(floor.pids).join(', ')})`);
    }
    const pids = { ...product.pids, ...floor?.pids };
    say(`${mode}: up at ${product.url}; carrier simulator at ${product.carrierUrl}`);
    const common = { VUS: opts.vus, DURATION: opts.duration, SMOKE: opts.smoke ? '1' : '0', PIPELINE: opts.pipeline };
    const login = { BASE_URL: product.url, USERNAME: 'admin', PASSWORD: adminPassword };
    const k6Row = async (label: string, script: string, env: Record<string, string | undefined>): Promise<Row | undefined> => {
      const file = path.join(tmp, `${mode}-${run}-${label.replace(/\W+/g, '_')}.json`);
      say(`${mode}: running ${label} (${script})`);
      const cpuOfRow = cpuSince(pids);
      const machine0 = machineBusyMs();
      const infra0 = infraSample();
      const code = await runK6(k6, script, { ...common, ...env, SUMMARY_FILE: file });
      const cpu = cpuOfRow();
      const machineMs = machineBusyMs() - machine0;
      const infra = infraDelta(infra0, infraSample());
      if (!fs.existsSync(file)) {
        out.failures.push(`${label}: k6 wrote no summary (exit ${code})`);
        return undefined;
      }
      const f: Row = { name: label, k6Exit: code, ...figures(file), cpu, infra, machineMs };
      if (code !== 0) out.failures.push(`${label}: k6 exited ${code} (threshold failed?)`);
      if (f.errors > 0 || f.lost > 0 || f.duplicates > 0 || f.lookups === 0)
        out.failures.push(
          `${label}: ${f.errors} errors, ${f.lost} lost (${f.lostOnClose} when their socket closed), ${f.duplicates} duplicates, ${f.lookups} answered`,
        );
      return f;
    };
    const closed: ClosedRow[] = [
      {
        name: 'baseline',
        script: 'carrier-baseline.js',
        env: { CARRIER_URL: product.carrierUrl, CARRIER_USERNAME: carrier.user, CARRIER_PASSWORD: carrier.pass },
      },
      { name: 'healthz', script: 'healthz.js', env: { BASE_URL: product.url } },
      ...(floor ? FLOOR_ROWS(floor.url, { work: true }).map((r) => ({ ...r, name: `floor: ${r.name}`, only: 'floor' })) : []),
      { name: 'rest', script: 'lookup-rest.js', env: login },
      { name: 'socket', script: 'lookup-socket.js', env: login },
    ];
    // Unmeasured, before any row: the Kafka broker is a JVM and compiles its produce and fetch
    // paths only once socket lookups reach it. Cold, it spent 635 µs per socket lookup; after
    // 40 s of socket traffic 194, after 60 s 170 (load-tests/README.md). A running broker is warm.
    const socketS = seconds(opts.warmup);
    if (socketS > 0 && opts.only.some((r) => ['rest', 'socket', 'open', 'sockets'].includes(r))) {
      out.warmup = { socketS, restS: Math.min(10, socketS) };
      for (const [script, d] of [
        ['lookup-socket.js', out.warmup.socketS],
        ['lookup-rest.js', out.warmup.restS],
      ] as const) {
        say(`${mode}: warming up with ${script} for ${d}s (not measured)`);
        await runK6(k6, script, { ...common, ...login, DURATION: `${d}s`, SUMMARY_FILE: path.join(tmp, `${mode}-warmup.json`) });
      }
    }
    loadFrom = Date.now();
    for (const r of closed.filter((c) => (opts.only as string[]).includes(c.only ?? c.name))) {
      const f = await k6Row(r.name, r.script, r.env);
      if (f) out.closed.push(f);
    }
    if (opts.only.includes('open')) {
      const openS = seconds(opts.openDuration);
      for (const p of ['rest', 'socket'] as const) {
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
          if (f && f.dropped > 0) out.failures.push(`${p}@${rate}/s: ${f.dropped} dropped`);
        }
      }
    }
    if (opts.only.includes('sockets'))
      await socketsRow(product.realtimePid, opts, (env) => k6Row(`${opts.sockets} sockets`, 'lookup-socket.js', { ...login, ...env }), out);
    if (opts.only.includes('outbox')) {
      say(`${mode}: outbox relay draining ${opts.outboxEvents} events (${client})`);
      out.loadOutbox = load();
      out.outbox = await outboxRow({
        databaseUrl: baseEnv.DATABASE_URL ?? '',
        brokers: baseEnv.KAFKA_BROKERS ?? '',
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
    await product.stop().catch((e: unknown) => say(`stop: ${String(e)}`));
    // A CPU profile ends at the process's exit: its last seconds are the load and the stop.
    if (loadFrom) out.profileSeconds = (Date.now() - loadFrom) / 1000;
    out.stopSeconds = (Date.now() - stopAt) / 1000;
  }
  return out;
}

/** The many-sockets row: --sockets connections, each looking up every --socket-interval s, and the realtime process's RSS. */
async function socketsRow(
  realtimePid: number,
  opts: BenchOptions,
  socketRow: (env: Record<string, string>) => Promise<Row | undefined>,
  out: ModeResult,
): Promise<void> {
  const interval = Number(opts.socketInterval);
  const durS = seconds(opts.openDuration);
  const rssBeforeKiB = statusKiB(realtimePid, 'VmRSS');
  let rssPeakKiB = rssBeforeKiB;
  const sampler = setInterval(() => (rssPeakKiB = Math.max(rssPeakKiB, statusKiB(realtimePid, 'VmRSS'))), 250);
  const f = await socketRow({
    SOCKETS: String(opts.sockets),
    VUS: String(Math.min(50, opts.sockets)),
    RATE: String(opts.sockets / interval),
    DURATION: opts.openDuration,
  });
  clearInterval(sampler);
  if (!f) return;
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

/** Top self-time costs of the --profile profiles: the product's processes per lookup, the floor's per call. */
async function printProfiles(profile: string, proc: ModeResult): Promise<void> {
  const requests = [...proc.closed, ...proc.open, ...proc.sockets]
    .filter((r) => r.name !== 'baseline' && r.name !== 'healthz' && !r.name.startsWith('floor'))
    .reduce((n, r) => n + r.lookups, 0);
  for (const name of ['gateway', 'lookup', 'realtime']) {
    const dir = path.join(path.resolve(profile), name);
    if (fs.existsSync(dir))
      process.stdout.write(`\n${summarize(dir, { requests, top: 25, title: name, lastSeconds: proc.profileSeconds })}\n`);
  }
  // The floor's processes, per call of its express + grpc row: what the same libraries cost with none of our code.
  const floorCalls = proc.closed.find((r) => r.name === 'floor: express + grpc')?.lookups ?? 0;
  for (const name of ['front', 'echo']) {
    const dir = path.join(path.resolve(profile), name);
    if (floorCalls && fs.existsSync(dir))
      process.stdout.write(
        `\n${summarize(dir, { requests: floorCalls, top: 25, title: `floor ${name}`, lastSeconds: proc.profileSeconds })}\n`,
      );
  }
}

async function main() {
  const opts = parseBenchArgs(process.argv.slice(2));
  if (opts.kafkaClients.includes('confluent')) {
    // The librdkafka client is not a dependency: built on first use (scripts/setup.mjs).
    const { ensureConfluentKafka } = await import('../scripts/setup.mjs');
    if (!ensureConfluentKafka()) throw new Error('@confluentinc/kafka-javascript could not be built');
  }
  const k6 = installK6();
  say(`k6: ${k6}; modes: ${opts.modes.join(', ')}; rows: ${opts.only.join(', ')}`);
  const infra = await startInfra({ log: (m) => say(m) });
  let db: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-bench-'));
  const results: ModeResult[] = [];
  const stop = async (exit: number) => {
    await db?.drop().catch((e: unknown) => say(`drop database: ${String(e)}`));
    await infra.stop().catch((e: unknown) => say(`infra stop: ${String(e)}`));
    // The product's logs are kept when anything went wrong, failing run or not (a lost reply is
    // only reported outside --smoke): k6 names the lost request ids, the logs say what became of them.
    if (exit === 0 && !results.some((r) => r.failures.length)) fs.rmSync(tmp, { recursive: true, force: true });
    else say(`logs kept in ${tmp}`);
  };
  process.once('SIGINT', () => void stop(0).then(() => process.exit(130)));
  await runToExit(
    say,
    async () => {
      let exit = 0;
      // A database of its own (others' data, and their administrator's password, stay theirs).
      db = await ownDatabase(infra.env.DATABASE_URL ?? '');
      const adminPassword = runPassword('Bench');
      const carrier = { user: 'bench-carrier', pass: `c-${randomBytes(6).toString('hex')}` };
      const baseEnv = productEnv(infra.env, adminPassword, {
        DATABASE_URL: db.url,
        CARRIER_LATENCY_MS: '0',
        CARRIER_JITTER_MS: '0',
        CARRIER_ERROR_RATE: '0',
        CARRIER_TIMEOUT_RATE: '0',
        CARRIER_USERNAME: carrier.user,
        CARRIER_PASSWORD: carrier.pass,
        SOCKET_ADAPTER_KEY: `bench-${randomBytes(3).toString('hex')}`,
      });
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
      const processRun = results.find((r) => r.mode === 'process');
      if (opts.profile && processRun) await printProfiles(opts.profile, processRun);
      if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ opts, results }, null, 2));
      return exit;
    },
    stop,
  );
}

void main();
